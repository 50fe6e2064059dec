import { err, ok, type Result } from '../core/result';
import type { Scorecard, Trace } from '../core/types';
import type { World } from '../core/world';
import { replayCalls } from './replay';
import type { ExpectedVerdicts, GotchaEntry, GotchaSuite } from './suite';

export interface EntryMeta {
  id: string;
  label: string;
  note?: string;
}

export function verdictsFrom(card: Scorecard): ExpectedVerdicts {
  return { naive: card.verdict.naive, full: card.verdict.full, caught_by: card.verdict.caughtBy, reward: card.reward, naive_reward: card.naive };
}

/** A finished, scored trace as an entry; its scorecard becomes the expected verdicts as they stand. */
export function entryOf(trace: Trace, meta: EntryMeta): Result<GotchaEntry> {
  if (!trace.stop) return err('only a finished episode can become a gotcha: this one is still running');
  if (!trace.scorecard) return err('the trace has no scorecard');
  const entry: GotchaEntry = {
    id: meta.id,
    label: meta.label.trim() || trace.agent.name,
    world: trace.world,
    task: trace.task,
    agent: trace.agent,
    calls: trace.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })),
    expected: verdictsFrom(trace.scorecard),
  };
  const note = meta.note?.trim();
  if (note) entry.note = note;
  return ok(entry);
}

/**
 * A trace of one of our worlds as an entry. The calls are replayed first, so
 * the expected verdicts are what the world's verifiers say now, never a
 * recorded (possibly stale, possibly edited) scorecard.
 */
export async function entryFromTrace(world: World, trace: Trace, meta: EntryMeta): Promise<Result<GotchaEntry>> {
  if (trace.world !== world.id) return err(`the trace is of "${trace.world}", not "${world.id}"`);
  if (!trace.stop) return err('only a finished episode can become a gotcha: this one is still running');
  const task = world.makeTask(trace.task);
  if (!task.ok) return err(`the trace's task is not valid for ${world.id}: ${task.error}`);
  const { trace: replayed } = await replayCalls(
    world,
    task.value,
    trace.steps.map((s) => ({ call: s.call })),
    trace.agent,
    trace.stop,
  );
  return entryOf(replayed, meta);
}

export type VerdictField = 'naive' | 'full' | 'caught_by';

export interface EntryResult {
  entry: GotchaEntry;
  status: 'unchanged' | 'changed' | 'error';
  /** What the verifiers say now; null when the entry could not be replayed. */
  actual: ExpectedVerdicts | null;
  /** The verdicts that differ from the expected ones. */
  changed: VerdictField[];
  /** Now minus expected; reported, but a reward that moves with the same verdicts is not a change. */
  rewardDelta: number | null;
  naiveDelta: number | null;
  error?: string;
  /** The replayed episode, for a viewer to open. */
  trace?: Trace;
}

const FIELDS: readonly VerdictField[] = ['naive', 'full', 'caught_by'];

function failed(entry: GotchaEntry, error: string): EntryResult {
  return { entry, status: 'error', actual: null, changed: [], rewardDelta: null, naiveDelta: null, error };
}

/** Replay an entry's calls into the world as it is now and compare the verdicts with the expected ones. */
export async function rescoreEntry(world: World, entry: GotchaEntry): Promise<EntryResult> {
  const task = world.makeTask(entry.task);
  if (!task.ok) return failed(entry, `the task is no longer valid for ${world.id}: ${task.error}`);
  let trace: Trace;
  try {
    ({ trace } = await replayCalls(
      world,
      task.value,
      entry.calls.map((call) => ({ call })),
      entry.agent,
    ));
  } catch (e) {
    return failed(entry, `the replay failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!trace.scorecard) return failed(entry, 'the replay produced no scorecard');
  const actual = verdictsFrom(trace.scorecard);
  const changed = FIELDS.filter((f) => actual[f] !== entry.expected[f]);
  return {
    entry,
    status: changed.length ? 'changed' : 'unchanged',
    actual,
    changed,
    rewardDelta: actual.reward - entry.expected.reward,
    naiveDelta: actual.naive_reward - entry.expected.naive_reward,
    trace,
  };
}

export interface SuiteReport {
  results: EntryResult[];
  unchanged: number;
  changed: number;
  errors: number;
}

/** Every entry re-scored, one at a time (a tripwire replay holds a database; two cores are shared). */
export async function rescoreSuite(suite: GotchaSuite, worldOf: (id: string) => World | undefined): Promise<SuiteReport> {
  const results: EntryResult[] = [];
  for (const entry of suite.entries) {
    const world = worldOf(entry.world);
    results.push(world ? await rescoreEntry(world, entry) : failed(entry, `unknown world "${entry.world}"`));
  }
  const count = (s: EntryResult['status']) => results.filter((r) => r.status === s).length;
  return { results, unchanged: count('unchanged'), changed: count('changed'), errors: count('error') };
}
