import { describe, expect, it } from 'vitest';
import { importText } from './importText';
import { parseVfMetadata } from './metadata';
import { fixture, type Era } from './testing';
import type { VfMetadata, VfRollout } from './types';

function load(era: Era, withMetadata = true): { rollouts: VfRollout[]; metadata: VfMetadata; errors: unknown[]; warnings: unknown[]; format: string } {
  const meta = parseVfMetadata(fixture(era, 'metadata.json'));
  if (!meta.ok) throw new Error(meta.error);
  const { items, summary } = importText(fixture(era, 'results.jsonl'), withMetadata ? { metadata: meta.value } : {});
  const rollouts = items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : []));
  return { rollouts, metadata: meta.value, errors: summary.errors, warnings: summary.warnings, format: summary.format };
}

const pairing = (r: VfRollout) => r.calls.map((c) => `${c.call.name}${c.result ? `@${c.result.messageIndex}/${c.result.pairedBy}` : '@none'}`);

describe('vf-eval results of every era', () => {
  it('v0.1.2.post1: raw OpenAI tool calls, HF null-fill, ids corrected from row order', () => {
    const { rollouts, metadata, errors, format } = load('v0.1.2.post1');
    expect({ format, errors, n: rollouts.length }).toEqual({ format: 'vf-eval-jsonl', errors: [], n: 4 });
    expect(metadata).toMatchObject({ envId: 'math-python', numExamples: 2, rolloutsPerExample: 2, date: '2025-08-25 14:02:11', durationMs: null });
    expect(rollouts.map((r) => r.era)).toEqual(Array(4).fill('v0.1.2.post1'));
    // id = i // r is 0,0,1,1 but rows are rollout-major: the examples are 0,1,0,1.
    expect(rollouts.map((r) => [r.rawId, r.exampleId, r.exampleIdSource])).toEqual([
      [0, 0, 'id-corrected-by-metadata'],
      [0, 1, 'id-corrected-by-metadata'],
      [1, 0, 'id-corrected-by-metadata'],
      [1, 1, 'id-corrected-by-metadata'],
    ]);
    expect(pairing(rollouts[1]!)).toEqual(['python@1/id', 'python@2/id']);
    expect(rollouts[1]!.calls[0]!.call).toEqual({
      id: 'call_3khSa1',
      name: 'python',
      arguments: { code: 'print(sum(range(1, 101)))' },
      // Encoding A, kept as written for a re-export in its era's shape.
      written: { id: 'call_3khSa1', type: 'function', function: { name: 'python', arguments: '{"code": "print(sum(range(1, 101)))"}' } },
    });
    // The assistant message without a content key reads as empty text; null-filled keys are not "extra".
    expect(rollouts[1]!.completion[0]).toMatchObject({ role: 'assistant', content: '' });
    expect(rollouts[1]!.completion[0]!.extra).toBeUndefined();
    expect(rollouts[0]!.metrics).toEqual({ correct_answer_reward_func: 1, num_turns: 2 });
    expect(rollouts[0]!.extra).toEqual({});
    // The schema union's null-filled property is dropped from info.oai_tools.
    expect(JSON.stringify(rollouts[0]!.tools)).not.toContain('timeout');
  });

  it('v0.1.2.post1 without metadata: ids corrected by grouping identical prompts', () => {
    const { rollouts } = load('v0.1.2.post1', false);
    expect(rollouts.map((r) => [r.exampleId, r.exampleIdSource])).toEqual([
      [0, 'id-corrected-by-prompt'],
      [1, 'id-corrected-by-prompt'],
      [0, 'id-corrected-by-prompt'],
      [1, 'id-corrected-by-prompt'],
    ]);
  });

  it('v0.1.3–v0.1.5: tool calls as JSON strings, id-less tool results paired by order, a cut rollout', () => {
    const { rollouts, metadata, errors } = load('v0.1.3-v0.1.5');
    expect(errors).toEqual([]);
    expect(metadata).toMatchObject({ envId: 'wiki-search', date: '2025-09-02 10:11:12', durationMs: 23871.2, avgMetrics: { judge_reward_func: 0.75 } });
    expect(rollouts.map((r) => r.era)).toEqual(Array(4).fill('v0.1.3-v0.1.5'));
    expect(rollouts.map((r) => r.exampleId)).toEqual([0, 1, 0, 1]);
    expect(pairing(rollouts[0]!)).toEqual(['search_pages@1/order', 'read_section@3/order']);
    expect(pairing(rollouts[3]!)).toEqual(['search_pages@1/order', 'read_section@none']);
    expect(rollouts[0]!.calls[0]!.call).toEqual({
      id: 'call_a0',
      name: 'search_pages',
      arguments: { query: 'Who composed the music for Fallout 76?' },
      written: expect.stringMatching(/^\{"id": "call_a0", "function": \{"arguments": /),
    });
    expect(rollouts[0]!.timing).toMatchObject({ generationMs: 5123.4, scoringMs: 812, totalMs: 5935.4 });
    expect(rollouts[0]!.calls[1]!.result!.content).toBe('<p>The score was written by <b>Inon Zur</b>.</p><script>alert(1)</script>');
  });

  it('v0.1.6–v0.1.9: example_id, error repr, state columns kept apart from metrics despite empty avg_metrics', () => {
    const { rollouts, metadata, errors, warnings } = load('v0.1.6-v0.1.9');
    expect({ errors, warnings, n: rollouts.length }).toEqual({ errors: [], warnings: [], n: 4 });
    expect(metadata).toMatchObject({ envId: 'hangman_agent', stateColumns: ['termination_reason', 'turn'], avgMetrics: {} });
    expect(rollouts.map((r) => [r.exampleId, r.exampleIdSource, r.era])).toEqual([
      [0, 'example_id', 'v0.1.6-v0.1.9'],
      [0, 'example_id', 'v0.1.6-v0.1.9'],
      [1, 'example_id', 'v0.1.6-v0.1.9'],
      [1, 'example_id', 'v0.1.6-v0.1.9'],
    ]);
    expect(rollouts[0]!.metrics).toEqual({ _solved_metric: 1, num_turns: 2, total_tool_calls: 2, suggest_letter_calls: 2 });
    expect(rollouts[0]!.extra).toEqual({ termination_reason: 'solved', turn: 2 });
    expect(rollouts[2]!.error).toEqual({ message: "ValueError('model returned no choices')", raw: "ValueError('model returned no choices')" });
    // A user message between tool results does not break order pairing.
    expect(pairing(rollouts[0]!)).toEqual(['suggest_letter@1/order', 'suggest_letter@4/order']);
  });

  it('v0.1.10: json.dump rows, timing in ms, nested metrics with flattened copies, error object', () => {
    const { rollouts, metadata, errors } = load('v0.1.10');
    expect(errors).toEqual([]);
    expect(metadata).toMatchObject({ vfVersion: '0.1.10', durationMs: 13584.7, stateColumns: ['termination_reason'] });
    expect(rollouts.map((r) => r.era)).toEqual(Array(3).fill('v0.1.10-v0.1.13'));
    const [ok, failed] = rollouts;
    expect(ok!.timing).toMatchObject({ startTime: 1760000000.5, generationMs: 4210, scoringMs: 2.5, totalMs: 4212.5 });
    expect(ok!.extra).toEqual({ termination_reason: 'solved' });
    expect(ok!.tokenUsage).toEqual({ inputTokens: 6479, outputTokens: 152 });
    expect(ok).toMatchObject({ isCompleted: true, isTruncated: false, stopCondition: 'game_ended', task: 'hangman', answer: 'bat' });
    expect(failed!.error).toMatchObject({ message: 'ModelError: overloaded', type: 'ModelError', chain: 'ModelError: overloaded' });
    expect(pairing(ok!)).toEqual(['suggest_letter@1/order', 'suggest_letter@4/order']);
    expect(ok!.tools).toHaveLength(1);
  });

  it('v0.2 (v0.1.14+ shape): flat tool calls, tool_call_id kept, timing in seconds, content parts', () => {
    const { rollouts, metadata, errors } = load('v0.2');
    expect(errors).toEqual([]);
    expect(metadata).toMatchObject({ envId: 'vp-fault-api', durationMs: 9800, vfVersion: '0.2.0' });
    const r = rollouts[0]!;
    expect(r.era).toBe('v0.1.14+');
    expect(r.task).toBeNull();
    expect(r.answer).toBeNull();
    expect(pairing(r)).toEqual(['fetch_page@1/id', 'fetch_page@3/id', 'submit_records@5/id']);
    expect(r.calls[1]!.call).toEqual({
      id: 'call_0_1',
      name: 'fetch_page',
      arguments: { cursor: 'c_4aabjk1' },
      written: '{"id": "call_0_1", "name": "fetch_page", "arguments": "{\\"cursor\\": \\"c_4aabjk1\\"}"}',
    });
    expect(r.timing).toMatchObject({ startTime: 1765000000, generationMs: 4500, scoringMs: 50, totalMs: 4750 });
    expect(r.tokenUsage).toEqual({ inputTokens: 1820, outputTokens: 240, finalInputTokens: 700, finalOutputTokens: 31 });
    expect(r.completion[0]!.reasoning).toBe('Start from the first page.');
    expect(r.prompt[1]!.content).toBe('Collect every record and submit them.\n\n[image]');
    expect(r.prompt[1]!.contentParts).toHaveLength(2);
    expect(r.info).toEqual({ world: 'fault-api', task: { profile: 'clean', seed: 1, num_records: 8, page_size: 4 } });
  });

  it('completion mode: string prompt and completion become one "text" message each', () => {
    const { rollouts, errors, metadata } = load('completion-mode');
    expect(errors).toEqual([]);
    expect(metadata.model).toBe('Qwen/Qwen2.5-0.5B');
    expect(rollouts[1]).toMatchObject({
      mode: 'completion',
      prompt: [{ role: 'text', content: 'Q: 3*5=?\nA:' }],
      completion: [{ role: 'text', content: ' 16' }],
      calls: [],
      reward: 0,
      metrics: { exact_match: 0 },
    });
  });
});
