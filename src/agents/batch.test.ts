import { afterEach, describe, expect, it } from 'vitest';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver, trustingSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { aggregate, cellBy, rolloutUsage } from './aggregate';
import { runBatch, type BatchProgress } from './batch';
import { ModelAgent } from './modelAgent';
import { mockConfig } from './testing/helpers';
import { multiTaskResponder } from './testing/policyResponder';
import { startMockServer, type MockServer, type Responder } from './testing/mockServer';

// Different turn budgets give different prompts, so the mock can tell the tasks apart.
const tasks = [
  taskFromParams({ ...params('hostile', 1), maxTurns: 30 }),
  taskFromParams({ ...params('realistic', 2), maxTurns: 29 }),
  taskFromParams({ ...params('clean', 3), maxTurns: 28 }),
];

let server: MockServer;
afterEach(() => server?.close());

/** Answers after `ms`, counting how many requests are in flight at once. */
function throttled(inner: Responder, ms: number) {
  const stats = { inFlight: 0, peak: 0 };
  const respond: Responder = async (req, i) => {
    stats.peak = Math.max(stats.peak, ++stats.inFlight);
    await new Promise((r) => setTimeout(r, ms));
    stats.inFlight--;
    return inner(req, i);
  };
  return { respond, stats };
}

describe('runBatch', () => {
  it('runs 6 rollouts (3 tasks × 2) two at a time, with progress, and tabulates them', async () => {
    const { respond, stats } = throttled(multiTaskResponder(tasks, carefulSolver), 2);
    server = await startMockServer({ respond });
    const progress: BatchProgress[] = [];
    const result = await runBatch({
      world: faultApiWorld,
      tasks,
      rollouts: 2,
      concurrency: 2,
      makeAgent: (_r, signal) => new ModelAgent({ config: mockConfig(server, { pricePerMTokIn: 1 }), signal }),
      onProgress: (p) => progress.push(p),
    });
    expect(result.traces).toHaveLength(6);
    expect(result).toMatchObject({ cancelled: 0, failed: [] });
    expect(result.runs.map((r) => [r.rollout.task.id, r.rollout.index])).toEqual(
      tasks.flatMap((t) => [
        [t.id, 0],
        [t.id, 1],
      ]),
    );
    expect(stats.peak).toBe(2);
    expect(Math.max(...progress.map((p) => p.running))).toBe(2);
    expect(progress.at(-1)).toMatchObject({ done: 6, total: 6 });
    expect(progress.filter((p) => p.trace)).toHaveLength(6);
    for (const t of result.traces) {
      expect(t.stop?.reason).toBe('submitted');
      expect(t.meta?.model).toMatchObject({ endpoint: { model: 'mock-model' }, usage: { requests: t.steps.length } });
    }

    const rows = aggregate(result.traces);
    expect(rows.map((r) => [r.n, r.reward, r.fullPass])).toEqual([
      [2, 1, 1],
      [2, 1, 1],
      [2, 1, 1],
    ]);
    const row = rows[0]!;
    const usage = result.traces.slice(0, 2).map(rolloutUsage);
    expect(row.promptTokens).toBe((usage[0]!.promptTokens + usage[1]!.promptTokens) / 2);
    expect(row.peakPromptTokens).toBe(Math.max(usage[0]!.peakPromptTokens, usage[1]!.peakPromptTokens));
    expect(row.costUsd).toBeCloseTo((usage[0]!.promptTokens + usage[1]!.promptTokens) / 1e6, 12);
    expect(row.stops).toEqual({ submitted: 2 });
    expect(Object.keys(row.layers).length).toBeGreaterThan(0);
    expect(aggregate(result.traces, cellBy('profile')).map((r) => r.cell)).toEqual([
      'fault-api {"profile":"hostile"}',
      'fault-api {"profile":"realistic"}',
      'fault-api {"profile":"clean"}',
    ]);
  });

  it('cancel keeps what finished and drops the rollouts it cut short', async () => {
    const { respond } = throttled(multiTaskResponder(tasks, carefulSolver), 5);
    server = await startMockServer({ respond });
    const ac = new AbortController();
    const result = await runBatch({
      world: faultApiWorld,
      tasks,
      rollouts: 2,
      concurrency: 2,
      signal: ac.signal,
      makeAgent: (_r, signal) => new ModelAgent({ config: mockConfig(server), signal }),
      onProgress: (p) => {
        if (p.done === 2) ac.abort();
      },
    });
    expect(result.traces).toHaveLength(2);
    expect(result.cancelled).toBe(4);
    for (const t of result.traces) expect(t.stop?.reason).toBe('submitted');
  });

  it('works with any agent: scripted solvers give naive vs full per cell', async () => {
    const hostile = [taskFromParams(params('hostile', 1)), taskFromParams(params('hostile', 2))];
    const result = await runBatch({ world: faultApiWorld, tasks: hostile, rollouts: 1, concurrency: 3, makeAgent: () => trustingSolver() });
    const [row] = aggregate(result.traces, cellBy('profile'));
    const cards = result.traces.map((t) => t.scorecard!);
    expect(row).toMatchObject({ n: 2, costUsd: null, promptTokens: 0 });
    expect(row!.reward).toBeCloseTo((cards[0]!.reward + cards[1]!.reward) / 2, 12);
    expect(row!.naive).toBeCloseTo((cards[0]!.naive + cards[1]!.naive) / 2, 12);
    expect(row!.reward).not.toBeCloseTo(row!.naive, 2);
  });
});

describe('a plan far larger than memory', () => {
  it('is read by position, never built: 10^9 rollouts start at once, and a cancel after three keeps those three', async () => {
    const controller = new AbortController();
    let started = 0;
    const result = await runBatch({
      world: faultApiWorld,
      tasks: [tasks[0]!],
      rollouts: 1_000_000_000,
      concurrency: 1,
      signal: controller.signal,
      makeAgent: () => {
        if (++started === 3) controller.abort();
        return carefulSolver();
      },
    });
    expect(result.runs.map((r) => r.rollout.index)).toEqual([0, 1, 2]);
    expect(result.cancelled).toBe(1_000_000_000 - 3);
  });
});
