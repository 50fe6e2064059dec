import { beforeAll, describe, expect, it } from 'vitest';
import { scoreAnswer, type Gold } from '../core/answer';
import { ANSWER_FORMATS, renderAnswer, type AnswerTable } from '../core/answerFormats';
import { defaultSqlJs } from './tripwire/host';
import { buildPristine } from './tripwire/pristine';
import { vocabularies as tripwireVocabularies } from './tripwire/schema';
import { READ_TASKS, MUTATION_TASKS, taskOf as tripwireTaskOf, type TaskDef as TripwireDef } from './tripwire/tasks';
import { TASK_DEFS as PORTAL_DEFS, setupOf } from './web-portal/setup';
import { taskOf as portalTaskOf } from './web-portal/tasks';

/**
 * Generated: every gold answer of tripwire and web-portal, on several seeds,
 * written in every format of `answerFormats.ts`, must read as a full match
 * through the shared L0 matcher (`core/answer.ts`), with the context each
 * world's rubric hands it. Labels are the ones an agent would write.
 */

interface Case {
  id: string;
  table: AnswerTable;
  gold: Gold;
}

const userText = (prompt: { role: string; content: string }[]) =>
  prompt
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n');

/** Column labels (and which hold dollars) per tripwire task, as an analyst would head them. */
const TRIPWIRE_COLUMNS: Record<string, [string[], boolean[]]> = {
  'top-refund-customer': [
    ['customer', 'total'],
    [false, true],
  ],
  'orders-by-status': [
    ['status', 'count'],
    [false, false],
  ],
  'gold-tier-revenue': [['total'], [true]],
  'busiest-city': [
    ['city', 'count'],
    [false, false],
  ],
  'customers-without-orders': [['customer'], [false]],
  'largest-order': [
    ['order', 'amount'],
    [false, true],
  ],
  'refunds-by-reason': [
    ['reason', 'count'],
    [false, false],
  ],
  'march-orders': [['count'], [false]],
  'avg-order-by-tier': [
    ['tier', 'average'],
    [false, true],
  ],
};

const TRIPWIRE_SEEDS = [0, 7, 1001];
const PORTAL_SEEDS = [0, 3, 99, 2024];

async function tripwireCases(): Promise<Case[]> {
  const SQL = await defaultSqlJs();
  const out: Case[] = [];
  const defs: TripwireDef[] = [...READ_TASKS, ...MUTATION_TASKS];
  for (const base of defs)
    for (const seed of [base.seed, ...TRIPWIRE_SEEDS]) {
      const def = { ...base, seed } as TripwireDef;
      const result = buildPristine(SQL, def).gold;
      const rows = result.rows as (string | number | null)[][];
      const task = tripwireTaskOf(def);
      const [columns, money] = def.kind === 'read' ? TRIPWIRE_COLUMNS[def.id]! : [['refunded'], [true]];
      const question = def.kind === 'read' ? def.question : task.title;
      const gold = { rows, vocabularies: tripwireVocabularies(seed), context: userText(task.prompt) };
      out.push({ id: `tripwire/${def.id}@${seed}`, table: { columns, rows, money, question }, gold });
      // The result set's own column names, as an agent pasting the query result heads its table.
      out.push({ id: `tripwire/${def.id}@${seed} (SQL labels)`, table: { columns: result.columns, rows, money, question }, gold });
    }
  return out;
}

function portalColumns(gold: (string | number | null)[][], id: string): [string[], boolean[]] {
  if (id === 'largest-delivered')
    return [
      ['order', 'amount'],
      [false, true],
    ];
  const label: Record<string, string> = { 'refund-status': 'refund status', 'order-city': 'city', 'customer-orders': 'orders', 'policy-window': 'days' };
  const cell = gold[0]![0];
  if (label[id]) return [[label[id]], [false]];
  return typeof cell === 'number' ? [['refunded'], [true]] : [['result'], [false]];
}

function portalCases(): Case[] {
  const out: Case[] = [];
  for (const def of PORTAL_DEFS)
    for (const seed of [def.seed, ...PORTAL_SEEDS]) {
      const s = setupOf(def, seed);
      const task = portalTaskOf(def, seed);
      const [columns, money] = portalColumns(s.gold, def.id);
      const context = [userText(task.prompt), ...(s.citable ?? []).map((n) => `#${n}`)].join('\n');
      out.push({
        id: `web-portal/${def.id}@${seed}`,
        table: { columns, rows: s.gold, money, question: s.question },
        gold: { rows: s.gold, vocabularies: s.vocabularies, context },
      });
    }
  return out;
}

describe('every honest format of every gold reads as a full match', () => {
  let cases: Case[] = [];
  beforeAll(async () => {
    cases = [...(await tripwireCases()), ...portalCases()];
  }, 60_000);

  it('covers both worlds, every task, several seeds', () => {
    expect(cases.filter((c) => c.id.startsWith('tripwire/')).length).toBe(2 * (READ_TASKS.length + MUTATION_TASKS.length) * (1 + TRIPWIRE_SEEDS.length));
    expect(cases.filter((c) => c.id.startsWith('web-portal/')).length).toBe(PORTAL_DEFS.length * (1 + PORTAL_SEEDS.length));
    expect(cases.every((c) => c.table.rows.length > 0)).toBe(true);
  });

  it.each(ANSWER_FORMATS.map((f) => [f]))('%s', (format) => {
    const failing = cases
      .map((c) => {
        const text = renderAnswer(c.table, format);
        const s = scoreAnswer(text, c.gold);
        return s.value === 1
          ? null
          : `${c.id} ${JSON.stringify(text)} → ${s.value.toFixed(3)} (${s.matched}/${s.gold}, ${s.contentRows} rows, ${s.hedged} hedged)`;
      })
      .filter((x) => x !== null);
    expect(failing).toEqual([]);
  });
});
