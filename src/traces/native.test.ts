import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRACE_VERSION } from '../core/types';
import { parseTrace, serializeTrace } from './native';

/** A version 1 file written by an earlier build (fixtures/): the shape on disk, not the shape today's code makes. */
const V1 = readFileSync(new URL('./fixtures/native-v1-fault-api.json', import.meta.url), 'utf8');
const v1 = () => JSON.parse(V1) as Record<string, unknown>;
/** The same file as this build writes it: read forward, then written. */
const current = () => {
  const read = parseTrace(V1);
  if (!read.ok) throw new Error(read.error);
  return JSON.parse(serializeTrace(read.value)) as Record<string, unknown>;
};

describe('native trace files', () => {
  it('round-trip exactly at the current version', () => {
    const doc = current();
    expect(doc.version).toBe(TRACE_VERSION);
    const parsed = parseTrace(JSON.stringify(doc));
    expect(parsed.ok && JSON.parse(serializeTrace(parsed.value))).toEqual(doc);
  });

  const bad: Array<[string, (t: Record<string, unknown>) => unknown, string]> = [
    ['wrong format', (t) => ({ ...t, format: 'something-else' }), 'format: expected "verifier-playground.trace"'],
    [
      'a newer version',
      (t) => ({ ...t, version: 99 }),
      `version: version 99 was written by a newer verifier-playground; this build reads versions 1 to ${TRACE_VERSION}`,
    ],
    ['no version', (t) => ({ ...t, version: undefined }), 'version: version missing is not a trace version'],
    ['missing world', (t) => ({ ...t, world: undefined }), 'world: expected a string, got undefined'],
    ['steps not an array', (t) => ({ ...t, steps: {} }), 'steps: expected an array, got object'],
    ['mistyped call name', (t) => ({ ...t, steps: [{ ...(t.steps as object[])[0], call: { name: 7 } }] }), 'steps[0].call.name: expected a string, got number'],
    [
      'bad event kind',
      (t) => ({ ...t, steps: [{ ...(t.steps as object[])[0], events: [{ code: 'x', kind: 'boom', layer: null, message: 'm' }] }] }),
      'steps[0].events[0].kind: expected one of',
    ],
    ['steps out of order', (t) => ({ ...t, steps: [{ ...(t.steps as object[])[1] }] }), 'steps[0].index: expected 0'],
    ['bad stop reason', (t) => ({ ...t, stop: { reason: 'bored', terminated: true, truncated: false } }), 'stop.reason: expected one of'],
    ['bad scorecard', (t) => ({ ...t, scorecard: { layers: 'none' } }), 'scorecard.verdict: expected an object'],
    ['an array', () => [], '(root): expected an object, got an array'],
  ];

  it.each(bad)('reject %s with a located message (a version 1 file)', (_name, edit, message) => {
    const result = parseTrace(JSON.stringify(edit(v1())));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  const badEvents: Array<[string, unknown, string]> = [
    ['missing', undefined, 'events: expected an array, got undefined'],
    [
      'not located in the steps',
      [{ code: 'hints-revealed', kind: 'info', layer: null, message: 'm', beforeStep: 99 }],
      'events[0].beforeStep: expected a step count from 0 to',
    ],
    ['without a step count', [{ code: 'hints-revealed', kind: 'info', layer: null, message: 'm' }], 'events[0].beforeStep: expected a number'],
  ];

  it.each(badEvents)('reject current-version episode events %s', (_name, events, message) => {
    const result = parseTrace(JSON.stringify({ ...current(), events }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });

  it('reject text that is not JSON, or empty', () => {
    expect(parseTrace('{"format": ')).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON: /) });
    expect(parseTrace('   ')).toEqual({ ok: false, error: 'the file is empty' });
    expect(parseTrace('\u0000\u0001binary')).toMatchObject({ ok: false });
  });
});
