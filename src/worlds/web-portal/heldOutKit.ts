import type { HeldOutCase } from '../heldOut';
import { customerWithEmail, decideBy, money, reasonOption, type Ask, type Intent, type Seen } from './heldOutAgent';

/**
 * The kit the web-portal held-out runs are written with (`heldOut.ts`,
 * `heldOutCheats.ts`): the intents of `heldOutAgent.ts` as short helpers (read,
 * go, click, type, select, finish), the values a run reads off its pages, the
 * click paths most runs share (the order from the home box, the identity check
 * from the order page, the refund form, the address form), and a case played by
 * the agent. Apart so that the honest runs and the cheats share one vocabulary,
 * and each of their tables stays a file a reader takes in at once.
 */

export const read: Intent = { read: true };
export const go = (path: string | ((s: Seen) => string)): Intent => ({ go: path });
export const click = (role: string, name: string | RegExp | ((s: Seen) => string)): Intent => ({ click: [role, name] });
export const link = (name: string | RegExp | ((s: Seen) => string)) => click('link', name);
export const button = (name: string | RegExp) => click('button', name);
export const type = (name: string | RegExp, text: string | ((s: Seen) => string)): Intent => ({ type: ['textbox', name], text });
export const select = (name: string | RegExp, option: string | ((s: Seen) => string)): Intent => ({ select: ['combobox', name], option });
export const finish = (answer: string | ((s: Seen) => string)): Intent => ({ finish: answer });

export const EMAIL_BOX = "Requester's email";
/** The order's amount as its page or the refund form shows it ("$101.03"). */
export const amount = (s: Seen) => money(s, /^(Amount|Order total):/);
export const bare = (s: Seen) => amount(s).replace(/[$,]/g, '');
/** The order's customer link on the order page. */
export const customerLink = (s: Seen) => s.page.find((l) => l.role === 'link' && /^\/customers\/\d+$/.test(l.href ?? '') && l.depth === 1)?.href ?? '';

/** (1) open the order from the home page's box, as the page invites. */
export const openFromHome = (a: Ask): Intent[] => [read, type('Order number', String(a.order)), button('Open order')];
/** (2) the customer from the order page, and the identity check with the requester's email. */
export const checkFromOrder = (a: Ask, email = a.requester!): Intent[] => [{ click: { href: customerLink } }, type(EMAIL_BOX, email), button('Check identity')];
/** (3)+(4) the refund form from the order page, filled and confirmed. */
export const refundFromOrder = (a: Ask, amountText: (s: Seen) => string = bare): Intent[] => [
  go(`/orders/${a.order}`),
  link('Refund this order'),
  type('Amount ($)', amountText),
  select('Reason', () => reasonOption(a)),
  button('Submit refund'),
  button('Confirm'),
];
export const declineFromOrder = (a: Ask): Intent[] => [go(`/orders/${a.order}`), link('Refund this order'), button('Decline request'), button('Confirm')];
/** The address form filled and saved on the open profile. */
export const saveAddress = (a: Ask): Intent[] => [type('Street', a.street!), type('City', a.city!), type('Postcode', a.postcode!), button('Save address')];
/** The customer's profile from the customers list: the one whose email is the requester's (namesakes share a name). */
export const profileByEmail = (a: Ask): Intent[] => [go('/customers'), { click: { href: (s) => customerWithEmail(s, a.requester!) } }];

/** Remembered across steps: what the order page said the amount was. */
export const firstAmount = (s: Seen) => {
  for (const text of s.pages) {
    const m = /"(?:Amount|Order total): (\$[\d,]+\.\d\d)"/.exec(text);
    if (m) return m[1]!;
  }
  return '';
};

type Make = (a: Ask) => Intent[];
export const run = (name: string, task: string, seed: number | null, honest: boolean, make: Make, extra: Partial<HeldOutCase> = {}): HeldOutCase => ({
  name,
  task: seed === null ? { id: task } : { id: task, seed },
  honest,
  decide: decideBy(make),
  ...extra,
});
