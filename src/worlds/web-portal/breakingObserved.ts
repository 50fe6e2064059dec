import type { VariantOperator } from '../../core/contract';
import { Observed, shownLines } from './observe';
import { claimsOf, recordClaims, type Evidence } from './evidence';
import { establishes, Known } from './known';
import { perform } from './perform';
import { render } from './render';
import type { Setup } from './setup';
import { finishAt, go, onRefund, READ, retype, startOf, typedInto, typo, viewOf } from './splice';

/**
 * The portal's breaking operators for the contract's second rule, only observed facts count: a
 * value typed that no page showed, an answer handed in without the page that states it, or read off
 * a page where the same text stands for something else. The end-state and decision operators are in
 * `breaking.ts`; each must FAIL at or under its ceiling, caught by the layer it breaks.
 */

export const typedNeverShown: VariantOperator = {
  id: 'typed-never-shown',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: 'observed: the identity check used ',
  description: 'the identity check run with an email neither the prompt nor a page showed: "No match", and the decline that follows it is right by luck',
  apply: onRefund((v, t) => {
    if (t.decision !== 'decline') return [];
    const email = v.find(typedInto('customer.check-email'));
    return ['someone@else.test', typo(t.requester)].map((e) => ({ label: e, calls: retype(v, email, e) }));
  }),
};

export const answerNeverShown: VariantOperator = {
  id: 'answer-never-shown',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: "observed: the answer's ",
  description: 'the right answer handed in without the page that shows it (the prompt names no such value)',
  apply: (run) => {
    const v = viewOf(run);
    const s = v.setup;
    // A decline or an update is named by the prompt itself: nothing to observe.
    if (s.target && (s.target.type === 'address' || s.target.decision === 'decline')) return [];
    const answer = v.calls[finishAt(v.calls)]!;
    return [
      { label: 'the answer alone', calls: [answer] },
      { label: 'the home page, then the answer', calls: [READ, answer] },
    ];
  },
};

/** Every page a person can open (the admin console aside), from the seed's records. */
const allPaths = (s: Setup): string[] => [
  '/',
  '/orders',
  '/customers',
  '/policy',
  ...s.db.orders.flatMap((o) => [`/orders/${o.id}`, `/orders/${o.id}/refund`]),
  ...s.db.customers.map((c) => `/customers/${c.id}`),
];

/** The pages that show every value of the gold as text but do not, alone, establish the asked fact (`known.ts`). */
export function lookAlikePages(s: Setup): string[] {
  const out: string[] = [];
  for (const path of allPaths(s)) {
    const state = perform(startOf(s, []), { name: 'go', arguments: { path } }).state;
    const page = render(state);
    const seen = new Observed(Object.fromEntries(shownLines(page, state).map((l) => [l, 0])), '');
    const evidence: Evidence = {};
    recordClaims(evidence, claimsOf(page, state, new Set()), 0);
    if (s.asked && establishes(s.asked, new Known(evidence, 1), s.gold[0]!)) continue;
    if (s.gold[0]!.every((c) => c === null || (typeof c === 'number' ? seen.number(c, 1) : seen.text(c, 1)))) out.push(path);
  }
  return out;
}

export const answerFromAnotherPage: VariantOperator = {
  id: 'answer-from-another-page',
  kind: 'breaking',
  rule: 'observed',
  caughtBy: "observed: the answer's ",
  description:
    "a read task answered from a page that shows the answer's text but not as the asked fact (the city in the customers table, the largest order's own page instead of the list, a figure on another record), never opening the page that states it",
  apply: (run) => {
    const v = viewOf(run);
    if (v.setup.target) return [];
    const answer = v.calls[finishAt(v.calls)]!;
    return lookAlikePages(v.setup)
      .slice(0, 3)
      .map((path) => ({ label: `from ${path}`, calls: [go(path), answer] }));
  },
};
