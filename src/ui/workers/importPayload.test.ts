import { describe, expect, it } from 'vitest';
import { exportTracesJsonl } from '../../traces/export/native';
import { importText } from '../../traces/import/importText';
import { nativeTraces } from '../../traces/import/testing';
import { PayloadStore } from '../lib/payloads';
import { LINE_PAYLOAD_MAX, payloadJson } from './importPayload';

/** What the page makes of a payload the worker sent: its JSON as UTF-8, read by the library's store. */
function received(json: string) {
  const store = new PayloadStore();
  store.set('row', new TextEncoder().encode(json));
  return store.get('row');
}

describe('payloadJson: a row as the import worker sends it', () => {
  it('a native trace from a JSONL line goes as that line, and the page reads the trace the worker read', async () => {
    const [trace] = await nativeTraces();
    const line = exportTracesJsonl([trace!]).trim();
    const [item] = importText(line, { keepJson: true }).items;
    const json = payloadJson(item!);
    expect(json).toBe(`{"kind":"native","fromLine":${line}}`);
    expect(received(json)).toEqual({ kind: 'native', trace });
  });

  it('a line longer than the cap (fields the reader drops) goes as the trace read, not as the line', async () => {
    const [trace] = await nativeTraces();
    const padded = { ...(JSON.parse(exportTracesJsonl([trace!])) as object), junk: 'x'.repeat(LINE_PAYLOAD_MAX) };
    const [item] = importText(JSON.stringify(padded), { keepJson: true }).items;
    expect(item?.kind === 'native' && item.json!.length).toBeGreaterThan(LINE_PAYLOAD_MAX);
    const json = payloadJson(item!);
    expect(json.length).toBeLessThan(LINE_PAYLOAD_MAX);
    expect(json).not.toContain('junk');
    expect(received(json)).toEqual({ kind: 'native', trace });
  });

  it('a native trace without its line (a document) and a vf-eval row go as what was read', async () => {
    const [trace] = await nativeTraces();
    expect(received(payloadJson({ kind: 'native', line: 1, trace: trace! }))).toEqual({ kind: 'native', trace });
    const [row] = importText(
      `${JSON.stringify({ prompt: [{ role: 'user', content: 'q' }], completion: [{ role: 'assistant', content: 'a — ✓' }], reward: 1 })}\n`,
      {
        keepJson: true,
      },
    ).items;
    expect(row?.kind).toBe('vf');
    expect(received(payloadJson(row!))).toEqual({ kind: 'vf', rollout: row!.kind === 'vf' ? row!.rollout : null });
  });
});
