import { describe, expect, it } from 'vitest';
import { exportTracesJsonl } from '../../traces/export/native';
import { importText } from '../../traces/import/importText';
import { nativeTraces } from '../../traces/import/testing';
import { withLines } from '../lib/libraryImport';
import { PayloadStore } from '../lib/payloads';
import { uniformInt } from '../../core/hash';
import { createImporter } from '../../traces/import/index';
import type { ImportEvent } from '../../traces/import/types';
import {
  batchWait,
  decodePieces,
  LINE_PAYLOAD_MAX,
  LineBytes,
  MESSAGE_ROWS,
  PayloadPacker,
  payloadJson,
  payloadOf,
  RowBatcher,
  rowMessages,
} from './importPayload';

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
      expect(p.lines).toBeUndefined();
      expect(p.views.every((v) => v?.buffer === p.buffer)).toBe(true);
      p.rows.forEach((row, i) => expect(JSON.parse(decoder.decode(p.views[i]!))).toEqual({ row, name: `é${'x'.repeat(row % 7)}` }));
    }
    // As messages: each part but the last says more of the batch follows (the page lists the batch in one update).
    const messages = rowMessages(parts);
    expect(messages.map((m) => m.message.more)).toEqual([true, true, undefined]);
    expect(messages.map((m) => m.message.entries)).toEqual(parts.map((p) => p.rows));
    expect(messages.map((m) => m.transfer)).toEqual(parts.map((p) => [p.buffer]));
    fill(b, 0, 3);
    expect(rowMessages(b.take(0)).map((m) => m.message.more)).toEqual([undefined]);
    expect(b.take(0)).toEqual([]);
  });
});

/** Whitespace String.prototype.trim removes: ASCII (not the control characters the importer takes for binary), and beyond it (which the bytes path leaves to the text path). */
const SPACES = [' ', '\t', '\r', '\u00a0', '\u2028', '\ufeff'];

/** A JSONL file drawn from `seed`: traces (some renamed with characters of 2, 3 and 4 bytes), blank, broken and spaced lines. */
async function drawFile(seed: number): Promise<string> {
  const traces = await nativeTraces();
  const names = ['careful', 'été', 'naïve — ✓', 'emoji 🧪 agent', '\u2028sep'];
  const lines: string[] = [];
  const count = uniformInt(seed, 0, 'lines', 2, 14);
  for (let i = 0; i < count; i++) {
    const kind = i === 0 ? 0 : uniformInt(seed, i, 'kind', 0, 5);
    const pad = (side: string) =>
      Array.from(
        { length: uniformInt(seed, i, `pad-${side}`, 0, 2) },
        (_, k) => SPACES[uniformInt(seed, i * 7 + k, `space-${side}`, 0, SPACES.length - 1)],
      ).join('');
    if (kind <= 2) {
      const trace = traces[uniformInt(seed, i, 'trace', 0, traces.length - 1)]!;
      const agent = { ...trace.agent, name: names[uniformInt(seed, i, 'name', 0, names.length - 1)]! };
      lines.push(pad('left') + JSON.stringify({ ...trace, agent }) + pad('right'));
    } else if (kind === 3) lines.push(pad('left'));
    else if (kind === 4) lines.push('{"not": "a trace"');
    else lines.push(`  ${JSON.stringify({ format: 'verifier-playground.trace', nope: 'é' })}\r`);
  }
  const text = lines.join(uniformInt(seed, 0, 'crlf', 0, 1) ? '\r\n' : '\n');
  return (uniformInt(seed, 0, 'bom', 0, 3) === 0 ? '\ufeff' : '') + text + (uniformInt(seed, 0, 'last', 0, 1) ? '\n' : '');
}

describe('LineBytes: a native trace’s payload is its line’s bytes, as read', () => {
  /** The file read as the worker reads it, in chunks of the sizes drawn: every native row's payload, from its bytes or its text. */
  function read(text: string, seed: number) {
    const bytes = new TextEncoder().encode(text);
    const importer = createImporter({ keepJson: true });
    const decoder = new TextDecoder('utf-8');
    const lines = new LineBytes();
    const rows: { line: number; payload: string; fromBytes: boolean; expected: string }[] = [];
    const take = (events: ImportEvent[]) => {
      for (const e of events) {
        if (e.type !== 'item' || e.item.kind !== 'native') continue;
        const payload = payloadOf(e.item, lines);
        // As the batch sends it: packed, copied then (the bytes are good until the next piece).
        const packer = new PayloadPacker();
        packer.add(payload);
        const [view] = packer.take().views;
        rows.push({ line: e.item.line, fromBytes: payload instanceof Uint8Array, payload: new TextDecoder().decode(view), expected: payloadJson(e.item) });
      }
    };
    for (let at = 0, i = 0; at < bytes.length; i++) {
      // Chunks of 1 byte to 3 KB: cuts inside a character, a CRLF, a line, and lines whole in one chunk.
      const size = uniformInt(seed, i, 'chunk', 1, uniformInt(seed, i, 'scale', 0, 1) ? 3000 : 8);
      decodePieces(decoder, bytes.subarray(at, at + size), (t) => take(importer.push(t)), lines);
      at += size;
    }
    take(importer.push(decoder.decode()));
    take(importer.finish());
    return rows;
  }

  it('every native row’s payload is the same JSON by either path, and its bytes are used unless a BOM or non-ASCII space stands next to the object', async () => {
    let viaBytes = 0;
    let viaText = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const text = await drawFile(seed);
      const rows = read(text, seed);
      const physical = text.replace(/^\ufeff/, '').split('\n');
      expect(rows.length, `seed ${seed}`).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.payload, `seed ${seed}, line ${row.line}`).toBe(row.expected);
        // The text path is taken only where the line's own bytes around the object are not ASCII whitespace.
        const raw = physical[row.line - 1]!;
        const onlyAscii = /^[\t\r ]*\{/.test(raw) && /\}[\t\r ]*$/.test(raw) && !(row.line === 1 && text.startsWith('\ufeff'));
        expect(row.fromBytes, `seed ${seed}, line ${row.line}: ${JSON.stringify(raw.slice(0, 12))}…${JSON.stringify(raw.slice(-12))}`).toBe(onlyAscii);
        if (row.fromBytes) viaBytes++;
        else viaText++;
      }
    }
    // Both paths were exercised.
    expect(viaBytes).toBeGreaterThan(50);
    expect(viaText).toBeGreaterThan(5);
  });

  it('a line past what it keeps, or no longer held, is not found: the payload falls back to the text', () => {
    const lines = new LineBytes();
    const piece = new TextEncoder().encode('{"a":1}\n {"b":2} \n{"c"');
    lines.enter(piece);
    expect(new TextDecoder().decode(lines.of(1)!)).toBe('{"a":1}');
    expect(new TextDecoder().decode(lines.of(2)!)).toBe('{"b":2}');
    expect(lines.of(3)).toBeNull();
    lines.leave();
    // Line 1 went with its piece; line 3 is the unfinished one, completed by the next piece.
    lines.enter(new TextEncoder().encode(':3}\n'));
    expect(lines.of(1)).toBeNull();
    expect(new TextDecoder().decode(lines.of(3)!)).toBe('{"c":3}');
    lines.leave();
    // A line longer than three times the payload cap is not kept while it is read.
    const long = new Uint8Array(3 * LINE_PAYLOAD_MAX + 10).fill(0x20);
    long[0] = 0x7b;
    lines.enter(long);
    lines.leave();
    lines.enter(new TextEncoder().encode('}\n'));
    expect(lines.of(4)).toBeNull();
    lines.leave();
    // After the last piece, the last line (no newline at its end) is still found.
    lines.enter(new TextEncoder().encode('{"d":4}'));
    lines.leave();
    expect(new TextDecoder().decode(lines.of(5)!)).toBe('{"d":4}');
  });
});

describe('RowBatcher with stream chunks: a native trace’s line reaches the page in the chunk it was read in', () => {
  /** A few drawn files one after another: lines enough that chunks hold several whole ones. */
  const bigFile = async (seed: number) => (await Promise.all([0, 1, 2, 3, 4, 5].map((k) => drawFile(seed * 10 + k)))).join('\n');

  /**
   * The file read as the import worker reads it (each chunk its own buffer, open while decoded, batches taken at drawn
   * times) and every message passed to the page as postMessage would: cloned, its buffers transferred (the worker's
   * copies detached). The page's side: `withLines` and the library's PayloadStore.
   */
  async function throughThePage(text: string, seed: number) {
    const bytes = new TextEncoder().encode(text);
    const importer = createImporter({ keepJson: true });
    const decoder = new TextDecoder('utf-8');
    const lines = new LineBytes();
    const batcher = new RowBatcher<number>();
    const expected: unknown[] = [];
    const store = new PayloadStore();
    const pageChunks: ArrayBuffer[] = [];
    const sent = { whole: 0, wholeBytes: 0, lineBytes: 0, viaBytes: 0 };
    let now = 0;
    let listed = 0;
    const flush = () => {
      for (const { message, transfer } of rowMessages(batcher.take(now))) {
        const got = structuredClone(message, { transfer });
        const payloads = withLines(got.payloads, got.lines, pageChunks);
        if (typeof payloads === 'string') throw new Error(payloads);
        payloads.forEach((p, i) => {
          store.set(String(got.entries[i]), p);
          if (typeof p === 'object' && 'kind' in p && p.kind === 'line') sent.lineBytes += p.bytes.length;
        });
        listed += got.entries.length;
      }
    };
    const take = (events: ImportEvent[]) => {
      for (const e of events) {
        if (e.type !== 'item' || e.item.kind !== 'native') continue;
        const payload = payloadOf(e.item, lines);
        if (payload instanceof Uint8Array) sent.viaBytes++;
        batcher.add(expected.length, payload);
        expected.push({ kind: 'native', trace: e.item.trace });
      }
      // Mid-chunk: a batch due now goes, the open chunk's rows copied.
      now += uniformInt(seed, expected.length, 'tick', 0, 40);
      if (batcher.due(now)) flush();
    };
    const chunkSizes = [8, 3000, 60_000];
    for (let at = 0, i = 0; at < bytes.length; i++) {
      const size = uniformInt(seed, i, 'chunk', 1, chunkSizes[uniformInt(seed, i, 'scale', 0, 2)]!);
      // Its own buffer, as a stream gives it.
      const chunk = bytes.slice(at, at + size);
      batcher.open(chunk);
      decodePieces(decoder, chunk, (t) => take(importer.push(t)), lines);
      batcher.close();
      if (batcher.due(now)) flush();
      at += size;
    }
    take(importer.push(decoder.decode()));
    take(importer.finish());
    flush();
    sent.whole = pageChunks.length;
    sent.wholeBytes = pageChunks.reduce((n, c) => n + c.byteLength, 0);
    return { expected, store, listed, sent, fileBytes: bytes.length };
  }

  it('every row reads on the page as the worker read it, whatever the chunks and the batch times; the page holds at most twice the lines’ bytes', async () => {
    let lineRows = 0;
    let wholeChunks = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { expected, store, listed, sent } = await throughThePage(await bigFile(seed), seed);
      expect(listed, `seed ${seed}`).toBe(expected.length);
      expected.forEach((want, i) => expect(store.get(String(i)), `seed ${seed}, row ${i}`).toEqual(want));
      // Lines kept by reference: the chunks that go whole are mostly the rows' own lines.
      expect(sent.wholeBytes, `seed ${seed}`).toBeLessThanOrEqual(2 * sent.lineBytes);
      lineRows += sent.viaBytes;
      wholeChunks += sent.whole;
    }
    expect(lineRows).toBeGreaterThan(200);
    expect(wholeChunks).toBeGreaterThan(30);
  });

  it('a chunk goes whole once it is read and at least half of it is lines rows keep; otherwise its rows’ lines are copied', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    const line = '{"a":"' + 'x'.repeat(40) + '"}';
    const b = new RowBatcher<number>();
    // A chunk that is all lines: it goes whole, and the page's views are into it at the lines' offsets.
    const full = enc(`${line}\n${line}\n`);
    b.open(full);
    b.add(0, full.subarray(0, line.length));
    b.add(1, full.subarray(line.length + 1, 2 * line.length + 1));
    b.close();
    // A chunk mostly of bytes no row keeps: its one line is copied.
    const sparse = enc(`${line}\n${' '.repeat(10 * line.length)}\n`);
    b.open(sparse);
    b.add(2, sparse.subarray(0, line.length));
    b.close();
    // A payload that is not a view into the open chunk (a line made whole in the carry, a JSON text): packed as before.
    b.open(enc('{"b":1}\n'));
    b.add(3, enc(line));
    b.add(4, '{"c":2}');
    // Still open when the batch goes: copied, never sent from under the decoder.
    const open = enc(`${line}\n`);
    b.open(open);
    b.add(5, open.subarray(0, line.length));
    const [part] = b.take(0);
    expect(part!.rows).toEqual([0, 1, 2, 3, 4, 5]);
    const chunks = part!.lines!.chunks;
    expect(chunks[0]).toBe(full.buffer);
    expect(chunks).toHaveLength(2);
    expect(chunks[1]!.byteLength).toBe(2 * line.length);
    expect(Array.from(part!.lines!.refs)).toEqual([
      1,
      0,
      line.length,
      1,
      line.length + 1,
      line.length,
      2,
      0,
      line.length,
      0,
      0,
      0,
      0,
      0,
      0,
      2,
      line.length,
      line.length,
    ]);
    expect(part!.views.map((v) => v && new TextDecoder().decode(v))).toEqual([null, null, null, `{"kind":"native","fromLine":${line}}`, '{"c":2}', null]);
    const page: ArrayBuffer[] = [];
    const payloads = withLines(part!.views, part!.lines, page);
    expect(typeof payloads).not.toBe('string');
    expect((payloads as { bytes?: Uint8Array }[]).map((p) => p.bytes && new TextDecoder().decode(p.bytes))).toEqual([
      line,
      line,
      line,
      undefined,
      undefined,
      line,
    ]);
  });

  it('a chunk that shares its buffer with others is never sent whole', () => {
    const line = '{"a":1}';
    const shared = new TextEncoder().encode(`${line}\n${line}\n`);
    const b = new RowBatcher<number>();
    const first = shared.subarray(0, line.length + 1);
    b.open(first);
    b.add(0, first.subarray(0, line.length));
    b.close();
    const [part] = b.take(0);
    expect(part!.lines).toBeUndefined();
    expect(new TextDecoder().decode(part!.views[0]!)).toBe(`{"kind":"native","fromLine":${line}}`);
  });

  it('the page refuses a line reference outside the chunks it was sent', () => {
    const chunk = new ArrayBuffer(10);
    expect(withLines([null], { chunks: [chunk], refs: Uint32Array.of(1, 4, 7) }, [])).toMatch(/row 1 .* without its trace/);
    expect(withLines([null], { chunks: [], refs: Uint32Array.of(1, 0, 1) }, [])).toMatch(/without its trace/);
    expect(withLines([null], undefined, [])).toMatch(/without its trace/);
    expect(withLines(['{}', null], { chunks: [chunk], refs: Uint32Array.of(0, 0, 0, 1, 2, 3) }, [])).toEqual([
      '{}',
      { kind: 'line', bytes: new Uint8Array(chunk, 2, 3) },
    ]);
  });
});
