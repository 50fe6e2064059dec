import { describe, expect, it } from 'vitest';
import { exportTraceJson, exportTracesJsonl } from '../export/native';
import { importChunks, importText } from './importText';
import { parseVfMetadata } from './metadata';
import { chunksOf, ERAS, fixture, nativeTraces } from './testing';

/** Decode UTF-8 bytes cut every `size` bytes, as a worker reading a File stream does. */
function decodeInPieces(text: string, size: number): string[] {
  const bytes = new TextEncoder().encode(text);
  const decoder = new TextDecoder();
  const out: string[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(decoder.decode(bytes.subarray(i, i + size), { stream: true }));
  out.push(decoder.decode());
  return out;
}

describe('chunk boundaries anywhere give the same import', () => {
  it.each(ERAS)('%s fed 7 characters at a time', (era) => {
    const meta = parseVfMetadata(fixture(era, 'metadata.json'));
    const options = meta.ok ? { metadata: meta.value } : {};
    const text = fixture(era, 'results.jsonl').replace(/\n/g, '\r\n');
    const whole = importText(text, options);
    expect(whole.summary.errors).toEqual([]);
    expect(importChunks(chunksOf(text, 7), options)).toEqual(whole);
  });

  it('native JSON (pretty) and JSONL, with multi-byte text, fed 7 bytes at a time', async () => {
    const traces = await nativeTraces();
    traces[0]!.meta = { note: 'naïve — résumé 🙂 done' };
    for (const [text, format] of [
      [exportTraceJson(traces[0]!), 'native-json'],
      [exportTracesJsonl(traces), 'native-jsonl'],
    ] as const) {
      const whole = importText(text);
      expect(whole.summary).toMatchObject({ format, errors: [], items: format === 'native-json' ? 1 : 2 });
      expect(importChunks(decodeInPieces(text, 7))).toEqual(whole);
      expect(whole.items[0]).toEqual({ kind: 'native', line: 1, trace: traces[0] });
    }
  });

  it('a file of errors and warnings reports the same issues however it is cut', () => {
    const rows = fixture('v0.1.10', 'results.jsonl').trim().split('\n');
    const text = `\uFEFF${rows[0]}\r\n[1]\r\n${rows[0]}\r\n{"example_id": 1, "prompt": "x\u0000"}\r\n${rows[1]!.slice(0, 90)}\r\n\r\n${rows[2]}`;
    const whole = importText(text, { limits: { maxLineChars: 4000 } });
    expect(whole.summary.errors.map((e) => e.line)).toEqual([2, 4, 5]);
    expect(whole.summary.warnings.map((e) => e.line)).toEqual([3]);
    for (const size of [1, 2, 3, 7, 64]) expect(importChunks(chunksOf(text, size), { limits: { maxLineChars: 4000 } })).toEqual(whole);
  });
});
