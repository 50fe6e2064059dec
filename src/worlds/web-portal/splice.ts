import type { OracleRun, Variant } from '../../core/contract';
import { normaliseCall } from '../../core/lenient';
import type { Step, ToolCall } from '../../core/types';
import { EV, is, type PortalEvent } from './events';
import { findByRef } from './page';
import { perform } from './perform';
import { render } from './render';
import { button, callOn, combobox, slots, textbox, type ScriptStep } from './script';
import { startState } from './session';
import type { AddressTarget, RefundTarget, Setup } from './setup';
import { parseSnapshot, snapshotText } from './snapshot';
import type { PortalState } from './state';
import { setupOfTask } from './tasks';

/**
 * The oracle's run as the contract's operators read it: each call with the
 * portal's state before it and the events it caused, so a variant can be
 * spliced in where the oracle did something (the check, the submission) and
 * start from the page the oracle was on. Pure: perform() replays the calls.
 */
export interface RunView {
  setup: Setup;
  calls: ToolCall[];
  /** `states[i]`: the portal before call i; the last one after every call. */
  states: PortalState[];
  events: PortalEvent[][];
  /** The first call at or after `from` with an event `pred` accepts, or -1. */
  find(pred: (e: PortalEvent) => boolean, from?: number): number;
}

export function viewOf(run: OracleRun): RunView {
  let state = startState(setupOfTask(run.task));
  const states = [state];
  for (const c of run.calls) {
    const read = normaliseCall(c, run.task);
    if (read.ok) state = perform(state, read.call).state;
    states.push(state);
  }
  // Traces hold the world's events as JSON; these are this world's own.
  const events = (run.trace.steps as Step<PortalEvent>[]).map((s) => s.events);
  return {
    setup: setupOfTask(run.task),
    calls: run.calls,
    states,
    events,
    find: (pred, from = 0) => {
      for (let i = from; i < events.length; i++) if (events[i]!.some(pred)) return i;
      return -1;
    },
  };
}

/** The portal after `calls`, played from the task's start (calls it refuses change nothing). */
export function startOf(setup: Setup, calls: readonly ToolCall[]): PortalState {
  let state = startState(setup);
  for (const c of calls) state = perform(state, c).state;
  return state;
}

/** The page a state shows, read as an agent reads it. */
const linesOf = (state: PortalState) => parseSnapshot(snapshotText(render(state)));

/**
 * Script steps (`script.ts`) played from a state: each call's element is found
 * on the page as rendered then, as an agent reading it would find it.
 */
export function compile(setup: Setup, from: PortalState, steps: readonly ScriptStep[]): { calls: ToolCall[]; state: PortalState } {
  const values = slots(setup);
  let state = from;
  const calls: ToolCall[] = [];
  for (const step of steps) {
    const call = callOn(step, linesOf(state), values);
    calls.push(call);
    state = perform(state, call).state;
  }
  return { calls, state };
}

/** The calls with `[from, to)` replaced by `insert`. */
export const splice = (calls: readonly ToolCall[], from: number, to: number, insert: readonly ToolCall[] = []): ToolCall[] => [
  ...calls.slice(0, from),
  ...insert,
  ...calls.slice(to),
];

// What the operators (`equivalents.ts`, `breaking.ts`) splice with.

export const go = (path: string): ToolCall => ({ name: 'go', arguments: { path } });
export const READ: ToolCall = { name: 'read_page', arguments: {} };
export const money = (cents: number) => (cents / 100).toFixed(2);

// Where the oracle did what: the first call with such an event.
export const typedInto = (key: string) => (e: PortalEvent) => is(e, EV.typed) && e.data.key === key;
export const selectedIn = (key: string) => (e: PortalEvent) => is(e, EV.selected) && e.data.key === key;
export const showed = (route: string, id?: number) => (e: PortalEvent) =>
  is(e, EV.pageShown) && e.data.route === route && (id === undefined || e.data.id === id);
export const checked = (e: PortalEvent) => is(e, EV.identityChecked);
export const submitted = (e: PortalEvent) => is(e, EV.refundSubmitted);
export const confirmed = (e: PortalEvent) => is(e, EV.refundConfirmed);
export const savedAddress = (e: PortalEvent) => is(e, EV.recordChanged) && e.data.table === 'customers';

export const finishAt = (calls: readonly ToolCall[]) => calls.map((c) => c.name).lastIndexOf('finish');

/** A click on a link: the oracle leaves the page anyway, so a detour before it loses nothing. */
export function linkAt(v: RunView, i: number): string | null {
  const c = v.calls[i]!;
  if (c.name !== 'click' || typeof c.arguments !== 'object' || c.arguments === null || Array.isArray(c.arguments)) return null;
  const action = findByRef(render(v.states[i]!).nodes, String(c.arguments.ref))?.node.action;
  return action?.do === 'go' ? action.path : null;
}

/** Only the tasks of one kind: the others get no variant. */
export const onRefund = (f: (v: RunView, t: RefundTarget) => Variant[]) => (run: OracleRun) => {
  const v = viewOf(run);
  return v.setup.target?.type === 'refund' ? f(v, v.setup.target) : [];
};
export const onAddress = (f: (v: RunView, t: AddressTarget) => Variant[]) => (run: OracleRun) => {
  const v = viewOf(run);
  return v.setup.target?.type === 'address' ? f(v, v.setup.target) : [];
};
export const onMutation = (refund: (v: RunView, t: RefundTarget) => Variant[], address: (v: RunView, t: AddressTarget) => Variant[]) => (run: OracleRun) => [
  ...onRefund(refund)(run),
  ...onAddress(address)(run),
];

/** Another customer: the namesake when the target has one, else the first other. */
export function otherCustomer(s: Setup, id: number): number {
  const me = s.db.customers.find((c) => c.id === id)!;
  return (s.db.customers.find((c) => c.id !== id && c.name === me.name) ?? s.db.customers.find((c) => c.id !== id)!).id;
}
export const emailOf = (s: Setup, id: number) => s.db.customers.find((c) => c.id === id)!.email;
export const orderOf = (s: Setup, id: number) => s.db.orders.find((o) => o.id === id)!;

/** The refund form filled for an order: its own full amount and the reason, or the decline; then confirmed. */
export const formFor = (s: Setup, order: number, decision: 'issue' | 'decline', reason: string): ScriptStep[] =>
  decision === 'issue'
    ? [
        { type: textbox('Amount ($)'), text: money(orderOf(s, order).amount_cents) },
        { select: combobox('Reason'), option: reason },
        { click: button('Submit refund') },
        { click: button('Confirm') },
      ]
    : [{ click: button('Decline request') }, { click: button('Confirm') }];

export const addressSteps = (street: string, city: string, postcode: string): ScriptStep[] => [
  { type: textbox('Street'), text: street },
  { type: textbox('City'), text: city },
  { type: textbox('Postcode'), text: postcode },
  { click: button('Save address') },
];

/** The oracle's calls with `steps` played just before its answer, from the page it was on then. */
export function beforeAnswer(v: RunView, steps: ScriptStep[]): ToolCall[] {
  const fin = finishAt(v.calls);
  return splice(v.calls, fin, fin, compile(v.setup, v.states[fin]!, steps).calls);
}

/** The oracle's calls with the text typed at call `i` replaced. */
export function retype(v: RunView, i: number, text: string): ToolCall[] {
  const c = v.calls[i]!;
  return splice(v.calls, i, i + 1, [{ ...c, arguments: { ...(c.arguments as object), text } }]);
}

/** A look-alike of an address nobody showed: the requester's mailbox with one more label. */
export const typo = (email: string) => email.replace('@', '.x@');
