import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/types';
import type { World } from '../../core/world';
import { parseTrace } from '../../traces/native';
import { makeStudy, type Study, type StudyDraft } from '../../traces/study/definition';
import { studyMetaOf } from '../../traces/study/results';
import { checkStudyRun } from '../../traces/study/verify';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { HumanDriver } from '../live/humanDriver';
import { startAnnotated } from '../live/runs';
import { MemoryStore, SharedLocks, tabDeps } from '../live/testing';
import { progressKey, type KeyValue } from './progress';
import { phaseOf, StudySession, type StudyDeps } from './session';

const DRAFT: StudyDraft = {
  title: 'Two pages',
  instructions: '',
  tasks: [
    { world: 'fault-api', spec: { profile: 'clean', seed: 1, num_records: 40, page_size: 4, max_turns: 30 } },
    { world: 'fault-api', spec: { profile: 'clean', seed: 2, num_records: 40, page_size: 4, max_turns: 30 } },
  ],
  order: 'fixed',
  timeLimitS: null,
  minutes: null,
  showScores: true,
};

const study = (d: Partial<StudyDraft> = {}): Study => {
  const s = makeStudy({ ...DRAFT, ...d });
  if (!s.ok) throw new Error(s.error);
  return s.value;
};

const fetchPage: ToolCall = { name: 'fetch_page', arguments: { cursor: null } };
const flush = () => new Promise((r) => setTimeout(r, 0));

/** One browser: its localStorage, its IndexedDB runs and locks, its wall clock and its timer, shared by the tabs (sessions) opened in it. */
function browser() {
  const kv = new Map<string, string>();
  const progress: KeyValue = { get: (k) => kv.get(k) ?? null, set: (k, v) => void kv.set(k, v), remove: (k) => void kv.delete(k) };
  const store = new MemoryStore();
  const locks = new SharedLocks();
  const clock = { t: 1_000_000 };
  const timers = new Set<() => void>();
  let ids = 0;
  /** A tab: its own drivers in memory; what it restores comes from the shared store. */
  const tab = (): StudyDeps => {
    const held = new Map<string, HumanDriver>();
    return {
      progress,
      now: () => clock.t,
      runs: {
        start: async (world, task, meta) => {
          const id = `run-${++ids}`;
          const d = await startAnnotated(world, task, meta, id, tabDeps(store, locks), () => clock.t);
          held.set(id, d);
          return d;
        },
        get: async (id, world) => held.get(id) ?? HumanDriver.restore(world, id, tabDeps(store, locks), () => clock.t),
      },
      world: (id): World => {
        if (id !== faultApiWorld.id) throw new Error(`no ${id}`);
        return faultApiWorld;
      },
      every: (_ms, fn) => {
        timers.add(fn);
        return () => timers.delete(fn);
      },
    };
  };
  const advance = async (ms: number) => {
    clock.t += ms;
    for (const fn of [...timers]) fn();
    await flush();
    await flush();
  };
  return { kv, store, locks, tab, advance, clock, timers };
}

describe('a participant in a study', () => {
  it('goes from the intro through each task to the results file, every run carrying its study, pseudonym, place and wall time', async () => {
    const b = browser();
    const s = new StudySession(study(), b.tab());
    await s.load();
    expect(s.phase).toEqual({ kind: 'intro' });
    expect(s.begin('  ')).toBe('choose a pseudonym: any name that is not your own');
    expect(s.begin('blue heron')).toBeNull();
    expect(s.phase).toEqual({ kind: 'ready', position: 0 });

    await s.startTask();
    expect(s.phase).toEqual({ kind: 'playing', position: 0 });
    const first = s.state.driver!;
    b.clock.t += 4000;
    await first.call(fetchPage);
    b.clock.t += 6000;
    await first.call({ name: 'submit_records', arguments: { records: [] } });
    await flush();
    expect(s.phase).toEqual({ kind: 'ready', position: 1 });
    expect(s.state.driver).toBeNull();

    await s.startTask();
    b.clock.t += 2500;
    await s.state.driver!.giveUp();
    expect(s.phase).toEqual({ kind: 'done' });

    const { text, name } = await s.results();
    expect(name).toMatch(/^study-two-pages-[0-9a-f]{6}-blue-heron\.jsonl$/);
    const lines = text
      .trim()
      .split('\n')
      .map((l) => parseTrace(l));
    expect(lines).toHaveLength(2);
    const [a, c] = lines.map((l) => (l.ok ? l.value : null));
    expect(studyMetaOf(a!)).toMatchObject({
      ok: true,
      value: { id: s.study.id, pseudonym: 'blue heron', task: 1, position: 1, of: 2, wallMs: 10_000, timedOut: false },
    });
    expect(a!.steps.map((x) => x.durationMs)).toEqual([4000, 6000]);
    expect(studyMetaOf(c!)).toMatchObject({ ok: true, value: { task: 2, position: 2, wallMs: 2500 } });
    expect(c!.stop).toMatchObject({ reason: 'abandoned' });
    expect(await checkStudyRun(faultApiWorld, a!)).toMatchObject({ verified: true });
    expect(s.state.scores!.map((x) => [x.task, x.full])).toEqual([
      [1, 'FAIL'],
      [2, 'FAIL'],
    ]);
    s.downloaded();
    expect(s.phase).toEqual({ kind: 'thanks' });
    s.leave();
    expect(s.phase).toEqual({ kind: 'intro' });
    expect(b.kv.has(progressKey(s.study.id))).toBe(false);
    // The participant's runs stay in the library: leaving forgets the place, not the runs.
    expect(b.store.records.size).toBe(2);
  });

  it('a reload resumes the task under way with its steps, and the study goes on from there', async () => {
    const b = browser();
    const before = new StudySession(study(), b.tab());
    await before.load();
    before.begin('ada');
    await before.startTask();
    await before.state.driver!.call(fetchPage);
    await before.state.driver!.call(fetchPage);
    await before.state.driver!.live.close();

    const after = new StudySession(study(), b.tab());
    await after.load();
    expect(after.phase).toEqual({ kind: 'playing', position: 0 });
    expect(after.state.driver!.live.trace.steps).toHaveLength(2);
    expect(after.state.driver!.live.trace.meta?.study).toMatchObject({ pseudonym: 'ada', position: 1 });
    await after.state.driver!.call({ name: 'submit_records', arguments: { records: [] } });
    await flush();
    expect(after.phase).toEqual({ kind: 'ready', position: 1 });
  });

  it('shows a shuffled study in the pseudonym’s order', async () => {
    const b = browser();
    const s = new StudySession(
      study({ order: 'shuffled', tasks: [0, 1, 2, 3].map((seed) => ({ world: 'fault-api', spec: { ...DRAFT.tasks[0]!.spec, seed } })) }),
      b.tab(),
    );
    await s.load();
    s.begin('zed');
    await s.startTask();
    const meta = s.state.driver!.live.trace.meta?.study as { task: number };
    expect(meta.task).toBe(s.order()[0]! + 1);
    expect(s.state.driver!.live.trace.task.seed).toBe(s.order()[0]);
  });

  it('the time limit ends a task when it runs out, and a reload after it ends the task at its limit', async () => {
    const b = browser();
    const s = new StudySession(study({ timeLimitS: 60 }), b.tab());
    await s.load();
    s.begin('ada');
    await s.startTask();
    await s.state.driver!.call(fetchPage);
    await b.advance(30_000);
    expect(s.remainingMs()).toBe(30_000);
    await b.advance(31_000);
    expect(s.phase).toEqual({ kind: 'ready', position: 1 });
    const run = b.store.records.get('run-1')!.trace;
    expect(run.stop).toEqual({ reason: 'budget', terminated: false, truncated: true, detail: "the study's time limit of 1 min per task ran out" });
    expect(s.state.progress!.tasks[0]).toMatchObject({ timedOut: true, endedAt: s.state.progress!.tasks[0]!.startedAt! + 60_000 });
    expect(b.timers.size).toBe(0);

    await s.startTask();
    await s.state.driver!.live.close();
    b.clock.t += 3_600_000;
    const later = new StudySession(study({ timeLimitS: 60 }), b.tab());
    await later.load();
    await flush();
    expect(later.phase).toEqual({ kind: 'done' });
    const t = later.state.progress!.tasks[1]!;
    expect(t.endedAt! - t.startedAt!).toBe(60_000);
  });

  it('a second tab on the same study follows the first instead of playing a task twice', async () => {
    const b = browser();
    const one = new StudySession(study(), b.tab());
    const two = new StudySession(study(), b.tab());
    await one.load();
    await two.load();
    one.begin('ada');
    await two.follow();
    expect(two.phase).toEqual({ kind: 'ready', position: 0 });
    await one.startTask();
    await two.follow();
    expect(two.phase).toEqual({ kind: 'playing', position: 0 });
    // The run is the first tab's: here it is shown, not written.
    expect(two.state.driver!.live.state.access).toEqual({ kind: 'reader', why: 'open-elsewhere' });
    await one.state.driver!.call({ name: 'submit_records', arguments: { records: [] } });
    await flush();
    await two.follow();
    expect(two.phase).toEqual({ kind: 'ready', position: 1 });
    expect(two.state.driver).toBeNull();
  });

  it('a place that cannot be read is said, and the participant starts again; a run storage never took can be restarted', async () => {
    const b = browser();
    const s0 = study();
    b.kv.set(progressKey(s0.id), '{"v": 1, "study": "elsewhere"}');
    const s = new StudySession(s0, b.tab());
    await s.load();
    expect(s.state.problem).toMatch(/^Your place in this study could not be read \(study: the progress of study elsewhere/);
    expect(phaseOf(s.state.progress)).toEqual({ kind: 'intro' });

    s.begin('ada');
    await s.startTask();
    b.store.records.clear();
    await s.state.driver!.live.close();
    const again = new StudySession(s0, b.tab());
    await again.load();
    expect(again.state.problem).toMatch(/^Task 1 could not be reopened: no saved run "run-1"/);
    again.restartTask();
    expect(again.phase).toEqual({ kind: 'ready', position: 0 });
  });
});
