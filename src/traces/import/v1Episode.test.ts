import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { WORLDS } from '../../worlds/registry';
import { replayCalls } from '../replay';
import { identityOf } from './identity';
import { importText } from './importText';
import { vfRolloutToTrace } from './vfToCalls';

const msg = (role: string, content: string, extra: JsonObject = {}) => ({ role, content, ...extra });
const call = (id: string, name: string, args: JsonObject) => ({ id, name, arguments: JSON.stringify(args) });

/**
 * Episodes in the shape verifiers v1 writes (pydantic dumps with exclude_none): a fault-api
 * run with a branch the model abandoned, and a trace of another environment with weighted rewards.
 */
function episodes(): JsonObject[] {
  const faultApi: JsonObject = {
    id: 'ep1',
    env: { id: 'vp-fault-api' },
    task: { type: 'row', data: { profile: 'clean', seed: 1 }, key: 'clean-1' },
    run: { type: 'eval', id: 'run-7' },
    ok: true,
    traces: [
      {
        version: 1,
        agent: { config: {}, name: 'agent' },
        nodes: [
          { message: msg('system', 'Collect the records.') },
          { parent: 0, message: msg('user', 'Go.') },
          { parent: 1, sampled: true, message: msg('assistant', 'A first try, later branched away from.') },
          { parent: 1, sampled: true, message: { role: 'assistant', content: '', tool_calls: [call('c1', 'fetch_page', {})] } },
          { parent: 3, message: { role: 'tool', tool_call_id: 'c1', content: '{"records": []}' } },
          { parent: 4, sampled: true, message: { role: 'assistant', content: '', tool_calls: [call('c2', 'submit_records', { records: [] })] } },
          { parent: 5, message: { role: 'tool', tool_call_id: 'c2', content: 'ok' } },
        ],
        calls: [
          { node: 3, model: 'openai/gpt-test', usage: { prompt_tokens: 50, completion_tokens: 5 } },
          { node: 5, model: 'openai/gpt-test', usage: { prompt_tokens: 70, completion_tokens: 9 } },
        ],
        rewards: { correct: { score: 0.5, weight: 0.8 }, format: { score: 1, weight: 0.2 }, skipped: null },
        metrics: { turns: 2 },
        is_completed: true,
        ok: true,
        stop_condition: 'no_tools_called',
        timing: { start: 100, agent: { start: 100, end: 101.5 } },
      },
    ],
  };
  const wordle: JsonObject = {
    id: 'ep2',
    env: { id: 'wordle', name: 'wordle' },
    task: { type: 'row', data: { answer: 'crane' }, hash: 'h2' },
    ok: false,
    errors: [{ type: 'ProviderError', message: 'rate limited', status_code: 429 }],
    traces: [
      {
        nodes: [{ message: msg('user', 'Guess.') }, { parent: 0, sampled: true, message: msg('assistant', 'slate', { reasoning_content: 'vowels first' }) }],
        rewards: { win: { score: 0 } },
      },
    ],
  };
  return [faultApi, wordle];
}

describe('verifiers v1 traces.jsonl', () => {
  it('reads each trace: the branch it ended on, its weighted reward, named rewards as metrics, the env and model', () => {
    const { items, summary } = importText(
      episodes()
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    expect(summary).toMatchObject({ format: 'verifiers-v1-jsonl', items: 2, vf: 2, errors: [], vfEras: ['verifiers-v1'] });
    const [a, b] = items.map((i) => (i.kind === 'vf' ? i.rollout : null));
    expect(a!.prompt.map((m) => m.role)).toEqual(['system', 'user']);
    expect(a!.completion.map((m) => m.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
    expect(a!.completion.some((m) => m.content.includes('branched away'))).toBe(false);
    expect(a!.calls.map((c) => [c.call.name, c.call.arguments, c.result?.content, c.result?.pairedBy])).toEqual([
      ['fetch_page', {}, '{"records": []}', 'id'],
      ['submit_records', { records: [] }, 'ok', 'id'],
    ]);
    expect(a!.reward).toBeCloseTo(0.6, 12);
    expect(a!.metrics).toEqual({ correct: 0.5, format: 1, turns: 2 });
    expect(a).toMatchObject({
      exampleId: 'clean-1',
      tokenUsage: { inputTokens: 120, outputTokens: 14 },
      timing: { totalMs: 1500 },
      stopCondition: 'no_tools_called',
      isCompleted: true,
    });
    expect(a!.v1).toEqual({ episodeId: 'ep1', env: 'vp-fault-api', model: 'openai/gpt-test', run: 'run-7', version: 1, offBranch: 1 });
    expect(identityOf({ kind: 'vf', rollout: a! }, null)).toEqual({
      env: 'vp-fault-api',
      envFrom: 'row',
      model: 'openai/gpt-test',
      modelFrom: 'row',
      run: 'run-7',
    });
    expect(b).toMatchObject({ reward: 0, exampleId: 'h2', error: { message: 'rate limited', type: 'ProviderError' }, info: { task: { answer: 'crane' } } });
    expect(b!.completion[0]).toMatchObject({ content: 'slate', reasoning: 'vowels first' });
  });

  it('a trace of our world replays into it (the env names the world, the task data is the spec)', async () => {
    const rollout = importText(JSON.stringify(episodes()[0])).items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : []))[0]!;
    const plan = vfRolloutToTrace(rollout, WORLDS);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.world.id).toBe('fault-api');
    expect(plan.value.taskSpec).toMatchObject({ profile: 'clean', seed: 1 });
    const { trace } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    expect(trace.steps.map((s) => s.call.name)).toEqual(['fetch_page', 'submit_records']);
    expect(trace.stop?.reason).toBe('submitted');
  });

  it('a node whose parent loops or points nowhere is a located error, and the next line still imports', () => {
    const [good] = episodes();
    const looped = structuredClone(good!) as { traces: { nodes: { parent?: number }[] }[] };
    looped.traces[0]!.nodes[6]!.parent = 9;
    const { items, summary } = importText(`${JSON.stringify(looped)}\n${JSON.stringify(good)}\n`);
    expect(items).toHaveLength(1);
    expect(summary.errors).toEqual([{ line: 1, severity: 'error', reason: 'verifiers v1 episode: traces[0].nodes[6].parent: 9 is not an earlier node' }]);
  });
});
