import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { Trace } from '../../core/types';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { WORLDS } from '../../worlds/registry';
import { importText } from '../import/importText';
import { nativeTraces } from '../import/testing';
import { vfRolloutToTrace } from '../import/vfToCalls';
import { replayCalls } from '../replay';
import { exportVfResultsJsonl, traceToVfRow } from './vfResults';

async function roundTrip(traces: Trace[]) {
  const text = exportVfResultsJsonl(traces, WORLDS);
  const { items, summary } = importText(text);
  expect(summary).toMatchObject({ format: 'vf-eval-jsonl', errors: [], warnings: [], vfEras: ['v0.1.10-v0.1.13'] });
  return { text, rollouts: items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : [])) };
}

describe('native → vf-eval results.jsonl → import → replay', () => {
  it('gives back the same calls, and the same scorecard when replayed', async () => {
    const traces = await nativeTraces();
    const { rollouts } = await roundTrip(traces);
    expect(rollouts).toHaveLength(traces.length);
    for (const [i, trace] of traces.entries()) {
      const plan = vfRolloutToTrace(rollouts[i]!, WORLDS);
      if (!plan.ok) throw new Error(plan.error);
      expect(plan.value.taskSpec).toEqual(trace.task);
      expect(plan.value.agent).toEqual(trace.agent);
      expect(plan.value.calls.map((c) => ({ name: c.call.name, arguments: c.call.arguments }))).toEqual(
        trace.steps.map((s) => ({ name: s.call.name, arguments: s.call.arguments })),
      );
      const { trace: replayed } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
      expect(replayed.steps.map((s) => s.result)).toEqual(trace.steps.map((s) => s.result));
      expect(replayed.stop?.reason).toBe(trace.stop?.reason);
      expect(replayed.scorecard).toEqual(trace.scorecard);
      expect(rollouts[i]!.reward).toBe(trace.scorecard!.reward);
      expect(rollouts[i]!.metrics.naive_reward).toBe(trace.scorecard!.naive);
    }
  });

  it('round-trips a ticket-queue trace too (another world, other tools)', async () => {
    const task = ticketQueueWorld.listTasks()[0]!;
    const agent = ticketQueueWorld.referenceAgents.find((a) => a.appliesTo(task))!.create(task);
    const trace = await runEpisode(ticketQueueWorld, task, agent);
    const { rollouts } = await roundTrip([trace]);
    const plan = vfRolloutToTrace(rollouts[0]!, WORLDS);
    if (!plan.ok) throw new Error(plan.error);
    const { trace: replayed } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    expect(replayed.scorecard).toEqual(trace.scorecard);
  });

  it('writes the v0.1.12+ row shape Python tooling reads', async () => {
    const [trace] = await nativeTraces();
    const row = traceToVfRow(trace!, 3, WORLDS);
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'example_id',
        'prompt',
        'completion',
        'info',
        'reward',
        'metrics',
        'is_completed',
        'is_truncated',
        'stop_condition',
        'tool_defs',
      ]),
    );
    expect(row).toMatchObject({
      example_id: 3,
      task: 'fault-api',
      stop_condition: 'submitted',
      is_completed: true,
      is_truncated: false,
      naive_reward: trace!.scorecard!.naive,
    });
    const completion = row.completion as Array<Record<string, unknown>>;
    const call = JSON.parse((completion[0]!.tool_calls as string[])[0]!) as Record<string, unknown>;
    expect(Object.keys(call)).toEqual(['id', 'name', 'arguments']);
    expect(typeof call.arguments).toBe('string');
    expect(completion[1]).toEqual({ role: 'tool', tool_call_id: call.id, content: trace!.steps[0]!.result.content });
    expect((row.prompt as unknown[]).length).toBe(2);
  });
});
