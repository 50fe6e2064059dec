import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { WORLDS } from '../../worlds/registry';
import { nativeTraces } from '../import/testing';
import { exportTraceJson, exportTracesJsonl, safeJson } from './native';
import { scrubSecrets } from './scrub';
import { exportVfResultsJsonl } from './vfResults';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';

describe('exports never contain an API key', () => {
  it('drops credential-named fields at any depth and redacts key-shaped strings', () => {
    const value = { apiKey: KEY, nested: [{ Authorization: `Bearer ${KEY}`, headers: { 'x-api-key': 'k', keep: 'ok' } }], note: `my key is ${KEY}.`, password: 'p' };
    expect(scrubSecrets(value)).toEqual({ nested: [{ headers: { keep: 'ok' } }], note: 'my key is [redacted].' });
  });

  it('copes with deep values without recursion', () => {
    let deep: unknown = 'sk-deepdeepdeepdeepdeepdeep';
    for (let i = 0; i < 20000; i++) deep = { a: deep };
    let scrubbed = scrubSecrets(deep as never);
    for (let i = 0; i < 20000; i++) scrubbed = (scrubbed as { a: never }).a;
    expect(scrubbed).toBe('[redacted]');
  });

  it('holds for every export format, even if a trace were given a key', async () => {
    const [trace] = await nativeTraces();
    const leaky = { ...trace!, meta: { apiKey: KEY, authorization: `Bearer ${KEY}`, source: 'run.jsonl' }, agent: { ...trace!.agent, name: `model via ${KEY}` } } as Trace;
    for (const text of [exportTraceJson(leaky), exportTracesJsonl([leaky]), exportVfResultsJsonl([leaky], WORLDS)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toMatch(/apiKey|authorization/i);
      expect(text).toContain('model via [redacted]');
    }
    expect(exportTraceJson(leaky)).toContain('"source": "run.jsonl"');
  });

  it('escapes U+FFFD so an export re-imports instead of reading as invalid UTF-8', () => {
    expect(safeJson({ s: 'bad \uFFFD byte' })).toBe('{"s":"bad \\ufffd byte"}');
  });
});
