import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { canonicalJson } from '../core/json';
import type { World } from '../core/world';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { trustingSolver, stubbornSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { replayCalls, verifyTrace } from './replay';

describe('replay verification', () => {
  it('reproduces every recorded result of an untouched trace', async () => {
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('hostile', 8)), stubbornSolver());
    const report = await verifyTrace(faultApiWorld, trace);
    expect(report.ok && report.value.status).toBe('match');
    expect(report.ok && JSON.stringify(report.value.trace)).toBe(JSON.stringify(trace));
  });

  it('marks the step whose result was edited, with the diff', async () => {
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('clean', 8)), trustingSolver());
    const edited = structuredClone(trace);
    const id = /"id":"(rec-[0-9a-z]+)"/.exec(edited.steps[1]!.result.content)?.[1];
    expect(id).toBeDefined();
    edited.steps[1]!.result.content = edited.steps[1]!.result.content.replace(id!, 'rec-9999');
    const report = await verifyTrace(faultApiWorld, edited);
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.value.status).toBe('mismatch');
    expect(report.value.diffs).toHaveLength(1);
    expect(report.value.diffs[0]).toMatchObject({ step: 1, field: 'content' });
    expect(report.value.diffs[0]!.recorded).toContain('rec-9999');
  });

  it('re-scores with the current verifiers: an edited scorecard is ignored', async () => {
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('hostile', 8)), trustingSolver());
    const forged = structuredClone(trace);
    forged.scorecard!.reward = 1;
    const report = await verifyTrace(faultApiWorld, forged);
    expect(report.ok && report.value.trace.scorecard!.reward).toBe(trace.scorecard!.reward);
  });

  it('reports a task the world rejects', async () => {
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('clean', 1)), trustingSolver());
    const report = await verifyTrace(faultApiWorld, { ...trace, task: { profile: 'nope' } });
    expect(report).toMatchObject({ ok: false, error: expect.stringContaining('task.profile must be one of') });
  });

  it('scores a script that stops early as abandoned', async () => {
    const task = taskFromParams(params('clean', 1));
    const { trace } = await replayCalls(faultApiWorld, task, [{ call: { name: 'fetch_page', arguments: {} } }], { kind: 'scripted', name: 's' });
    expect(trace.stop?.reason).toBe('abandoned');
    expect(trace.scorecard?.verdict.full).toBe('FAIL');
  });

  describe('with a pause hook (the page hands the main thread back between slices)', () => {
    /** A pause that takes the continuation through the event loop, as the page's does, every `every` calls. */
    function pauses(every = 1) {
      let calls = 0;
      const pause = async () => {
        calls++;
        if (calls % every === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      };
      return { pause, calls: () => calls };
    }

    it('gives the byte-identical report, a match or a mismatch, and is called between every two steps of work', async () => {
      const trace = await runEpisode(faultApiWorld, taskFromParams(params('hostile', 8)), stubbornSolver());
      const edited = structuredClone(trace);
      edited.steps[2]!.result.content = edited.steps[2]!.result.content.replace('"', '"x');
      edited.steps[3]!.durationMs = 1234;
      for (const t of [trace, edited]) {
        const straight = await verifyTrace(faultApiWorld, t);
        for (const every of [1, 3]) {
          const p = pauses(every);
          const paused = await verifyTrace(faultApiWorld, t, { pause: p.pause });
          expect(canonicalJson(paused)).toBe(canonicalJson(straight));
          // Once after each replayed call, once before each step is compared.
          expect(p.calls()).toBe(2 * t.steps.length);
        }
      }
    });

    it('stops the replay where the hook rejects, and still closes the session', async () => {
      let closed = 0;
      const counting: World = {
        ...faultApiWorld,
        open: async (task) => {
          const session = await faultApiWorld.open(task);
          return Object.assign(Object.create(session) as typeof session, { close: async () => (closed++, session.close()) });
        },
      };
      const trace = await runEpisode(faultApiWorld, taskFromParams(params('hostile', 8)), stubbornSolver());
      let left = 3;
      const pause = async () => {
        if (--left === 0) throw new DOMException('the view was left', 'AbortError');
      };
      await expect(verifyTrace(counting, trace, { pause })).rejects.toThrow('the view was left');
      expect(closed).toBe(1);
    });
  });
});
