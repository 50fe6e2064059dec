import { describe, expect, it } from 'vitest';
import { WORLDS } from '../../worlds/registry';
import { replayCalls } from '../replay';
import { importText } from './importText';
import { parseVfMetadata } from './metadata';
import { fixture, type Era } from './testing';
import type { VfRollout } from './types';
import { vfRolloutToTrace } from './vfToCalls';

function rollouts(era: Era): VfRollout[] {
  const meta = parseVfMetadata(fixture(era, 'metadata.json'));
  if (!meta.ok) throw new Error(meta.error);
  return importText(fixture(era, 'results.jsonl'), { metadata: meta.value }).items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : []));
}

describe('vf-eval rollouts of our worlds map to replayable calls', () => {
  it('a fault-api rollout (info.world + info.task) replays and scores on every layer', async () => {
    const [first] = rollouts('v0.2');
    const plan = vfRolloutToTrace(first!, WORLDS);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.world.id).toBe('fault-api');
    expect(plan.value.taskSpec).toMatchObject({ profile: 'clean', seed: 1, num_records: 8, page_size: 4 });
    expect(plan.value.calls.map((c) => c.call.name)).toEqual(['fetch_page', 'fetch_page', 'submit_records']);
    expect(plan.value.agent).toEqual({ kind: 'model', name: 'openai/gpt-5-mini', model: 'openai/gpt-5-mini' });
    const { trace, unplayed } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    expect(unplayed).toBe(0);
    expect(trace.stop?.reason).toBe('submitted');
    expect(trace.scorecard?.layers.map((l) => [l.id, l.value])).toEqual([
      ['completeness', 1],
      ['type_handling', 1],
      ['budget_discipline', 1],
      ['provenance', 1],
    ]);
    // The recorded tool results are what the world returns now.
    expect(trace.steps.map((s) => s.result.content)).toEqual(first!.calls.map((c) => c.result?.content));
  });

  it('finds the world from the metadata env id when info names no world', () => {
    const [first] = rollouts('v0.2');
    const bare = { ...first!, info: { task: first!.info!.task! } };
    const plan = vfRolloutToTrace(bare, WORLDS);
    expect(plan.ok && plan.value.world.id).toBe('fault-api');
  });

  it('accepts a bare task id string for ticket-queue', () => {
    const [first] = rollouts('v0.2');
    const plan = vfRolloutToTrace({ ...first!, info: { world: 'ticket-queue', task: 'urgent-escalation' }, metadata: undefined }, WORLDS);
    expect(plan.ok && plan.value.taskSpec).toMatchObject({ id: 'urgent-escalation' });
  });

  it('says why a rollout cannot be replayed', () => {
    const [hangman] = rollouts('v0.1.10');
    expect(vfRolloutToTrace(hangman!, WORLDS)).toEqual({ ok: false, error: expect.stringMatching(/^hangman_agent is not one of the playground's worlds/) });
    const [fa] = rollouts('v0.2');
    expect(vfRolloutToTrace({ ...fa!, info: { world: 'fault-api', task: { profile: 'nope' } } }, WORLDS)).toEqual({
      ok: false,
      error: expect.stringContaining('task cannot be identified from info: task.profile must be one of'),
    });
    expect(vfRolloutToTrace({ ...fa!, calls: [] }, WORLDS)).toEqual({ ok: false, error: 'a fault-api rollout with no tool calls: nothing to replay' });
  });

  it('maps the recorded stop condition for a rollout whose calls run out', () => {
    const [fa] = rollouts('v0.2');
    const cut = { ...fa!, calls: fa!.calls.slice(0, 1), stopCondition: 'max_turns_reached', isTruncated: true };
    const plan = vfRolloutToTrace(cut, WORLDS);
    expect(plan.ok && plan.value.stop).toMatchObject({ reason: 'budget', truncated: true });
  });
});
