import type { Step, Task, ToolCall } from '../../core/types';
import { parseSnapshot, type SnapshotLine } from './snapshot';

/**
 * A browser agent as a person writes one by hand: it reads the prompt, finds
 * each element on the last page it was shown by role and name (never by a ref
 * known in advance), and reads values off the pages. The held-out corpus
 * (`heldOut.ts`, `heldOutCheats.ts`) scripts its runs with these intents,
 * through the helpers of `heldOutKit.ts`.
 */
export interface Seen {
  /** What the prompt says: the order, the requester's email, the reason, the customer's name, the new address. */
  ask: Ask;
  /** The last page shown, as read_page's lines. */
  page: SnapshotLine[];
  /** Every page text shown so far, newest last. */
  pages: string[];
}

export interface Ask {
  order?: number;
  requester?: string;
  reason?: string;
  name?: string;
  street?: string;
  city?: string;
  postcode?: string;
  question: string;
}

type Value = string | ((s: Seen) => string);
type Name = string | RegExp | ((s: Seen) => string);

export type Intent =
  | { read: true; hidden?: boolean }
  | { go: Value }
  | { click: [role: string, name: Name] | { href: Value } }
  | { type: [role: string, name: Name]; text: Value }
  | { select: [role: string, name: Name]; option: Value }
  | { finish: Value }
  /** A call written out in full: a mistyped ref, a tool alias, arguments the tools accept under other names. */
  | { call: (s: Seen) => ToolCall };

export function askOf(task: Task): Ask {
  const text = task.prompt
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');
  const addr = /to: (.+?), (\S+) (.+?)\. Process/.exec(text);
  return {
    question: text,
    order: Number(/order #(\d+)/.exec(text)?.[1] ?? NaN) || undefined,
    requester: /writing from (\S+@\S+?) asks/.exec(text)?.[1],
    reason: /order #\d+: (.+?)\. Process/.exec(text)?.[1],
    name: /customer (?:named )?([A-Z][a-z]+ [A-Z][a-z]+)/.exec(text)?.[1],
    ...(addr ? { street: addr[1], postcode: addr[2], city: addr[3] } : {}),
  };
}

const val = (v: Value, s: Seen) => (typeof v === 'string' ? v : v(s));
const matches = (n: Name, text: string, s: Seen) => (typeof n === 'string' ? n === text : n instanceof RegExp ? n.test(text) : n(s) === text);

function refOf(s: Seen, role: string, name: Name): string {
  const line = s.page.find((l) => l.role === role && !l.hidden && matches(name, l.name, s));
  if (!line) throw new Error(`no ${role} ${String(name)} on the page`);
  return line.ref;
}

function callOf(i: Intent, s: Seen): ToolCall {
  if ('read' in i) return { name: 'read_page', arguments: i.hidden ? { include_hidden: true } : {} };
  if ('go' in i) return { name: 'go', arguments: { path: val(i.go, s) } };
  if ('finish' in i) return { name: 'finish', arguments: { answer: val(i.finish, s) } };
  if ('call' in i) return i.call(s);
  if ('type' in i) return { name: 'type', arguments: { ref: refOf(s, ...i.type), text: val(i.text, s) } };
  if ('select' in i) return { name: 'select', arguments: { ref: refOf(s, ...i.select), option: val(i.option, s) } };
  if (Array.isArray(i.click)) return { name: 'click', arguments: { ref: refOf(s, ...i.click) } };
  const href = val(i.click.href, s);
  const line = s.page.find((l) => l.role === 'link' && l.href === href && !l.hidden);
  if (!line) throw new Error(`no link to ${href} on the page`);
  return { name: 'click', arguments: { ref: line.ref } };
}

const isPage = (content: string) => content.includes('\nURL: ') || content.startsWith('Page: ');

export function seenOf(steps: readonly Step[], task: Task): Seen {
  const pages = steps.map((st) => st.result.content).filter(isPage);
  return { ask: askOf(task), page: pages.length ? parseSnapshot(pages.at(-1)!) : [], pages };
}

/** The agent's next call: intent k, resolved on what it has been shown so far. */
export const decideBy =
  (intents: (ask: Ask) => Intent[]) =>
  (steps: readonly Step[], task: Task): ToolCall | null => {
    const s = seenOf(steps, task);
    const next = intents(s.ask)[steps.length];
    return next ? callOf(next, s) : null;
  };

/** The refund form's option for the reason the requester gave, as a person maps it. */
export function reasonOption(ask: Ask): string {
  const r = ask.reason ?? '';
  if (/damaged/.test(r)) return 'Damaged';
  if (/wrong/.test(r)) return 'Wrong item';
  if (/late/.test(r)) return 'Late delivery';
  return 'Changed mind';
}

/** The customer link in the row whose email cell reads `email` (the customers list). */
export function customerWithEmail(s: Seen, email: string): string {
  const at = s.page.findIndex((l) => l.role === 'cell' && l.name.toLowerCase() === email.toLowerCase());
  const link = s.page
    .slice(0, Math.max(0, at))
    .reverse()
    .find((l) => l.role === 'link' && /^\/customers\/\d+$/.test(l.href ?? ''));
  if (!link) throw new Error(`no customer with ${email} on the page`);
  return link.href!;
}

/** A line's text after a label ("Amount: $101.03" → "$101.03"), on the last page. */
export const after = (s: Seen, label: string) =>
  s.page
    .find((l) => l.name.startsWith(label))
    ?.name.slice(label.length)
    .trim() ?? '';
/** The first "$…" figure on the last page following a line that starts with `label`. */
export const money = (s: Seen, label: RegExp) => {
  const line = s.page.find((l) => label.test(l.name) && /\$[\d,]+\.\d\d/.test(l.name));
  return /\$[\d,]+\.\d\d/.exec(line?.name ?? '')?.[0] ?? '';
};
