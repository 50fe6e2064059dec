import type { ImportedItem } from '../../traces/import/types';

/**
 * The longest JSONL line a native trace's payload is sent as (a WireLine, importProtocol.ts). The reader keeps
 * only what a trace holds: a line can carry more (fields it drops, up to the line cap), and sent as it came, all
 * of it would be held by the page and parsed when the row is opened. Past this, the trace read is sent instead,
 * serialized again — rare, and bounded by what the row holds. Traces are kilobytes (the 10,000-trace bench's
 * are ~7.5 KB).
 */
export const LINE_PAYLOAD_MAX = 1 << 20;

/** A row's payload as the import worker sends it: its JSON, encoded to UTF-8 when the batch goes. */
export function payloadJson(item: ImportedItem): string {
  if (item.kind === 'vf') return JSON.stringify({ kind: 'vf', rollout: item.rollout });
  if (item.json !== undefined && item.json.length <= LINE_PAYLOAD_MAX) return `{"kind":"native","fromLine":${item.json}}`;
  return JSON.stringify({ kind: 'native', trace: item.trace });
}

const utf8 = new TextEncoder();

/** Where a batch's payloads are encoded before they are copied out whole; grown as needed, kept across batches up to 8 MiB. */
let scratch = new Uint8Array(1 << 20);
const SCRATCH_KEPT = 8 << 20;

/**
 * Each payload's JSON as UTF-8, views into one buffer: the buffer is transferred to the page, not copied
 * (lib/payloads.ts). Encoded into the scratch buffer, then copied out in one piece: an ArrayBuffer per payload
 * (`encode`) cost Chromium's worker ~15 µs each here, 1.1 s of a 10,000-trace file.
 */
export function packed(texts: readonly string[]): { views: Uint8Array[]; buffer: ArrayBuffer } {
  const ends: number[] = [];
  let at = 0;
  for (const t of texts) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    if (scratch.length - at < t.length * 3) {
      const grown = new Uint8Array(Math.max(scratch.length * 2, at + t.length * 3));
      grown.set(scratch.subarray(0, at));
      scratch = grown;
    }
    at += utf8.encodeInto(t, scratch.subarray(at)).written;
    ends.push(at);
  }
  const all = scratch.slice(0, at);
  // A batch with a line of many megabytes grew it: that much is not held for the batches after.
  if (scratch.length > SCRATCH_KEPT) scratch = new Uint8Array(1 << 20);
  let start = 0;
  const views = ends.map((end) => {
    const view = all.subarray(start, end);
    start = end;
    return view;
  });
  return { views, buffer: all.buffer };
}

/**
 * A chunk of the file decoded in pieces of 64 KiB: one string per stream chunk (~2 MB from a Blob) cost Chromium
 * ~5× the same bytes in small strings here (76 MB: 261 vs 50 ms on the page, more in the worker).
 */
const DECODE_PIECE = 64 * 1024;
export function decodePieces(decoder: TextDecoder, bytes: Uint8Array, push: (text: string) => void): void {
  for (let i = 0; i < bytes.length; i += DECODE_PIECE) push(decoder.decode(bytes.subarray(i, i + DECODE_PIECE), { stream: true }));
}
