import { describe, expect, it } from 'vitest';
import { exportTracesJsonl } from '../../traces/export/native';
import { importText } from '../../traces/import/importText';
import { nativeTraces } from '../../traces/import/testing';
import { PayloadStore } from '../lib/payloads';
import { batchWait, chunkReader, decodePieces, LINE_PAYLOAD_MAX, MESSAGE_ROWS, PayloadPacker, payloadJson, RowBatcher } from './importPayload';

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

describe('PayloadPacker: a batch of payloads as one transferred buffer', () => {
  const texts = ['{"a":1}', '', 'é and 日本 and 😀', 'x'.repeat(3 << 20), '{"after":"the scratch grew"}', '😀'.repeat(70_000)];
  it('each view is its text as UTF-8, one after another in one buffer, whatever the scratch held before', () => {
    const decoder = new TextDecoder();
    const packer = new PayloadPacker();
    // A line bigger than the scratch kept between batches: the next batch starts on a small one, and still packs whole.
    const huge = 'h'.repeat(12 << 20);
    for (const batch of [texts, texts.slice().reverse(), ['only one'], [], [huge, 'after the huge one'], texts]) {
      for (const t of batch) packer.add(t);
      expect(packer.size).toBe(batch.length);
      const { views, buffer } = packer.take();
      expect(packer.size).toBe(0);
      expect(views.map((v) => decoder.decode(v))).toEqual(batch);
      expect(views.every((v) => v.buffer === buffer)).toBe(true);
      expect(buffer.byteLength).toBe(batch.reduce((n, t) => n + new TextEncoder().encode(t).length, 0));
      views.forEach((v, i) => expect(v.byteOffset).toBe(i === 0 ? 0 : views[i - 1]!.byteOffset + views[i - 1]!.length));
    }
  });
});

describe('decodePieces: a stream chunk decoded in pieces', () => {
  it('gives the text one decode would, with characters cut across pieces and across chunks', () => {
    // 3- and 4-byte characters at every offset around the 64 KiB piece boundaries.
    const text = Array.from({ length: 60_000 }, (_, i) => ['a', 'é', '日', '😀'][i % 4]).join('');
    const bytes = new TextEncoder().encode(text);
    for (const cut of [1, 65_535, 65_537, 100_000, bytes.length - 1]) {
      const decoder = new TextDecoder('utf-8');
      const out: string[] = [];
      decodePieces(decoder, bytes.subarray(0, cut), (t) => out.push(t));
      decodePieces(decoder, bytes.subarray(cut), (t) => out.push(t));
      out.push(decoder.decode());
      expect(out.join('')).toBe(text);
      expect(Math.max(...out.map((t) => t.length))).toBeLessThanOrEqual(64 * 1024);
    }
  });
});

describe('RowBatcher: rows on their way from the import worker to the page', () => {
  const decoder = new TextDecoder();
  const fill = (b: RowBatcher<number>, from: number, count: number) => {
    for (let i = from; i < from + count; i++) b.add(i, `{"row":${i},"name":"é${'x'.repeat(i % 7)}"}`);
  };

  it('the first rows go at once; later ones when batchWait has passed since the last batch', () => {
    const b = new RowBatcher<number>();
    expect(b.due(0)).toBe(false);
    fill(b, 0, 3);
    expect(b.due(0)).toBe(true);
    expect(b.take(0).flatMap((p) => p.rows)).toEqual([0, 1, 2]);
    fill(b, 3, 1);
    expect(b.due(batchWait(3) - 1)).toBe(false);
    expect(b.due(batchWait(3))).toBe(true);
    b.take(batchWait(3));
    // Nothing waiting: nothing is due, however long it has been.
    expect(b.due(1e9)).toBe(false);
    // The wait grows with the rows listed, to a second.
    expect(batchWait(0)).toBe(100);
    expect(batchWait(100_000)).toBe(1000);
  });

  it('a big batch goes as parts of at most MESSAGE_ROWS rows, in order, each payload in its own part’s buffer', () => {
    const b = new RowBatcher<number>();
    const count = MESSAGE_ROWS * 2 + 137;
    fill(b, 0, count);
    const parts = b.take(0);
    expect(parts.map((p) => p.rows.length)).toEqual([MESSAGE_ROWS, MESSAGE_ROWS, 137]);
    expect(parts.flatMap((p) => p.rows)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(new Set(parts.map((p) => p.buffer)).size).toBe(parts.length);
    for (const p of parts) {
      expect(p.views).toHaveLength(p.rows.length);
      expect(p.views.every((v) => v.buffer === p.buffer)).toBe(true);
      p.rows.forEach((row, i) => expect(JSON.parse(decoder.decode(p.views[i]))).toEqual({ row, name: `é${'x'.repeat(row % 7)}` }));
    }
    expect(b.take(0)).toEqual([]);
  });
});

describe('chunkReader: a stream read chunk by chunk', () => {
  /** Bytes 0..n-1 (mod 251), enqueued in chunks of the sizes given, by a byte stream or a plain one. */
  function source(sizes: number[], bytes: boolean, onCancel?: () => void): { stream: ReadableStream<Uint8Array>; all: Uint8Array } {
    const all = Uint8Array.from({ length: sizes.reduce((a, b) => a + b, 0) }, (_, i) => i % 251);
    let at = 0;
    let next = 0;
    const pull = (c: ReadableStreamDefaultController<Uint8Array> | ReadableByteStreamController) => {
      if (next === sizes.length) {
        c.close();
        // A byte stream's source answers the read it was pulled for, as a File's or a response's does at their end.
        if ('byobRequest' in c) c.byobRequest?.respond(0);
        return;
      }
      const size = sizes[next++]!;
      c.enqueue(all.slice(at, at + size));
      at += size;
    };
    const stream = bytes ? new ReadableStream({ type: 'bytes', pull, cancel: onCancel }) : new ReadableStream<Uint8Array>({ pull, cancel: onCancel });
    return { stream, all };
  }

  /** Every chunk, each copied when read (a chunk is good until the next read), and the buffers they were read into. */
  async function drain(stream: ReadableStream<Uint8Array>, bufferBytes?: number) {
    const reader = chunkReader(stream, bufferBytes);
    const chunks: Uint8Array[] = [];
    const buffers: number[] = [];
    for (let c = await reader.read(); c; c = await reader.read()) {
      chunks.push(c.slice());
      buffers.push(c.buffer.byteLength);
    }
    const out = new Uint8Array(chunks.reduce((a, c) => a + c.length, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    return { out, chunks, buffers };
  }

  it('a byte stream is read into the one buffer it was given, whatever the sizes of the chunks it holds, and every byte comes in order', async () => {
    const { stream, all } = source([5, 4096, 1, 10_000, 3000, 777], true);
    const { out, chunks, buffers } = await drain(stream, 4096);
    expect(out).toEqual(all);
    // A chunk bigger than the buffer comes in pieces; none is ever bigger than it, and each is a view of a buffer of its size.
    expect(chunks.every((c) => c.length <= 4096)).toBe(true);
    expect(chunks.length).toBeGreaterThan(6);
    expect(buffers.every((b) => b === 4096)).toBe(true);
  });

  it('a stream that is not a byte stream is read as it comes, the same bytes', async () => {
    const sizes = [5, 4096, 1, 10_000, 0, 3000, 777];
    const { stream, all } = source(sizes, false);
    const { out, chunks } = await drain(stream, 4096);
    expect(out).toEqual(all);
    expect(chunks.map((c) => c.length)).toEqual(sizes);
  });

  it('an empty stream ends at once; cancel reaches the source', async () => {
    expect((await drain(source([], true).stream)).chunks).toEqual([]);
    for (const bytes of [true, false]) {
      let cancelled = 0;
      const reader = chunkReader(source([10, 10, 10], bytes, () => cancelled++).stream, 64);
      expect(await reader.read()).toHaveLength(10);
      await reader.cancel();
      expect(cancelled).toBe(1);
    }
  });
});
