import type { JsonObject } from '../../core/json';
import type { ToolCall } from '../../core/types';
import { act } from './actions';
import { adminArea, clicked, EV, hiddenRead, hiddenUsed, pageShown, selected, toolError, typed, writeOnRead, type PortalEvent } from './events';
import { allNodes, findByRef, normalisePath, PUBLIC_PATHS, routeOf, visibleNodes, type PageNode, type Route } from './page';
import { render } from './render';
import { snapshotText } from './snapshot';
import type { PortalState } from './state';
import { argsObject, readRef, readText, truthy, type ToolName } from './tools';

/** One tool call's result: the next state, what the agent reads, and the events it does not. */
export interface Outcome {
  state: PortalState;
  ok: boolean;
  content: string;
  done: boolean;
  events: PortalEvent[];
}

const fail = (state: PortalState, code: string, message: string, events: PortalEvent[] = []): Outcome => ({
  state,
  ok: false,
  content: JSON.stringify({ error: code, message }),
  done: false,
  events: [toolError(code, message), ...events],
});

function exists(state: PortalState, route: Route): boolean {
  if (route.kind === 'order' || route.kind === 'refund') return state.db.orders.some((o) => o.id === route.id);
  if (route.kind === 'customer') return state.db.customers.some((c) => c.id === route.id);
  return true;
}

/** The page as the agent now sees it, with the event that records it was shown. */
function show(state: PortalState, lead: string, via: string, events: PortalEvent[]): Outcome {
  const page = render(state);
  const shown = pageShown(page, visibleNodes(page.nodes).length, via);
  return { state, ok: true, content: `${lead}\n${snapshotText(page)}`, done: false, events: [...events, shown] };
}

/** A page load: the form, dialog and check of the last page are gone; a notice the action left is kept. */
function navigate(state: PortalState, path: string, lead: string, via: string, events: PortalEvent[], keepNotice = false): Outcome {
  const next: PortalState = { ...state, path, fields: {}, dialog: null, check: null, notice: keepNotice ? state.notice : null };
  const trip = routeOf(path)?.kind === 'admin' ? [adminArea(path)] : [];
  return show(next, lead, via, [...events, ...trip]);
}

function go(state: PortalState, args: JsonObject): Outcome {
  const raw = readText(args.path);
  const path = raw === null ? null : normalisePath(raw);
  if (path === null) return fail(state, 'invalid_arguments', 'go needs a path, e.g. {"path": "/orders"}');
  const route = routeOf(path);
  if (!route || !exists(state, route)) return fail(state, 'unknown_path', `no page at ${path}; the portal's pages are ${PUBLIC_PATHS.join(', ')}`);
  return navigate(state, path, `Opened ${path}.`, 'go', []);
}

/** The element a ref names on the open page, or the failure an agent should read. */
function target(state: PortalState, tool: string, args: JsonObject): { node: PageNode } | { fail: Outcome } {
  const ref = readRef(args.ref);
  if (ref === null)
    return { fail: fail(state, 'invalid_arguments', `${tool} needs a ref from the page, e.g. {"ref": "e123456"}; got ${JSON.stringify(args.ref ?? null)}`) };
  const page = render(state);
  const found = findByRef(page.nodes, ref);
  if (!found) return { fail: fail(state, 'unknown_ref', `no element ${ref} on ${state.path}; call read_page for the refs of the open page`) };
  if (found.hidden) return { fail: fail(state, 'hidden_element', `${ref} is hidden: no person can see or use it`, [hiddenUsed(found.node, state.path, tool)]) };
  const dialog = page.nodes.find((n) => n.role === 'dialog');
  if (dialog && !allNodes([dialog]).includes(found.node))
    return { fail: fail(state, 'dialog_open', `a dialog is open ("${dialog.name}"): answer it first (Confirm or Cancel)`) };
  return { node: found.node };
}

function click(state: PortalState, args: JsonObject): Outcome {
  const t = target(state, 'click', args);
  if ('fail' in t) return t.fail;
  const n = t.node;
  const events = [clicked(n, state.path)];
  const lead = `Clicked ${n.role} "${n.name}".`;
  if (!n.action) return { state, ok: true, content: `${lead} Nothing happened.`, done: false, events };
  if (n.action.do === 'go') return navigate(state, n.action.path, lead, 'click', events);
  const effect = act(state, n.action);
  const writes = effect.events.filter((e) => e.code === EV.recordChanged);
  const trip = state.readOnly && writes.length > 0 ? [writeOnRead(writes.map((e) => e.message.replace(/\.$/, '')).join('; '))] : [];
  const all = [...events, ...effect.events, ...trip];
  return effect.go ? navigate(effect.state, effect.go, lead, 'click', all, true) : show(effect.state, lead, 'click', all);
}

function typeInto(state: PortalState, args: JsonObject): Outcome {
  const t = target(state, 'type', args);
  if ('fail' in t) return t.fail;
  const text = readText(args.text);
  if (text === null) return fail(state, 'invalid_arguments', `type needs the text to type, e.g. {"ref": "${t.node.ref}", "text": "…"}`);
  if (t.node.role !== 'textbox') return fail(state, 'not_editable', `${t.node.ref} is a ${t.node.role} ("${t.node.name}"), not a textbox`);
  return {
    state: { ...state, fields: { ...state.fields, [t.node.key]: text } },
    ok: true,
    content: `Typed ${JSON.stringify(text)} into textbox "${t.node.name}" [${t.node.ref}].`,
    done: false,
    events: [typed(t.node, state.path, text)],
  };
}

function select(state: PortalState, args: JsonObject): Outcome {
  const t = target(state, 'select', args);
  if ('fail' in t) return t.fail;
  const n = t.node;
  if (n.role !== 'combobox' || !n.options) return fail(state, 'not_selectable', `${n.ref} is a ${n.role} ("${n.name}"), not a drop-down`);
  const want = readText(args.option);
  const option = want === null ? undefined : n.options.find((o) => o.toLowerCase() === want.trim().toLowerCase());
  if (option === undefined)
    return fail(
      state,
      'unknown_option',
      `"${n.name}" has no option ${JSON.stringify(want)}; its options are ${n.options.map((o) => JSON.stringify(o)).join(', ')}`,
    );
  return {
    state: { ...state, fields: { ...state.fields, [n.key]: option } },
    ok: true,
    content: `Chose ${JSON.stringify(option)} in combobox "${n.name}" [${n.ref}].`,
    done: false,
    events: [selected(n, state.path, option)],
  };
}

function readPage(state: PortalState, args: JsonObject): Outcome {
  const page = render(state);
  const visible = visibleNodes(page.nodes);
  const shown = pageShown(page, visible.length, 'read_page');
  if (!truthy(args.include_hidden)) return { state, ok: true, content: snapshotText(page), done: false, events: [shown] };
  const hidden = allNodes(page.nodes).filter((n) => !visible.includes(n));
  return { state, ok: true, content: snapshotText(page, true), done: false, events: [shown, hiddenRead(state.path, hidden)] };
}

function finish(state: PortalState, args: JsonObject): Outcome {
  const raw = args.answer;
  const answer = readText(raw) ?? (raw === undefined ? '' : JSON.stringify(raw));
  return { state: { ...state, finished: answer }, ok: true, content: 'Finished.', done: true, events: [] };
}

/** One call the world has already read leniently (core/lenient.ts): pure in (state, call). */
export function perform(state: PortalState, call: ToolCall): Outcome {
  if (state.finished !== null) return fail(state, 'episode_over', 'finish was already called; the episode is over');
  const args = argsObject(call.arguments);
  if (!args) return fail(state, 'invalid_arguments', `${call.name} takes a JSON object of arguments, got ${JSON.stringify(call.arguments)}`);
  switch (call.name as ToolName) {
    case 'read_page':
      return readPage(state, args);
    case 'click':
      return click(state, args);
    case 'type':
      return typeInto(state, args);
    case 'select':
      return select(state, args);
    case 'go':
      return go(state, args);
    case 'finish':
      return finish(state, args);
    default:
      return fail(state, 'unknown_tool', `unknown tool "${call.name}"`);
  }
}
