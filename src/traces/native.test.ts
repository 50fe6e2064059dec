import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { carefulSolver } from '../worlds/fault-api/solvers';
import { params } from '../worlds/fault-api/testing';
import { parseTrace, serializeTrace } from './native';

async function sample() {
  return runEpisode(faultApiWorld, taskFromParams(params('hostile', 2)), carefulSolver());
}

describe('native trace files', () => {
  it('round-trip exactly', async () => {
    const trace = await sample();
    const parsed = parseTrace(serializeTrace(trace));
    expect(parsed).toEqual({ ok: true, value: trace });
  });

  const bad: Array<[string, (t: Record<string, unknown>) => unknown, string]> = [
    ['wrong format', (t) => ({ ...t, format: 'something-else' }), 'format: expected "verifier-playground.trace"'],
    ['wrong version', (t) => ({ ...t, version: 99 }), 'version: version 99 is not supported'],
    ['missing world', (t) => ({ ...t, world: undefined }), 'world: expected a string, got undefined'],
    ['steps not an array', (t) => ({ ...t, steps: {} }), 'steps: expected an array, got object'],
    ['mistyped call name', (t) => ({ ...t, steps: [{ ...(t.steps as object[])[0], call: { name: 7 } }] }), 'steps[0].call.name: expected a string, got number'],
    ['bad event kind', (t) => ({ ...t, steps: [{ ...(t.steps as object[])[0], events: [{ code: 'x', kind: 'boom', layer: null, message: 'm' }] }] }), 'steps[0].events[0].kind: expected one of'],
    ['steps out of order', (t) => ({ ...t, steps: [{ ...(t.steps as object[])[1] }] }), 'steps[0].index: expected 0'],
    ['bad stop reason', (t) => ({ ...t, stop: { reason: 'bored', terminated: true, truncated: false } }), 'stop.reason: expected one of'],
    ['bad scorecard', (t) => ({ ...t, scorecard: { layers: 'none' } }), 'scorecard.verdict: expected an object'],
    ['an array', () => [], '(root): expected an object, got an array'],
  ];

  it.each(bad)('reject %s with a located message', async (_name, edit, message) => {
    const trace = JSON.parse(serializeTrace(await sample())) as Record<string, unknown>;
    const result = parseTrace(JSON.stringify(edit(trace)));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it('reject text that is not JSON, or empty', () => {
    expect(parseTrace('{"format": ')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON: /) });
    expect(parseTrace('   ')).toEqual({ ok: false, error: 'the file is empty' });
    expect(parseTrace('\u0000\u0001binary')).toMatchObject({ ok: false });
  });
});
