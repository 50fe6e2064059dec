import { uniformInt } from '../../../core/hash';
import { isJsonObject, type JsonObject } from '../../../core/json';
import type { Leniency } from '../../../core/lenient';
import { err, ok, type Result } from '../../../core/result';
import type { Task, ToolSpec } from '../../../core/types';

export const LEDGER_ID = 'test-ledger';

export type Entry = { id: string; amount: number };

/** The entries of a seed: three to five amounts of 1–99. */
export function entriesOf(seed: number): Entry[] {
  return Array.from({ length: 3 + (seed % 3) }, (_, i) => ({ id: `E${i + 1}`, amount: uniformInt(seed, i, 'amount', 1, 99) }));
}

export const totalOf = (entries: readonly Entry[]) => entries.reduce((s, e) => s + e.amount, 0);

const tool = (name: string, description: string, properties: JsonObject, required: string[]): ToolSpec => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, required, additionalProperties: false } },
});

const TOOLS: ToolSpec[] = [
  tool('read_entries', 'Read every entry of the ledger: id and amount.', {}, []),
  tool('submit_total', 'Hand in the sum of the amounts. Ends the episode.', { total: { type: 'number' } }, ['total']),
];

const LENIENCY: Leniency = { tools: { get_entries: 'read_entries', submit: 'submit_total' }, args: { submit_total: { answer: 'total', sum: 'total' } } };

/** `{seed}` with an optional `max_turns`: the whole spec, so a trace names its task exactly. */
export function makeLedgerTask(spec: unknown): Result<Task> {
  if (!isJsonObject(spec)) return err('a test-ledger task is {"seed": N}');
  for (const key of Object.keys(spec)) if (!['world', 'seed', 'max_turns'].includes(key)) return err(`unknown test-ledger task field "${key}"`);
  const { seed, max_turns: maxTurns = 6 } = spec;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 1) return err(`task.seed must be a positive integer, got ${JSON.stringify(seed)}`);
  if (typeof maxTurns !== 'number' || !Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > 100)
    return err(`task.max_turns must be an integer from 1 to 100, got ${JSON.stringify(maxTurns)}`);
  const named: JsonObject = spec.max_turns === undefined ? { seed } : { seed, max_turns: maxTurns };
  return ok({
    world: LEDGER_ID,
    id: `${LEDGER_ID}/seed-${seed}`,
    title: `Sum the ledger (seed ${seed})`,
    seed,
    spec: named,
    maxTurns,
    kind: 'read',
    prompt: [{ role: 'user', content: 'Read the ledger and submit the sum of its amounts.' }],
    tools: TOOLS,
    lenient: LENIENCY,
  });
}

export function ledgerTask(seed: number): Task {
  const t = makeLedgerTask({ seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}
