import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { WORLDS } from '../../worlds/registry';
import { identityOf } from '../import/identity';
import { importText } from '../import/importText';
import type { VfRollout } from '../import/types';
import { vfRolloutToTrace } from '../import/vfToCalls';
import { replayCalls } from '../replay';
import { foreignFaultApiLog, handLog } from './testing';

function read(log: JsonObject, pretty = true) {
  const { items, summary } = importText(JSON.stringify(log, null, pretty ? 2 : undefined));
  return { rollouts: items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : [])), summary };
}

describe('an Inspect .json log of another task: messages, scores and metadata', () => {
  it('reads each sample as a conversation with its scores per scorer', () => {
    const { rollouts, summary } = read(handLog());
    expect(summary).toMatchObject({ format: 'inspect-json', items: 2, inspect: 2, vf: 0, errors: [], warnings: [] });
    const [w1, w2] = rollouts as [VfRollout, VfRollout];
    // Everything before the model's first turn is the prompt; attachments are put back.
    expect(w1.prompt.map((m) => [m.role, m.content])).toEqual([
      ['system', 'You have a weather tool.'],
      ['user', 'What is the temperature in Oslo? Give a number.'],
    ]);
    expect(w1.completion.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool', 'assistant']);
    expect(w1.completion[0]).toMatchObject({ content: 'Checking.', reasoning: 'I should look it up.', extra: { source: 'generate', model: 'gpt-test' } });
    // Tool results pair by id even when answered out of order; the failed one keeps its error.
    expect(w1.calls.map((c) => [c.call.name, c.call.arguments, c.result?.content, c.result?.pairedBy])).toEqual([
      ['weather', { city: 'Oslo' }, '', 'id'],
      ['weather', { city: 'Bergen' }, '9C', 'id'],
    ]);
    expect(w1.completion[2]!.extra).toMatchObject({ error: { type: 'timeout', message: 'timed out' } });
    // The first scorer the results list is the reward; letter grades read as Inspect reads them; a dict score is one column per key.
    expect(w1.reward).toBe(1);
    expect(w1.metrics).toEqual({ 'judge/accuracy': 0.5, 'judge/tone': 0 });
    expect(w2.reward).toBe(0);
    expect(w1.inspect!.scores.match).toEqual({ value: 'C', numeric: 1, answer: '12', explanation: 'matches the target', metadata: null });
    expect(w1.inspect!.reduced).toEqual({ match: 1 });
    expect(w1).toMatchObject({
      exampleId: 'w1',
      answer: '12\ntwelve',
      info: { city_count: 2 },
      tokenUsage: { inputTokens: 120, outputTokens: 30 },
      timing: { totalMs: 2500 },
    });
    expect(w1.inspect).toMatchObject({ epoch: 1, uuid: 'uuid-w1', workingTimeMs: 2000, droppedEvents: 2, target: ['12', 'twelve'] });
    expect(w1.tools).toEqual([{ name: 'weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }]);
    // The transcript and its pools are not kept; small fields Inspect added later are.
    expect(w1.extra).toEqual({ store: { visited: ['Oslo'] }, turn_count: 2 });
    expect(w2).toMatchObject({ isTruncated: true, stopCondition: 'message_limit', info: null });
  });

  it('keeps the run: env is the eval task, model the eval model, run its run id', () => {
    const { rollouts } = read(handLog(), false);
    expect(rollouts[0]!.metadata).toMatchObject({ envId: 'weather_qa', model: 'openai/gpt-test', rolloutsPerExample: 1, numExamples: 2 });
    expect(identityOf({ kind: 'vf', rollout: rollouts[0]! }, null)).toEqual({
      env: 'weather_qa',
      envFrom: 'inspect log',
      model: 'openai/gpt-test',
      modelFrom: 'inspect log',
      run: 'R1',
    });
    expect(vfRolloutToTrace(rollouts[0]!, WORLDS)).toEqual({ ok: false, error: expect.stringMatching(/^weather_qa is not one of the playground's worlds/) });
  });

  it('a sample that cannot be read is one located error; the others import', () => {
    const log = handLog();
    (log.samples as JsonObject[])[0]!.messages = [42];
    const { rollouts, summary } = read(log);
    expect(rollouts.map((r) => r.exampleId)).toEqual(['w2']);
    expect(summary.errors).toEqual([{ line: 1, severity: 'error', reason: 'Inspect sample samples[0].messages[0]: expected a message object' }]);
  });

  it('a message without a role takes the one its fields say, and the import says how many it inferred', () => {
    const log = handLog();
    const messages = (log.samples as JsonObject[])[0]!.messages as JsonObject[];
    for (const m of messages) if (m.role !== 'system') delete m.role;
    messages.push({ content: 'a stray note' });
    const { rollouts, summary } = read(log);
    expect(summary.errors).toEqual([]);
    expect(rollouts[0]!.prompt.map((m) => m.role)).toEqual(['system', 'user']);
    expect(rollouts[0]!.completion.map((m) => m.role)).toEqual(['assistant', 'tool', 'tool', 'assistant', 'unknown']);
    expect(rollouts[0]!.calls.map((c) => c.result?.content)).toEqual(['', '9C']);
    expect(summary.inferred).toEqual([
      'role inferred for 1 user message (no role; source "input")',
      'role inferred for 2 assistant messages (no role; tool calls, a model or source "generate" say what it is)',
      'role inferred for 2 tool messages (no role; a tool_call_id or function says what it is)',
      '1 message with no role and nothing that says one: shown with the role "unknown"',
    ]);
  });

  it('a version-1 log (one scorer, a "score" per sample) reads as Inspect View migrates it', () => {
    const log = handLog();
    log.version = 1;
    log.results = { total_samples: 2, completed_samples: 2, scorer: { name: 'match' }, metrics: { accuracy: { name: 'accuracy', value: 0.5 } } };
    for (const s of log.samples as JsonObject[]) {
      s.score = (s.scores as JsonObject).match!;
      delete s.scores;
    }
    const { rollouts, summary } = read(log);
    expect(rollouts.map((r) => r.reward)).toEqual([1, 0]);
    expect(Object.keys(rollouts[0]!.inspect!.scores)).toEqual(['match']);
    expect(summary.inferred).toEqual([expect.stringMatching(/^2 samples with a single "score"/)]);
  });

  it('a log still running, a header without samples, a newer schema: said, not guessed', () => {
    const running = { ...handLog(), status: 'started' };
    expect(read(running).summary.warnings).toEqual([expect.objectContaining({ reason: expect.stringContaining('"started": the run had not finished') })]);
    const header = handLog();
    delete header.samples;
    expect(read(header).summary).toMatchObject({ items: 0, errors: [{ line: 1, severity: 'error', reason: expect.stringContaining('without samples') }] });
    expect(read({ ...handLog(), version: 3 }).summary.warnings[0]!.reason).toContain('log schema version 3');
  });
});

describe('an Inspect sample of our world replays into it', () => {
  it('is found by the tools it called when the log names another task, and its spec comes from the metadata', async () => {
    const { rollouts } = read(foreignFaultApiLog());
    const plan = vfRolloutToTrace(rollouts[0]!, WORLDS);
    if (!plan.ok) throw new Error(plan.error);
    expect(plan.value.world.id).toBe('fault-api');
    expect(plan.value.taskSpec).toMatchObject({ profile: 'clean', seed: 1 });
    expect(plan.value.agent).toEqual({ kind: 'model', name: 'anthropic/claude-test', model: 'anthropic/claude-test' });
    const { trace } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    expect(trace.steps.map((s) => s.call.name)).toEqual(['fetch_page', 'submit_records']);
    expect(trace.stop?.reason).toBe('submitted');
    expect(trace.scorecard!.verdict.full).toBe('FAIL');
  });
});
