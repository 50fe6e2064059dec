import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { isJsonObject, type Json } from '../../core/json';
import type { Trace } from '../../core/types';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { WORLDS } from '../../worlds/registry';
import { importText } from '../import/importText';
import { nativeTraces } from '../import/testing';
import type { VfRollout } from '../import/types';
import { vfRolloutToTrace } from '../import/vfToCalls';
import { replayCalls } from '../replay';
import { bufferSource } from './byteSource';
import { buildInspectLogs } from './exportLog';
import { importInspectEval } from './importEval';
import { LOG_SHAPES } from './logShape';
import { validateAgainst } from './validateLog';
import { inspectEvalZip, inspectJsonText } from './writeLog';

const CREATED = '2025-01-02T03:04:05+00:00';

async function traces(): Promise<Trace[]> {
  const task = ticketQueueWorld.listTasks()[0]!;
  const agent = ticketQueueWorld.referenceAgents.find((a) => a.appliesTo(task))!.create(task);
  return [...(await nativeTraces()), await runEpisode(ticketQueueWorld, task, agent)];
}

const rolloutsOf = (items: { kind: string; rollout?: VfRollout }[]) => items.flatMap((i) => (i.kind === 'vf' && i.rollout ? [i.rollout] : []));

async function fromZip(bytes: Uint8Array): Promise<VfRollout[]> {
  const out: VfRollout[] = [];
  const summary = await importInspectEval(bufferSource(bytes), {
    onEvents: (events) => events.forEach((e) => e.type === 'item' && e.item.kind === 'vf' && out.push(e.item.rollout)),
  });
  expect(summary).toMatchObject({ format: 'inspect-eval', errors: [], warnings: [], fatal: null, inspect: out.length });
  return out;
}

/** Back into the world: the same calls, results and scorecard, the agent and task as they were. */
async function expectReplaysAs(rollout: VfRollout, trace: Trace) {
  const plan = vfRolloutToTrace(rollout, WORLDS);
  if (!plan.ok) throw new Error(plan.error);
  expect(plan.value.world.id).toBe(trace.world);
  expect(plan.value.taskSpec).toEqual(trace.task);
  expect(plan.value.agent).toEqual(trace.agent);
  expect(plan.value.calls.map((c) => c.call)).toEqual(trace.steps.map((s) => (s.call.id === undefined ? { ...s.call, id: expect.any(String) } : s.call)));
  const { trace: replayed } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
  expect(replayed.steps.map((s) => s.result)).toEqual(trace.steps.map((s) => s.result));
  expect(replayed.scorecard).toEqual(trace.scorecard);
  expect(replayed.stop?.reason).toBe(trace.stop?.reason);
}

describe('our traces → Inspect log → our importer', () => {
  it('writes every field the log schema (Inspect dbad73cf) requires, with the types it allows', async () => {
    const timed = (await traces()).map((trace, i) => ({
      ...trace,
      meta: { ...trace.meta, started_at: `2025-01-01T10:0${i}:00.000Z`, ended_at: `2025-01-01T10:0${i}:30.000Z` },
    }));
    const { logs, notes } = buildInspectLogs(
      timed.map((trace) => ({ kind: 'native', trace })),
      WORLDS,
      CREATED,
    );
    expect(notes).toEqual([]);
    expect(logs.map((l) => [l.env, l.model])).toEqual([
      ['fault-api', 'careful'],
      ['fault-api', 'trusting'],
      ['ticket-queue', expect.any(String)],
    ]);
    for (const { log } of logs) expect(validateAgainst(LOG_SHAPES, 'EvalLog', log)).toEqual([]);
  });

  it('the validator is not a rubber stamp: a missing field, a wrong type and an unknown key are each reported', async () => {
    const { logs } = buildInspectLogs([{ kind: 'native', trace: (await nativeTraces())[0]! }], WORLDS, CREATED);
    const log = structuredClone(logs[0]!.log) as { eval: Record<string, Json>; samples: Record<string, Json>[] };
    delete log.eval.run_id;
    log.samples[0]!.epoch = 'one';
    log.samples[0]!.colour = 'blue';
    expect(validateAgainst(LOG_SHAPES, 'EvalLog', log as unknown as Json)).toEqual([
      'EvalLog.eval: missing required "run_id" (EvalSpec)',
      'EvalLog.samples[0].epoch: expected integer, got string',
      expect.stringMatching(/^EvalLog\.samples\[0\]: unknown property "colour" \(EvalSample allows id, epoch/),
    ]);
  });

  it('.json: each trace comes back as a sample of its world that replays to the same scorecard', async () => {
    const all = await traces();
    const { logs } = buildInspectLogs(
      all.map((trace) => ({ kind: 'native', trace })),
      WORLDS,
      CREATED,
    );
    const back = logs.flatMap(({ log }) => {
      const { items, summary } = importText(inspectJsonText(log));
      expect(summary).toMatchObject({ format: 'inspect-json', errors: [], warnings: [] });
      return rolloutsOf(items);
    });
    expect(back).toHaveLength(all.length);
    for (const [i, trace] of all.entries()) {
      const r = back[i]!;
      expect(r.metadata).toMatchObject({ envId: trace.world, model: trace.agent.model ?? trace.agent.name });
      expect(r.reward).toBe(trace.scorecard!.reward);
      expect(r.metrics.naive_reward).toBe(trace.scorecard!.naive);
      for (const l of trace.scorecard!.layers) expect(r.metrics[l.id]).toBe(l.value);
      await expectReplaysAs(r, trace);
    }
  });

  it('.eval: the same through the zip, and two runs of one task are two epochs of one sample', async () => {
    const [trace] = await nativeTraces();
    const { logs } = buildInspectLogs(
      [
        { kind: 'native', trace: trace! },
        { kind: 'native', trace: trace! },
      ],
      WORLDS,
      CREATED,
    );
    expect(logs).toHaveLength(1);
    const samples = logs[0]!.log.samples as { id: Json; epoch: Json }[];
    expect(samples.map((s) => [s.id, s.epoch])).toEqual([
      ['hostile-seed-2', 1],
      ['hostile-seed-2', 2],
    ]);
    const back = await fromZip(inspectEvalZip(logs[0]!.log));
    expect(back.map((r) => [r.inspect!.sampleId, r.inspect!.epoch, r.inspect!.run.task, r.inspect!.run.model])).toEqual([
      ['hostile-seed-2', 1, 'fault-api', 'careful'],
      ['hostile-seed-2', 2, 'fault-api', 'careful'],
    ]);
    await expectReplaysAs(back[1]!, trace!);
  });

  it("carries the runs' own start and end (not the export's time) and the answer each handed in", async () => {
    const [a, b] = await nativeTraces();
    const at = (t: Trace, start: string, end: string): Trace => ({ ...t, meta: { ...t.meta, started_at: start, ended_at: end } });
    const { logs, notes } = buildInspectLogs(
      [
        { kind: 'native', trace: at(a!, '2025-03-01T09:00:00.000Z', '2025-03-01T09:02:00.000Z') },
        { kind: 'native', trace: at(a!, '2025-03-01T08:59:00.000Z', '2025-03-01T09:00:30.000Z') },
      ],
      WORLDS,
      CREATED,
    );
    expect(notes).toEqual([]);
    expect(logs[0]!.log.stats).toMatchObject({ started_at: '2025-03-01T08:59:00.000Z', completed_at: '2025-03-01T09:02:00.000Z' });
    const samples = logs[0]!.log.samples as Record<string, Json>[];
    expect(samples.map((s) => s.total_time)).toEqual([120, 90]);
    const submit = a!.steps.at(-1)!.call;
    expect(a!.stop?.reason).toBe('submitted');
    const reward = (samples[0]!.scores as Record<string, Record<string, Json>>).reward!;
    expect(reward.answer).toBe(JSON.stringify(submit.arguments));
    // Without recorded times the export's own time stands in, and the notes say so.
    const untimed = buildInspectLogs([{ kind: 'native', trace: b! }], WORLDS, CREATED);
    expect(untimed.logs[0]!.log.stats).toMatchObject({ started_at: CREATED, completed_at: CREATED });
    expect(untimed.notes).toEqual([expect.stringMatching(/^1 trace recorded no start and end time/)]);
  });

  it('keeps the hidden world events of each step and the scorecard in the log', async () => {
    const [trace] = await nativeTraces();
    const { logs } = buildInspectLogs([{ kind: 'native', trace: trace! }], WORLDS, CREATED);
    const sample = (logs[0]!.log.samples as Record<string, Json>[])[0]!;
    const tools = (sample.messages as Record<string, Json>[]).filter((m) => m.role === 'tool');
    expect(tools).toHaveLength(trace!.steps.length);
    const withEvents = trace!.steps.findIndex((s) => s.events.length > 0);
    expect(withEvents).toBeGreaterThanOrEqual(0);
    expect((tools[withEvents]!.metadata as Record<string, Json>).events).toEqual(trace!.steps[withEvents]!.events);
    const reward = (sample.scores as Record<string, Record<string, Json>>).reward!;
    expect(reward.metadata).toMatchObject({ verdict: trace!.scorecard!.verdict, layers: trace!.scorecard!.layers });
    expect(isJsonObject(sample.metadata) && sample.metadata.agent).toEqual(trace!.agent);
  });
});
