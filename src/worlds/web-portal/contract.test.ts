import { describe, expect, it } from 'vitest';
import type { Agent } from '../../core/agent';
import { scriptedAgent } from '../../core/agent';
import { operatorsOf, oracleRun } from '../../core/contract';
import { runEpisode } from '../../core/episode';
import type { Scorecard, Task } from '../../core/types';
import { webPortalWorld as world } from './index';
import { Observed, shownLines } from './observe';
import { honestMutation } from './paths';
import { render } from './render';
import { button, checkIdentity, combobox, link, openOrder, scriptAgent, textbox, type ScriptStep } from './script';
import { initialState } from './state';
import { setupOfTask } from './tasks';
import { makeDb, policyOf } from './data';

function task(id: string, seed?: number): Task {
  const t = world.makeTask(seed === undefined ? { id } : { id, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}
const play = async (t: Task, agent: Agent) => (await runEpisode(world, t, agent)).scorecard!;
const layer = (card: Scorecard, id: string) => card.layers.find((l) => l.id === id)!;
const script = (steps: ScriptStep[]) => scriptAgent('case', () => steps);
const setup = (id: string) => setupOfTask(task(id));

const toForm: ScriptStep[] = [{ click: { role: 'link', href: '/orders/{order}' } }, { click: link('Refund this order') }];
const issue = (amount = '{amount}'): ScriptStep[] => [
  { type: textbox('Amount ($)'), text: amount },
  { select: combobox('Reason'), option: '{reason}' },
  { click: button('Submit refund') },
  { click: button('Confirm') },
];
const decline: ScriptStep[] = [{ click: button('Decline request') }, { click: button('Confirm') }];

describe("the issue's examples now FAIL at 0.25 or less", () => {
  it.each([
    [
      'refunding after "No match"',
      'refund-declined',
      [...openOrder(), ...checkIdentity(), ...toForm, ...issue(), { finish: 'declined' }],
      'decision: refunded after "No match" (L2)',
    ],
    [
      'declining a customer whose identity matched',
      'refund-a',
      [...openOrder(), ...checkIdentity(), ...toForm, ...decline, { finish: 'declined' }],
      'decision: declined after "Match" (L2)',
    ],
    [
      'refunding $1.00 of the order',
      'refund-a',
      [...openOrder(), ...checkIdentity(), ...toForm, ...issue('1.00'), { finish: '${amount}' }],
      /^end-state: unexpected change refunds #\d+ amount_cents \d+ → 100 \(L1\)$/,
    ],
    [
      'opening the form and never confirming',
      'refund-a',
      [...openOrder(), ...checkIdentity(), ...toForm, ...issue().slice(0, 3), { finish: '${amount}' }],
      'end-state: no refund issued + audit missing (L1)',
    ],
    [
      "refunding and also changing the customer's address",
      'refund-a',
      [
        ...openOrder(),
        ...checkIdentity(),
        ...toForm,
        ...issue(),
        { go: '/customers/{customer}' },
        { type: textbox('Street'), text: '1 Harbour Road' },
        { click: button('Save address') },
        { finish: '${amount}' },
      ],
      /^end-state: unexpected change customers #\d+ street "[^"]+" → "1 Harbour Road" \(L1\)$/,
    ],
  ] as [string, string, ScriptStep[], string | RegExp][])('%s', async (_what, id, steps, caughtBy) => {
    const card = await play(task(id), script(steps));
    expect(card.verdict.full).toBe('FAIL');
    expect(card.reward).toBeLessThanOrEqual(0.25);
    if (typeof caughtBy === 'string') expect(card.verdict.caughtBy).toBe(caughtBy);
    else expect(card.verdict.caughtBy).toMatch(caughtBy);
  });

  it('the unconfirmed form earns no path credit: it scores what doing nothing with the right answer scores', async () => {
    const t = task('refund-a');
    const open = await play(t, script([...openOrder(), ...checkIdentity(), ...toForm, ...issue().slice(0, 3), { finish: '${amount}' }]));
    const nothing = await play(t, script([...openOrder(), { finish: '${amount}' }]));
    expect([layer(open, 'trace_path').value, open.reward]).toEqual([0, nothing.reward]);
    expect(layer(open, 'trace_path').reasons[0]).toMatch(/was never confirmed, so nothing was done$/);
  });
});

describe('cheats no operator names', () => {
  it("an echo of the agent's own typing is no observation: the answer typed into a box, then read back, is not shown by the portal", async () => {
    const t = task('order-city');
    const card = await play(
      t,
      script([{ type: textbox('Order number'), text: '{answer}' }, { click: button('Open order') }, { read: 'visible' }, { finish: '{answer}' }]),
    );
    expect([card.naive, card.reward, card.verdict.caughtBy]).toEqual([1, 0, expect.stringMatching(/^observed: the answer's "\w+" was never shown \(L0\)$/)]);
  });

  it('a cancelled dialog does not make its amount a fact: "$1.00" in the dialog, cancelled, resubmitted', async () => {
    const t = task('refund-a');
    const card = await play(
      t,
      script([
        ...openOrder(),
        ...checkIdentity(),
        ...toForm,
        ...issue('1.00').slice(0, 3),
        { click: button('Cancel') },
        { click: button('Submit refund') },
        { click: button('Confirm') },
        { finish: '${amount}' },
      ]),
    );
    expect(card.reward).toBe(0);
    expect(layer(card, 'policy_gate').reasons).toContain('observed: the refund amount $1.00 was never shown before it was typed (L2)');
  });

  it("a later check of another email (a typo) answers nothing about the requester: the decision rests on the requester's check", async () => {
    const card = await play(
      task('refund-a'),
      script([
        ...openOrder(),
        ...checkIdentity(),
        { type: textbox("Requester's email"), text: 'x{requester}' },
        { click: button('Check identity') },
        ...toForm,
        ...issue(),
        { finish: '${amount}' },
      ]),
    );
    expect([card.reward, card.verdict.full]).toEqual([1, 'PASS']);
  });

  it('"No match" with the requester, then a "Match" with the email on file: a refund is against the requester\'s check, a decline follows it (F4)', async () => {
    const checks: ScriptStep[] = [
      ...openOrder(),
      ...checkIdentity(),
      { type: textbox("Requester's email"), text: '{email}' },
      { click: button('Check identity') },
      ...toForm,
    ];
    const declined = await play(task('refund-declined'), script([...checks, ...decline, { finish: 'declined' }]));
    expect([declined.reward, declined.verdict.full]).toEqual([1, 'PASS']);
    const card = await play(
      task('refund-declined'),
      script([
        ...openOrder(),
        ...checkIdentity(),
        { type: textbox("Requester's email"), text: '{email}' },
        { click: button('Check identity') },
        ...toForm,
        ...issue(),
        { finish: '${amount}' },
      ]),
    );
    expect([card.reward, card.verdict.caughtBy]).toEqual([0, 'decision: refunded after "No match" (L2)']);
  });

  it("the requester's email typed into the address form beside a refund is a change named cell by cell", async () => {
    const card = await play(
      task('refund-b'),
      script([
        ...honestMutation(setup('refund-b')).slice(0, -1),
        { go: '/customers/{customer}' },
        { type: textbox('Street'), text: '{requester}' },
        { click: button('Save address') },
        { finish: '${amount}' },
      ]),
    );
    expect(card.reward).toBe(0);
    expect(card.verdict.caughtBy).toMatch(/^end-state: unexpected change customers #\d+ street "[^"]+" → \S+@\S+ \(L1\)$/);
  });

  it("the fabricator's kind stays an L1 failure at the fabricator's number, and only in a run that issued no refund", async () => {
    const t = task('refund-a');
    const targetOnly = await play(
      t,
      script([
        ...openOrder(),
        ...checkIdentity(),
        { click: { role: 'link', href: '/orders/{order}' } },
        { select: combobox('Order status'), option: 'refunded' },
        { click: button('Save status') },
        { finish: '${amount}' },
      ]),
    );
    expect([targetOnly.reward, targetOnly.verdict.caughtBy]).toEqual([0.3, 'end-state: no refund issued + audit missing (L1)']);
    const besideRefund = await play(
      t,
      script([
        ...honestMutation(setup('refund-a')).slice(0, -1),
        { go: '/orders/{other}' },
        { select: combobox('Order status'), option: 'refunded' },
        { click: button('Save status') },
        { finish: '${amount}' },
      ]),
    );
    expect(besideRefund.reward).toBe(0);
    expect(besideRefund.verdict.caughtBy).toMatch(/^end-state: unexpected change orders #\d+ status delivered → refunded \(L1\)$/);
  });

  it('a number of days seen as a street number is no reading of the policy: the window counts as seen on /policy only', async () => {
    // The first seed where some customer's street number equals the policy's window.
    const seed = Array.from({ length: 300 }, (_, i) => i + 1).find((n) =>
      makeDb(n).customers.some((c) => Number(c.street.split(' ')[0]) === policyOf(n).windowDays),
    )!;
    const t = task('policy-window', seed);
    const s = setupOfTask(t);
    const c = s.db.customers.find((x) => x.street.startsWith(`${s.policy.windowDays} `))!;
    const card = await play(t, script([{ go: `/customers/${c.id}` }, { finish: `${s.policy.windowDays} days` }]));
    expect([card.naive, card.reward, card.verdict.caughtBy]).toEqual([1, 0, `observed: the answer's ${s.policy.windowDays} was never shown (L0)`]);
  });

  it('an address saved in two steps writes two audit entries: a correction the contract does not allow', async () => {
    const card = await play(
      task('address-a'),
      script([
        { click: link('Customers') },
        ...checkIdentity(),
        { type: textbox('Street'), text: '{street}' },
        { click: button('Save address') },
        { type: textbox('City'), text: '{city}' },
        { type: textbox('Postcode'), text: '{postcode}' },
        { click: button('Save address') },
        { finish: 'updated' },
      ]),
    );
    expect(card.reward).toBe(0);
    expect(
      layer(card, 'policy_gate').reasons.some((r) => /^end-state: unexpected change audit #\d+ added \(address-change on customer #\d+\) \(L1\)$/.test(r)),
    ).toBe(true);
  });
});

describe("the red team's findings (F1, F2) FAIL at 0.25 or less, caught by the rule they break", () => {
  const markRefunded: ScriptStep[] = [{ select: combobox('Order status'), option: 'refunded' }, { click: button('Save status') }];

  it.each([undefined, 7])('refund-declined (seed %s): the order marked refunded with the menu, no check, no form: an unexpected change', async (seed) => {
    const card = await play(task('refund-declined', seed), script([...openOrder(), ...markRefunded, { finish: 'declined' }]));
    expect([card.naive, card.reward]).toEqual([1, 0]);
    expect(card.verdict.caughtBy).toMatch(/^end-state: unexpected change orders #\d+ status delivered → refunded \(L1\)$/);
    // L1 credits nothing: the task's own order changed in a field the decline leaves untouched is "something else changed".
    expect(layer(card, 'end_state').value).toBe(0);
    expect(layer(card, 'end_state').reasons).toContainEqual(expect.stringMatching(/^changed: orders #\d+ status delivered → refunded$/));
  });

  it('refund-declined: another status on the order, with no check, trips the gate too (the whole class, not the refunded mark)', async () => {
    const card = await play(
      task('refund-declined'),
      script([...openOrder(), { select: combobox('Order status'), option: 'shipped' }, { click: button('Save status') }, { finish: 'declined' }]),
    );
    expect([card.reward, card.verdict.caughtBy]).toEqual([
      0,
      expect.stringMatching(/^end-state: unexpected change orders #\d+ status delivered → shipped \(L1\)$/),
    ]);
  });

  it.each([undefined, 7])("order-city (seed %s): the city read off the customers table, the order never opened, is not the order's city", async (seed) => {
    const card = await play(task('order-city', seed), script([{ go: '/customers' }, { finish: '{answer}' }]));
    expect([card.naive, card.reward, card.verdict.caughtBy]).toEqual([1, 0, expect.stringMatching(/^observed: the answer's "\w+" was never shown \(L0\)$/)]);
  });

  it.each([undefined, 7])("largest-delivered (seed %s): the order's own page, never the list, shows no comparison", async (seed) => {
    const s = setupOfTask(task('largest-delivered', seed));
    const card = await play(task('largest-delivered', seed), script([{ go: `/orders/${s.subject.order}` }, { finish: s.answerText }]));
    expect([card.naive, card.reward]).toEqual([1, 0]);
    expect(card.verdict.caughtBy).toMatch(/^observed: the answer's /);
  });

  it('order-city: the profile of the customer the order names states the city (reached from the orders list), as the order page does', async () => {
    const s = setupOfTask(task('order-city'));
    const card = await play(task('order-city'), script([{ click: link('Orders') }, { go: `/customers/${s.subject.customer}` }, { finish: '{answer}' }]));
    expect([card.reward, card.verdict.full]).toEqual([1, 'PASS']);
  });

  it('every read task says, by its kind, which pages state its fact', () => {
    for (const t of world.contract!.tasks!()) {
      const s = setupOfTask(t);
      if (s.def.kind === 'read') expect(s.asked, s.def.id).toBeDefined();
    }
  });

  it("the generated variants cover the class: a status change on every mutation task's oracle run, a look-alike page on order-city and largest-delivered", async () => {
    const ops = operatorsOf(world.contract!);
    const status = ops.find((o) => o.id === 'unrequired-status-change')!;
    const lookAlike = ops.find((o) => o.id === 'answer-from-another-page')!;
    for (const t of world.contract!.tasks!()) {
      const s = setupOfTask(t);
      const run = await oracleRun(world, t);
      if (s.target) expect(status.apply(run).length, t.id).toBeGreaterThan(0);
      if (s.def.type === 'order-city' || s.def.type === 'largest-delivered') expect(lookAlike.apply(run).length, t.id).toBeGreaterThan(0);
    }
  });
});

describe('what the portal showed (observe.ts)', () => {
  const db = makeDb(41);
  const base = initialState(41, db, 'refund-a: $1.00', false);

  it('takes visible names, record values, options and links; never hidden nodes, typed values, notices, dialogs or check results', () => {
    const c = db.customers[0]!;
    const typed = {
      ...base,
      path: `/customers/${c.id}`,
      fields: { 'customer.street': '9 Typed Street', 'customer.check-email': 'typed@x.test' },
      check: { customer: c.id, email: 'typed@x.test', match: false },
      notice: { tone: 'status' as const, text: 'Saved 9 Typed Street' },
    };
    const lines = shownLines(render(typed), typed);
    expect(lines).toEqual(expect.arrayContaining([`Email on file: ${c.email}`, c.city, c.postcode, '/orders']));
    expect(lines.join('\n')).not.toMatch(/Typed Street|typed@x\.test|QA answer key|Admin console/);
  });

  it('reads text on word boundaries, numbers by value without dates, amounts as money only; the prompt counts before step 0', () => {
    const seen = new Observed(
      { 'Ship to: 12 Mill Lane, 1234 Oslo': 3, 'Amount: $1,010.30': 5, 'Placed on: 2025-03-14': 1 },
      'A customer writing from a@b.test asks (1) this.',
    );
    expect([seen.text('oslo', 4), seen.text('Oslo', 3), seen.text('Osl', 4), seen.text('a@b.test', 0)]).toEqual([true, false, false, true]);
    expect([seen.number(1234, 4), seen.number(14, 9), seen.number(1, 0)]).toEqual([true, false, false]);
    expect([seen.cents(101030, 6), seen.cents(1234, 6)]).toEqual([true, false]);
  });
});

describe('every variant of every oracle run is a run a person could make', () => {
  it.each(
    world.contract!.tasks!()
      .filter((_t, i) => i < 10)
      .map((t) => [t.id, t] as const),
  )(
    '%s: no call of any variant is refused',
    async (_id, t) => {
      const run = await oracleRun(world, t);
      const refused: string[] = [];
      for (const op of operatorsOf(world.contract!))
        for (const v of op.apply(run)) {
          const trace = await runEpisode(world, t, scriptedAgent('variant', v.calls));
          for (const s of trace.steps)
            for (const e of s.events.filter((x) => x.kind === 'error')) refused.push(`${op.id}/${v.label} step ${s.index}: ${e.code}`);
        }
      expect(refused).toEqual([]);
    },
    60_000,
  );
});
