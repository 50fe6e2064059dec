import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Episode } from '../core/episode';
import { isJsonObject } from '../core/json';
import { HINTS_REVEALED, TRACE_VERSION, type Scorecard, type Trace } from '../core/types';
import { WORLDS } from '../worlds/registry';
import { compositionOf } from './composition';
import { parseTrace, serializeTrace } from './native';
import { verifyTrace } from './replay';
import { parseSavedRun } from './savedRun';

/**
 * Files written by earlier versions of the app, committed once and never
 * regenerated (see CONTEXT.md): each must still read, replay as a match against
 * today's worlds, and re-score to the scorecard it was recorded with.
 */
const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const worldOf = (id: string) => WORLDS.find((w) => w.id === id)!;

const V1: Array<[string, (t: Trace) => void]> = [
  [
    'fault-api',
    (t) => {
      expect(t.agent).toEqual({ kind: 'model', name: 'mock-model', model: 'mock-model' });
      expect(t.steps.every((s) => s.usage && s.model?.latencyMs !== undefined && s.durationMs !== undefined)).toBe(true);
      expect(Object.keys(t.meta?.model ?? {})).toEqual(['endpoint', 'usage', 'messages', 'events']);
      expect(t.events).toEqual([]);
    },
  ],
  [
    'tripwire',
    (t) => {
      expect(t.agent).toEqual({ kind: 'human', name: 'you', hints: true });
      expect(t.events).toEqual([expect.objectContaining({ code: HINTS_REVEALED, beforeStep: 0 })]);
      expect(t.steps[0]!.call.name).toBe('execute_sql');
      expect(t.steps[0]!.events.map((e) => e.code)).toEqual(['access', 'call-normalised']);
    },
  ],
  [
    'ticket-queue',
    (t) => {
      expect(t.stop).toEqual({ reason: 'budget', terminated: false, truncated: true, detail: 'turn budget of 6 calls used' });
      expect(t.scorecard?.verdict.full).toBe('FAIL');
    },
  ],
];

/**
 * Where a world's verifier changed on purpose after a fixture was recorded, the
 * scorecard it re-scores to is the recorded one with exactly these differences
 * and nothing else: the layers added (each scored as given), and the caught-by
 * the new layer order names. Reward, naive, both verdicts, readings and every
 * recorded layer stay as recorded.
 */
interface Rescored {
  why: string;
  added: Record<string, number>;
  caughtBy?: string;
}
const RESCORED: Record<string, Rescored> = {
  // Issue 21: ticket-queue's end state is a diff, a gate between credit and collateral. Neither run
  // holds the gold end state, so it scores 0; the blanket run's caught-by is now recall's (recall is
  // named before the end state and collateral, which both fail too).
  'native-v1-ticket-queue.json': {
    why: 'the end-state gate (issue 21)',
    added: { 'end-state': 0 },
    caughtBy: 'required-write recall: 1 required write missing or wrong: note on TQ-462',
  },
  'saved-run-v1.json': { why: 'the end-state gate (issue 21)', added: { 'end-state': 0 } },
};

/** The recorded scorecard as today's verifier scores it: the recorded one, with the stated changes. */
function expectRescored(name: string, rescored: Scorecard, recorded: unknown): void {
  const change = RESCORED[name];
  if (!change) return void expect(rescored).toEqual(recorded);
  const { layers, verdict, ...rest } = rescored;
  const old = recorded as Scorecard;
  const added = layers.filter((l) => l.id in change.added);
  expect(Object.fromEntries(added.map((l) => [l.id, l.value])), change.why).toEqual(change.added);
  expect(
    layers.filter((l) => !(l.id in change.added)),
    change.why,
  ).toEqual(old.layers);
  expect(verdict).toEqual({ ...old.verdict, ...(change.caughtBy ? { caughtBy: change.caughtBy } : {}) });
  const { layers: _l, verdict: _v, ...oldRest } = old;
  expect(rest).toEqual(oldRest);
}

describe.each(V1)('a version 1 trace of %s, read forward', (world, expectations) => {
  const text = fixture(`native-v1-${world}.json`);
  const raw = JSON.parse(text) as { version: number; scorecard: unknown };

  it('is still the frozen version 1 file', () => {
    expect(raw.version).toBe(1);
  });

  it('reads as the current version, every recorded field kept', () => {
    const read = parseTrace(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.version).toBe(TRACE_VERSION);
    expect(read.value.world).toBe(world);
    expectations(read.value);
    // What it held in version 1 is there as it was: only the migration's additions differ.
    const { events: _added, version: _v, ...rest } = read.value;
    const { version: _v1, ...v1 } = JSON.parse(text) as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(rest))).toEqual(v1);
    expect(parseTrace(serializeTrace(read.value))).toEqual(read);
  });

  it("replays as a match against today's world, and re-scores to the scorecard it was recorded with", async () => {
    const read = parseTrace(text);
    if (!read.ok) throw new Error(read.error);
    const report = await verifyTrace(worldOf(world), read.value);
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.value.diffs).toEqual([]);
    expect(report.value.status).toBe('match');
    // Recorded before scorecards carried their composition: the rest is as recorded,
    // and the composition recomputed from the recorded layers is the re-scored one.
    const { composition, ...rescored } = report.value.trace.scorecard!;
    expectRescored(`native-v1-${world}.json`, rescored, raw.scorecard);
    expect(read.value.scorecard?.composition).toBeUndefined();
    // A card recorded before a layer was added is shown without shares (compositionOf), not with another total's.
    const changed = RESCORED[`native-v1-${world}.json`];
    expect(compositionOf(worldOf(world), read.value.task, read.value.scorecard!)).toEqual(
      changed && Object.keys(changed.added).length > 0 ? null : composition,
    );
    expect(report.value.trace.events).toEqual(read.value.events);
  });
});

describe('a run in progress saved in IndexedDB by version 1', () => {
  const raw: unknown = JSON.parse(fixture('saved-run-v1.json'));

  it('parses, its trace migrated', () => {
    const run = parseSavedRun(raw);
    expect(run.ok).toBe(true);
    if (!run.ok) return;
    expect(run.value).toMatchObject({ id: 'run-2f0c9d4e', savedAt: 1767225600000, finished: false, lease: 2 });
    expect(run.value.trace).toMatchObject({ version: TRACE_VERSION, world: 'ticket-queue', stop: null, events: [] });
    expect(run.value.trace.scorecard?.final).toBe(false);
  });

  it('continues where it stopped: its calls replay to the same results and the same provisional scorecard', async () => {
    const run = parseSavedRun(raw);
    if (!run.ok) throw new Error(run.error);
    const world = worldOf(run.value.trace.world);
    const task = world.makeTask(run.value.trace.task);
    if (!task.ok) throw new Error(task.error);
    const episode = await Episode.open(world, task.value, run.value.trace.agent, { events: run.value.trace.events });
    for (const s of run.value.trace.steps) await episode.apply(s.call, { durationMs: s.durationMs });
    const again = await episode.toTrace();
    await episode.close();
    expect(again.steps).toEqual(run.value.trace.steps);
    const recorded = isJsonObject(raw) && isJsonObject(raw.trace) ? raw.trace.scorecard : undefined;
    const { composition: _added, ...rescored } = again.scorecard!;
    expectRescored('saved-run-v1.json', rescored, recorded);
  });
});
