import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTraceJson, exportTracesJsonl } from '../export/native';
import { readTrace } from '../native';
import { importChunks, importText } from './importText';
import { chunksOf, nativeTraces } from './testing';

/** A v1 native trace (an older version the reader migrates), as a fixture stores it. */
const V1 = readFileSync(new URL('../fixtures/native-v1-fault-api.json', import.meta.url), 'utf8');

describe('keepJson: a native trace read from a JSONL line keeps the line it was read from', () => {
  it('each item carries its line, trimmed, and the line read again gives the same trace, however the input is cut', async () => {
    const traces = await nativeTraces();
    const lines = exportTracesJsonl(traces).split('\n').filter(Boolean);
    // Whitespace and CRLF around a row are the file's, not the row's.
    const text = lines.map((l, i) => (i === 0 ? `  ${l}\t` : l)).join('\r\n');
    const whole = importText(text, { keepJson: true });
    expect(whole.summary).toMatchObject({ format: 'native-jsonl', errors: [], items: 2 });
    whole.items.forEach((item, i) => {
      if (item.kind !== 'native') return expect.fail('a native row');
      expect(item.json).toBe(lines[i]);
      expect(item.trace).toEqual(traces[i]);
      const again = readTrace(JSON.parse(item.json!));
      expect(again.ok && again.value).toEqual(item.trace);
    });
    expect(importChunks(chunksOf(text, 7), { keepJson: true })).toEqual(whole);
  });

  it('an older version: the line is what the file held, the trace is what the reader made of it', () => {
    const line = JSON.stringify(JSON.parse(V1));
    const { items, summary } = importText(`${line}\n${line}\n`, { keepJson: true });
    expect(summary.errors).toEqual([]);
    expect(items).toHaveLength(2);
    const item = items[0]!;
    if (item.kind !== 'native') return expect.fail('a native row');
    expect(item.json).toBe(line);
    expect(JSON.parse(item.json!)).not.toEqual(item.trace);
    const again = readTrace(JSON.parse(item.json!));
    expect(again.ok && again.value).toEqual(item.trace);
  });

  it('only when asked, and only for a line: not for a pretty-printed document, nor for other kinds of rows', async () => {
    const traces = await nativeTraces();
    const jsonl = exportTracesJsonl(traces);
    expect(importText(jsonl).items.every((i) => !('json' in i))).toBe(true);
    const doc = importText(exportTraceJson(traces[0]!), { keepJson: true });
    expect(doc.summary).toMatchObject({ format: 'native-json', items: 1 });
    expect(doc.items.every((i) => !('json' in i))).toBe(true);
    const vf = importText(`${JSON.stringify({ prompt: [{ role: 'user', content: 'q' }], completion: [{ role: 'assistant', content: 'a' }], reward: 1 })}\n`, {
      keepJson: true,
    });
    expect(vf.summary).toMatchObject({ items: 1, vf: 1 });
    expect(vf.items.every((i) => !('json' in i))).toBe(true);
  });
});
