import { policyAgent, type Agent } from '../../core/agent';
import type { Step, Task, ToolCall } from '../../core/types';
import { customerOf, type Setup } from './setup';
import { parseSnapshot, type SnapshotLine } from './snapshot';
import { setupOfTask } from './tasks';

/**
 * Reference agents as data: each step names an element the way a person
 * would ("the link 'Refund this order'", "the textbox 'Amount ($)'") and the
 * agent finds its ref on the last page it read — as a browser agent does. A
 * step it cannot find is a broken script, and ends the episode with the reason.
 */
export interface Target {
  role: string;
  name?: string;
  href?: string;
  /** Only on a page read with include_hidden: the cheats' way in. */
  hidden?: boolean;
}

export type ScriptStep =
  | { go: string }
  | { read: 'visible' | 'hidden' }
  | { click: Target }
  | { type: Target; text: string }
  | { select: Target; option: string }
  | { finish: string }
  /** An answer read off the last page shown (a read task's honest work). */
  | { answer: (lines: SnapshotLine[]) => string };

/** What a script's strings may name: {order}, {requester}, {amount}… filled from the task's setup. */
export function slots(s: Setup): Record<string, string> {
  const t = s.target;
  const order = t?.type === 'refund' ? t.order : s.subject.order;
  const customer = t ? t.customer : (s.subject.customer ?? s.db.orders.find((o) => o.id === order)?.customer);
  const out: Record<string, string> = { answer: s.answerText, key: `${s.def.id}: ${s.answerText}` };
  if (order !== undefined) out.order = String(order);
  if (customer !== undefined) {
    out.customer = String(customer);
    out.name = customerOf(s.db, customer).name;
    out.email = customerOf(s.db, customer).email;
  }
  if (t?.type === 'refund') Object.assign(out, { requester: t.requester, amount: (t.amount_cents / 100).toFixed(2), reason: t.reason, other: String(t.other) });
  if (t?.type === 'address') {
    const other = t.namesake ?? s.db.customers.find((c) => c.id !== t.customer)!.id;
    Object.assign(out, {
      requester: t.requester,
      street: t.street,
      city: t.city,
      postcode: t.postcode,
      other: String(other),
      otherName: customerOf(s.db, other).name,
    });
  }
  return out;
}

export const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** The elements of the last page the agent was shown (results without a page, like type's, are skipped). */
export function lastPage(steps: readonly Step[]): SnapshotLine[] {
  for (let i = steps.length - 1; i >= 0; i--) {
    const content = steps[i]!.result.content;
    if (content.includes('\nURL: ') || content.startsWith('Page: ')) return parseSnapshot(content);
  }
  return [];
}

function refOn(lines: readonly SnapshotLine[], target: Target, values: Record<string, string>): string {
  const name = target.name === undefined ? undefined : fill(target.name, values);
  const href = target.href === undefined ? undefined : fill(target.href, values);
  const line = lines.find(
    (l) =>
      l.role === target.role && (name === undefined || l.name === name) && (href === undefined || l.href === href) && l.hidden === (target.hidden ?? false),
  );
  if (!line) throw new Error(`no ${target.hidden ? 'hidden ' : ''}${target.role}${name ? ` "${name}"` : ''}${href ? ` to ${href}` : ''} on the last page read`);
  return line.ref;
}

/** One step as a call, its element found among `lines` (the last page the agent read). */
export function callOn(step: ScriptStep, lines: readonly SnapshotLine[], values: Record<string, string>): ToolCall {
  if ('go' in step) return { name: 'go', arguments: { path: fill(step.go, values) } };
  if ('read' in step) return { name: 'read_page', arguments: step.read === 'hidden' ? { include_hidden: true } : {} };
  if ('finish' in step) return { name: 'finish', arguments: { answer: fill(step.finish, values) } };
  if ('answer' in step) return { name: 'finish', arguments: { answer: step.answer([...lines]) } };
  if ('select' in step) return { name: 'select', arguments: { ref: refOn(lines, step.select, values), option: fill(step.option, values) } };
  if ('type' in step) return { name: 'type', arguments: { ref: refOn(lines, step.type, values), text: fill(step.text, values) } };
  return { name: 'click', arguments: { ref: refOn(lines, step.click, values) } };
}

export const toCall = (step: ScriptStep, steps: readonly Step[], values: Record<string, string>): ToolCall => callOn(step, lastPage(steps), values);

/** Steps that act on the page need a page read first; an agent starts on / without one, as a model does. */
const needsPage = (step: ScriptStep | undefined) => step !== undefined && !('go' in step) && !('read' in step) && !('finish' in step);

/** Plays a script built from the task's setup, one call per step (a read_page first when it starts by acting on the page). */
export function scriptAgent(name: string, script: (s: Setup) => ScriptStep[]): Agent {
  return policyAgent(name, (steps, task: Task) => {
    const s = setupOfTask(task);
    const body = script(s);
    const step = (needsPage(body[0]) ? [{ read: 'visible' } as const, ...body] : body)[steps.length];
    return step ? toCall(step, steps, slots(s)) : null;
  });
}

// The building blocks every script uses.
export const link = (name: string, href?: string): Target => (href === undefined ? { role: 'link', name } : { role: 'link', name, href });
export const button = (name: string): Target => ({ role: 'button', name });
export const textbox = (name: string, hidden = false): Target => (hidden ? { role: 'textbox', name, hidden } : { role: 'textbox', name });
export const combobox = (name: string): Target => ({ role: 'combobox', name });

/** Open an order from the home page's box, as a person with the number in hand does. */
export const openOrder = (order = '{order}'): ScriptStep[] => [{ type: textbox('Order number'), text: order }, { click: button('Open order') }];
/** From the order page: the customer's profile, and the identity check with `email`. */
export const checkIdentity = (email = '{requester}'): ScriptStep[] => [
  { click: link('{name}', '/customers/{customer}') },
  { type: textbox("Requester's email"), text: email },
  { click: button('Check identity') },
];
