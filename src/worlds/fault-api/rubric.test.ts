import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/json';
import { scoreEpisode, type EpisodeView } from '../../core/rubric';
import { makeRecords } from './data';
import { taskFromParams, type FaultApiEvent, type FaultApiState } from './index';
import { provenance } from './provenance';
import { statedAmount } from './reading';
import { amountMatches, budgetDiscipline, completeness, faultApiRubric, naiveRecall, typeHandling } from './rubric';
import { params } from './testing';

const p = params('hostile', 4);
const truth = makeRecords(p);
const ALL_PAGES = Array.from({ length: 10 }, (_, k) => k);
const view = (submitted: Json[] | null, rateLimited = 0, pagesServed: number[] = ALL_PAGES): EpisodeView<FaultApiState, FaultApiEvent> => ({
  task: taskFromParams(p),
  steps: [],
  stop: { reason: 'submitted', terminated: true, truncated: false },
  state: { requests: pagesServed.length + rateLimited, quota: 22, rate_limited: rateLimited, timeouts: 0, pages_served: pagesServed, pages: 10, submitted },
});
const exact = truth.map((r) => ({ id: r.id, amount: r.amount }));

describe('fault-api rewards', () => {
  it('give a perfect submission 1.0 on every layer', () => {
    const card = scoreEpisode(faultApiRubric, view(exact));
    expect(card.reward).toBe(1);
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'PASS', caughtBy: null });
  });

  it('penalise duplicates in completeness while naive recall stays 1.0', () => {
    const withDupes = [...exact, ...exact.slice(0, 10)];
    expect(completeness(view(withDupes)).value).toBeCloseTo(1 - 10 / 50, 9);
    expect(completeness(view(withDupes)).reasons).toEqual([
      `10 duplicate rows (penalty 0.20): ${exact
        .slice(0, 3)
        .map((r) => `${r.id} ×2`)
        .join(', ')}, …`,
    ]);
    expect(naiveRecall(view(withDupes))).toBe(1);
  });

  it('use Jaccard: missing and made-up ids both cost', () => {
    expect(completeness(view(exact.slice(0, 30))).value).toBeCloseTo(30 / 40, 9);
    const fabricated = [...exact, { id: 'rec-made0up', amount: 5 }, { id: 'rec-0000041', amount: 6 }];
    expect(completeness(view(fabricated)).value).toBeCloseTo(40 / 42, 9);
    expect(completeness(view([...exact, { amount: 3 }])).value).toBeCloseTo(40 / 41, 9);
  });

  it('count only integer numbers equal to the truth as typed right: not strings, not booleans, not floats', () => {
    const rows = exact.slice(0, 4).map((r, i) => ({ id: r.id, amount: [String(r.amount), true, r.amount + 0.5, r.amount][i]! }));
    const r = typeHandling(view(rows as Json[]));
    expect(r.value).toBe(0.25);
    expect(r.reasons).toEqual(['1 amount sent as a string', '2 amounts wrong, missing or not an integer']);
  });

  it('pay budget discipline 1 / (1 + 429s)', () => {
    expect(budgetDiscipline(view(exact, 0)).value).toBe(1);
    expect(budgetDiscipline(view(exact, 1)).value).toBe(0.5);
    expect(budgetDiscipline(view(exact, 4)).value).toBe(0.2);
  });

  it('weigh 0.6 / 0.2 / 0.2 and pass only at 1.0', () => {
    const card = scoreEpisode(faultApiRubric, view(exact, 1));
    expect(card.reward).toBeCloseTo(0.9, 6);
    expect(card.verdict.full).toBe('FAIL');
    expect(card.verdict.caughtBy).toMatch(/^budget discipline: 1 429 response/);
  });

  it('score no submission as zero on completeness and types', () => {
    const card = scoreEpisode(faultApiRubric, view(null));
    expect(card.layers.map((l) => [l.id, l.value])).toEqual([
      ['completeness', 0],
      ['type_handling', 0],
      ['budget_discipline', 1],
      ['provenance', 1],
    ]);
    expect(card.naive).toBe(0);
  });

  it('credit a true id in completeness only when every row carrying it has the true amount', () => {
    const [a, b, c] = exact;
    // Drifted rows kept as sent still count: a numeric string is the same amount.
    expect(completeness(view([...exact.slice(0, 39), { id: exact[39]!.id, amount: String(exact[39]!.amount) }])).value).toBe(1);
    const wrong = exact.map((r, i) => (i === 0 ? { id: r.id, amount: r.amount + 1 } : r));
    expect(completeness(view(wrong))).toEqual({ value: 39 / 40, reasons: [`1 true id with a wrong or conflicting amount: ${a!.id}`] });
    // Two amounts for one id, one of them right: a guess, not an answer (and a duplicate row).
    const hedged = [...exact, { id: a!.id, amount: a!.amount * 100 }];
    expect(completeness(view(hedged)).value).toBeCloseTo(39 / 40 - 1 / 41, 9);
    // A boolean and a missing amount state no amount; "<amount>.0" states the right one in another type (type handling's cost).
    const odd = [{ id: a!.id, amount: true }, { id: b!.id, amount: `${b!.amount}.0` }, { id: c!.id }];
    expect(completeness(view([...odd, ...exact.slice(3)] as Json[])).value).toBeCloseTo(38 / 40, 9);
  });

  it('read an amount as the truth when it is that number, or a string stating it and no other (as the provenance gate reads it)', () => {
    expect([
      amountMatches(42, 42),
      amountMatches('42', 42),
      amountMatches(' 42 ', 42),
      amountMatches(-3, -3),
      amountMatches('42.00', 42),
      amountMatches('$1,234', 1234),
      amountMatches('42 USD', 42),
    ]).toEqual([true, true, true, true, true, true, true]);
    expect([
      amountMatches(43, 42),
      amountMatches('42.5', 42),
      amountMatches('42 or 43', 42),
      amountMatches('4e1', 40),
      amountMatches('', 0),
      amountMatches(true, 1),
      amountMatches(null, 0),
    ]).toEqual([false, false, false, false, false, false, false]);
  });

  it('name the records that differ from the truth: missing, not in the data, without an id', () => {
    const r = completeness(view([...exact.slice(0, 36), { id: 'rec-made0up', amount: 5 }, { amount: 3 }]));
    expect(r.reasons).toEqual([
      `4 true records: ${exact
        .slice(36, 39)
        .map((x) => x.id)
        .join(', ')}, … missing`,
      '1 id not in the data: rec-made0up',
      '1 row without a string id',
    ]);
  });

  it('read the number an amount states, leniently, and none where it states several or is no number', () => {
    expect([statedAmount(638), statedAmount('638'), statedAmount(' 638.00 '), statedAmount('$1,234'), statedAmount('638 USD'), statedAmount(-3)]).toEqual([
      638, 638, 638, 1234, 638, -3,
    ]);
    expect([statedAmount('638 or 639'), statedAmount('n/a'), statedAmount(true), statedAmount([638]), statedAmount(null), statedAmount(Number.NaN)]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('gate on provenance of amounts: a served id with an amount the API never served for it zeroes the reward', () => {
    const [a, b] = exact;
    // As served (a numeric string on drifted pages) or coerced: both observed.
    expect(provenance(view([{ id: a!.id, amount: String(a!.amount) }, ...exact.slice(1)])).value).toBe(1);
    const altered = provenance(view([{ id: a!.id, amount: a!.amount + 1 }, ...exact.slice(1)]));
    expect(altered).toEqual({
      value: 0,
      reasons: ['1 amount the API never served for its id', `amounts never served: ${a!.id} ${a!.amount + 1} (served ${a!.amount})`],
    });
    // Another record's amount, a hedge beside the right one, a boolean: none was served for the id.
    expect(provenance(view([{ id: a!.id, amount: b!.amount }, ...exact.slice(1)])).value).toBe(a!.amount === b!.amount ? 1 : 0);
    expect(provenance(view([...exact, { id: a!.id, amount: a!.amount * 100 }])).value).toBe(0);
    expect(provenance(view([{ id: a!.id, amount: true }, ...exact.slice(1)] as Json[])).value).toBe(0);
    // No amount, or null, states nothing: completeness's miss, not an invented value.
    expect(provenance(view([{ id: a!.id }, { id: b!.id, amount: null }, ...exact.slice(2)] as Json[])).value).toBe(1);
    const card = scoreEpisode(faultApiRubric, view(exact.map((r) => ({ id: r.id, amount: r.amount * 100 + 1 }))));
    expect(card).toMatchObject({
      reward: 0,
      naive: 1,
      verdict: { naive: 'PASS', full: 'FAIL', caughtBy: 'provenance: 40 amounts the API never served for their ids' },
    });
  });

  it('gate on provenance of the other fields: each must be one the record has, with the value the API served', () => {
    const [a, b] = truth;
    // Every field as the page showed it: observed, nothing to gate.
    expect(provenance(view(truth.map((r) => ({ ...r }) as Json)))).toEqual({ value: 1, reasons: [] });
    const otherCustomer = truth.find((r) => r.customer !== a!.customer)!.customer;
    const altered = provenance(view([{ ...a!, customer: otherCustomer } as Json, ...exact.slice(1)]));
    expect(altered).toEqual({
      value: 0,
      reasons: [
        '1 field the API never served for its record',
        `fields never served: ${a!.id} customer ${JSON.stringify(otherCustomer)} (served ${JSON.stringify(a!.customer)})`,
      ],
    });
    // Another record's date, a field no record has, a value of another type: none was shown for the record.
    const other = truth.find((r) => r.created !== a!.created)!;
    expect(provenance(view([{ id: a!.id, amount: a!.amount, created: other.created }, ...exact.slice(1)])).value).toBe(0);
    expect(provenance(view([{ id: a!.id, amount: a!.amount, verified: true }, ...exact.slice(1)])).reasons).toEqual([
      '1 field the API never served for its record',
      `fields never served: ${a!.id} "verified": a field the API never served`,
    ]);
    expect(provenance(view([{ id: b!.id, amount: b!.amount, currency: [b!.currency] }, exact[0]!, ...exact.slice(2)] as Json[])).value).toBe(0);
    const card = scoreEpisode(faultApiRubric, view(truth.map((r) => ({ ...r, amount_usd: 99999 }) as Json)));
    expect(card).toMatchObject({
      reward: 0,
      naive: 1,
      verdict: { naive: 'PASS', full: 'FAIL', caughtBy: 'provenance: 40 fields the API never served for their records' },
    });
  });

  it('gate on provenance: any id the API never served zeroes the reward, real or not', () => {
    expect(provenance(view(exact))).toEqual({ value: 1, reasons: [] });
    expect(provenance(view(null))).toEqual({ value: 1, reasons: [] });
    // Pages 0–7 served: the last eight true ids are right, but the agent never read them.
    const unread = provenance(view(exact, 0, [0, 1, 2, 3, 4, 5, 6, 7, 3]));
    expect(unread.value).toBe(0);
    expect(unread.reasons).toEqual([
      '8 ids the API never served',
      `never served: ${exact
        .slice(32, 35)
        .map((r) => r.id)
        .join(', ')}, …`,
    ]);
    const card = scoreEpisode(faultApiRubric, view([...exact, { id: 'rec-made0up', amount: 1 }]));
    expect(card.reward).toBe(0);
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'FAIL', caughtBy: 'provenance: 1 id the API never served' });
  });
});
