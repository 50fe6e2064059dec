import type { ImportedItem } from '../../traces/import/types';

/**
 * The longest JSONL line a native trace's payload is sent as (a WireLine, importProtocol.ts). The reader keeps
 * only what a trace holds: a line can carry more (fields it drops, up to the line cap), and sent as it came, all
 * of it would be held by the page and parsed when the row is opened. Past this, the trace read is sent instead,
 * serialized again — rare, and bounded by what the row holds. Traces are kilobytes (the 10,000-trace bench's
 * are ~7.5 KB).
 */
export const LINE_PAYLOAD_MAX = 1 << 20;

/** What a WireLine's JSON holds around the line (importProtocol.ts). */
const LINE_OPEN = '{"kind":"native","fromLine":';
const LINE_CLOSE = '}';

/** A row's payload as the import worker sends it: its JSON, encoded to UTF-8 when the batch goes. */
export function payloadJson(item: ImportedItem): string {
  if (item.kind === 'vf') return JSON.stringify({ kind: 'vf', rollout: item.rollout });
  if (item.json !== undefined && item.json.length <= LINE_PAYLOAD_MAX) return `${LINE_OPEN}${item.json}${LINE_CLOSE}`;
  return JSON.stringify({ kind: 'native', trace: item.trace });
}

/**
 * A row's payload as the batcher takes it: its JSON (`payloadJson`), or the UTF-8 bytes of the JSONL line a native
 * trace was read from (`LineBytes.of`), sent as that line's WireLine — the same bytes `payloadJson` would give.
 */
export type PayloadSource = string | Uint8Array;

const utf8 = new TextEncoder();
const LINE_OPEN_BYTES = utf8.encode(LINE_OPEN);
const LINE_CLOSE_BYTES = utf8.encode(LINE_CLOSE);

/** The scratch buffer a packer keeps between batches, at most (a batch of a big file is ~10 MB; one line of many megabytes grows it past this once). */
const SCRATCH_KEPT = 32 << 20;

/**
 * A batch's payloads as UTF-8, each encoded as soon as its row is read, into one scratch buffer that is copied out
 * whole when the batch goes (`take`): views into one buffer, which is transferred to the page, not copied
 * (lib/payloads.ts). An ArrayBuffer per payload (`encode`) cost Chromium's worker ~15 µs each here, 1.1 s of a
 * 10,000-trace file; holding a batch's strings until it went (~20 MB of them a second) kept them alive into the
 * worker's major collections, and a scratch buffer dropped after each batch was grown again, 1 → 16 MiB, for the next.
 */
export class PayloadPacker {
  private scratch = new Uint8Array(1 << 20);
  private at = 0;
  private ends: number[] = [];

  /** Payloads added since the last `take`. */
  get size(): number {
    return this.ends.length;
  }

  add(payload: PayloadSource): void {
    if (typeof payload === 'string') {
      // UTF-8 takes at most 3 bytes per UTF-16 unit.
      this.room(payload.length * 3);
      this.at += utf8.encodeInto(payload, this.scratch.subarray(this.at)).written;
    } else {
      this.room(LINE_OPEN_BYTES.length + payload.length + LINE_CLOSE_BYTES.length);
      for (const part of [LINE_OPEN_BYTES, payload, LINE_CLOSE_BYTES]) {
        this.scratch.set(part, this.at);
        this.at += part.length;
      }
    }
    this.ends.push(this.at);
  }

  private room(bytes: number): void {
    if (this.scratch.length - this.at >= bytes) return;
    const grown = new Uint8Array(Math.max(this.scratch.length * 2, this.at + bytes));
    grown.set(this.scratch.subarray(0, this.at));
    this.scratch = grown;
  }

  /** The payloads added since the last call, views into one new buffer in the order they were added. */
  take(): { views: Uint8Array[]; buffer: ArrayBuffer } {
    const all = this.scratch.slice(0, this.at);
    let start = 0;
    const views = this.ends.map((end) => {
      const view = all.subarray(start, end);
      start = end;
      return view;
    });
    this.at = 0;
    this.ends = [];
    if (this.scratch.length > SCRATCH_KEPT) this.scratch = new Uint8Array(1 << 20);
    return { views, buffer: all.buffer };
  }
}

/**
 * Rows go out at once the first time (the first screen), then in batches by time: each batch is one render of
 * the whole listing on the page, whose cost grows with the rows listed, so the wait grows with them (100 ms, a
 * second once 9,000 are listed). A render per 100 rows was most of the page's work on a big file.
 */
export const batchWait = (listed: number) => Math.min(1000, 100 + listed / 10);

/**
 * The most rows one message carries: a batch of a big file goes as several. The page reads a message's rows
 * (structured clone) and renders them in one task; a whole batch (~2,500 rows a second here) in one message
 * was a 120-150 ms task, half of it reading the message.
 */
export const MESSAGE_ROWS = 500;

/**
 * Native traces' payloads that are their JSONL lines as read, by reference: `refs` holds three numbers per row of the
 * message — 0 for a row whose payload is in `views`, else (chunk number from 1, byte offset, byte length) into the
 * import's chunks, numbered in the order they arrive: every message's `chunks` appended to those before.
 */
export interface LineRefs {
  chunks: ArrayBuffer[];
  refs: Uint32Array;
}

/** One message of rows: each row's payload a view into `buffer`, or a line in `lines` (null in `views`); `buffer` and `lines.chunks` are transferred with it. */
export interface RowPart<Row> {
  rows: Row[];
  views: (Uint8Array | null)[];
  buffer: ArrayBuffer;
  lines?: LineRefs;
}

/** A row message as the import worker posts it (ImportMessage's `items`), with the buffers it transfers. */
export interface RowMessage<Row> {
  message: { type: 'items'; entries: Row[]; payloads: (Uint8Array | null)[]; lines?: LineRefs; more?: true };
  transfer: ArrayBuffer[];
}

/** A batch's parts (`RowBatcher.take`) as messages: each but the last says more of the batch follows, so the page lists it whole. */
export function rowMessages<Row>(parts: readonly RowPart<Row>[]): RowMessage<Row>[] {
  return parts.map((part, i) => ({
    message: {
      type: 'items',
      entries: part.rows,
      payloads: part.views,
      ...(part.lines ? { lines: part.lines } : {}),
      ...(i < parts.length - 1 ? { more: true as const } : {}),
    },
    transfer: [part.buffer, ...(part.lines?.chunks ?? [])],
  }));
}

/** A stream chunk as read: native traces' payloads point into it while it is decoded (`RowBatcher.open`). */
interface Chunk {
  bytes: Uint8Array;
  done: boolean;
}

/** A row's payload left in the chunk it was read in, until its batch goes. */
interface LineRef {
  chunk: Chunk;
  view: Uint8Array;
}

interface Sealed<Row> {
  rows: Row[];
  /** Per row: its line in a chunk, or null (its payload is the next of `views`). */
  refs: (LineRef | null)[];
  views: Uint8Array[];
  buffer: ArrayBuffer;
}

/**
 * While a chunk is being decoded, a batch waits for its end (its buffer then goes whole) unless it is this much past
 * due: a stream of very big chunks still lists as it goes.
 */
const OPEN_CHUNK_GRACE = 500;

/**
 * The import worker's rows on their way to the page: gathered, due by time (`batchWait`), taken as parts of at most
 * MESSAGE_ROWS rows. A native trace's payload read from a JSONL line stays in the stream chunk it was read in (`open`,
 * `close`), and the chunk's buffer is transferred to the page when its batch goes: no copy of the file's bytes into
 * memory of the worker's own, which on this machine kind cost more than copying (75 MB touched for the first time:
 * ~300 ms of a 10,000-trace file). A chunk not yet read to its end, or mostly bytes no row keeps (the page would hold
 * them all), goes as a copy of its rows' lines instead.
 */
export class RowBatcher<Row> {
  private readonly payloads = new PayloadPacker();
  private rows: Row[] = [];
  private refs: (LineRef | null)[] = [];
  private sealed: Sealed<Row>[] = [];
  private listed = 0;
  private posted: number | null = null;
  private chunk: Chunk | null = null;
  /** Chunks the page has been sent (each part's `lines.chunks`, in order). */
  private chunksSent = 0;

  /**
   * A stream chunk is about to be decoded: a payload that is a view into its buffer is kept there (`add`). Only a
   * chunk that is its whole buffer: another chunk's bytes in the same buffer would go with it, before they are read.
   */
  open(bytes: Uint8Array): void {
    this.close();
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) this.chunk = { bytes, done: false };
  }

  /** The open chunk is read: nothing reads or points into it any more but the rows added. */
  close(): void {
    if (this.chunk) this.chunk.done = true;
    this.chunk = null;
  }

  add(row: Row, payload: PayloadSource): void {
    this.rows.push(row);
    if (typeof payload !== 'string' && this.chunk && payload.buffer === this.chunk.bytes.buffer) this.refs.push({ chunk: this.chunk, view: payload });
    else {
      this.refs.push(null);
      this.payloads.add(payload);
    }
    if (this.rows.length >= MESSAGE_ROWS) this.seal();
  }

  /** Rows are waiting, and it is time they went (`now` in ms, performance.now()). */
  due(now: number): boolean {
    if (!this.rows.length && !this.sealed.length) return false;
    if (this.posted === null) return true;
    const wait = batchWait(this.listed) + (this.chunk ? OPEN_CHUNK_GRACE : 0);
    return now - this.posted >= wait;
  }

  /** Every row waiting, in the order added, in parts of at most MESSAGE_ROWS; the next batch is due `batchWait` after `now`. */
  take(now: number): RowPart<Row>[] {
    this.seal();
    const sealed = this.sealed;
    this.sealed = [];
    this.posted = now;
    // A chunk goes whole when it is read and its rows' lines are at least half of it; else its rows' lines are copied.
    const used = new Map<Chunk, number>();
    for (const p of sealed) for (const r of p.refs) if (r) used.set(r.chunk, (used.get(r.chunk) ?? 0) + r.view.length);
    const whole = new Map<Chunk, number>();
    const sent: ArrayBuffer[] = [];
    for (const [chunk, bytes] of used)
      if (chunk.done && bytes * 2 >= chunk.bytes.buffer.byteLength) {
        sent.push(chunk.bytes.buffer as ArrayBuffer);
        whole.set(chunk, this.chunksSent + sent.length);
      }
    this.chunksSent += sent.length;
    // The chunks that go whole go with the first part that has lines: the page has them before any row points into them.
    let unsent = sent;
    return sealed.map((p) => {
      this.listed += p.rows.length;
      if (!p.refs.some((r) => r !== null)) return { rows: p.rows, views: p.views, buffer: p.buffer };
      const chunks = unsent;
      unsent = [];
      let copyLength = 0;
      for (const r of p.refs) if (r && !whole.has(r.chunk)) copyLength += r.view.length;
      let copy: Uint8Array | null = null;
      let copyId = 0;
      if (copyLength > 0) {
        const buffer = new ArrayBuffer(copyLength);
        copy = new Uint8Array(buffer);
        chunks.push(buffer);
        copyId = ++this.chunksSent;
      }
      const refs = new Uint32Array(3 * p.rows.length);
      const views: (Uint8Array | null)[] = [];
      let packed = 0;
      let at = 0;
      p.refs.forEach((r, i) => {
        if (!r) return void views.push(p.views[packed++]!);
        views.push(null);
        const id = whole.get(r.chunk);
        if (id !== undefined) refs.set([id, r.view.byteOffset, r.view.length], 3 * i);
        else {
          copy!.set(r.view, at);
          refs.set([copyId, at, r.view.length], 3 * i);
          at += r.view.length;
        }
      });
      return { rows: p.rows, views, buffer: p.buffer, lines: { chunks, refs } };
    });
  }

  private seal(): void {
    if (!this.rows.length) return;
    this.sealed.push({ rows: this.rows, refs: this.refs, ...this.payloads.take() });
    this.rows = [];
    this.refs = [];
  }
}

/** The longest line `LineBytes` keeps while it is read: a line's payload is its bytes up to LINE_PAYLOAD_MAX characters. */
const LINE_BYTES_MAX = 3 * LINE_PAYLOAD_MAX;

/** ASCII whitespace, all of which String.prototype.trim removes (tab, LF, VT, FF, CR, space). */
const asciiSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/**
 * The bytes of a JSONL file's lines, by line number, while the importer reads them: a native trace's payload is the
 * line it was read from, and its bytes are copied as they came instead of encoded again from the line's text
 * (TextEncoder copied each line's string into the browser's own heap first: ~8 % of the worker's time on a
 * 10,000-trace file). Lines are numbered as the importer numbers them (LineSplitter: from 1, one per "\n"). Each
 * piece of bytes is `enter`ed before the importer reads its text and `leave`d after; a line is found while its
 * piece is entered (or, after the last piece, the unfinished last line). A byte 0x0A is only ever "\n" in UTF-8,
 * and a decoder gives it in the same piece: the two count the same lines.
 */
export class LineBytes {
  /** The line the next piece's first byte belongs to. */
  private line = 1;
  /** The unfinished line's bytes from earlier pieces; past LINE_BYTES_MAX, none (`over`). */
  private carry = new Uint8Array(64 * 1024);
  private carryLength = 0;
  private over = false;
  private piece: Uint8Array | null = null;
  /** Offsets of the entered piece's "\n" bytes. */
  private ends: number[] = [];

  enter(bytes: Uint8Array): void {
    this.piece = bytes;
    this.ends.length = 0;
    for (let i = bytes.indexOf(0x0a); i >= 0; i = bytes.indexOf(0x0a, i + 1)) this.ends.push(i);
    // The unfinished line ends in this piece: made whole in the carry.
    if (this.ends.length > 0 && this.carryLength > 0) this.keep(bytes.subarray(0, this.ends[0]));
  }

  leave(): void {
    const bytes = this.piece;
    if (!bytes) return;
    const n = this.ends.length;
    if (n > 0) {
      this.carryLength = 0;
      this.over = false;
      this.keep(bytes.subarray(this.ends[n - 1]! + 1));
      this.line += n;
    } else this.keep(bytes);
    this.piece = null;
    this.ends.length = 0;
  }

  /**
   * Line `n`'s bytes without the whitespace around them, if they are here and hold one JSON object (`{` … `}`), as
   * the importer's trimmed text of that line would encode; else null. A view: good until the next `leave`.
   */
  of(n: number): Uint8Array | null {
    const k = n - this.line;
    // Line `this.line` began in an earlier piece (or is the unfinished last line): it is in the carry, unless too long.
    const fromCarry = k === 0 && (this.carryLength > 0 || !this.piece);
    if (k < 0 || (this.piece ? k >= this.ends.length : k > 0) || (k === 0 && this.over)) return null;
    const line = fromCarry ? this.carry.subarray(0, this.carryLength) : this.piece!.subarray(k === 0 ? 0 : this.ends[k - 1]! + 1, this.ends[k]);
    let from = 0;
    let to = line.length;
    while (to > from && asciiSpace(line[to - 1]!)) to--;
    while (from < to && asciiSpace(line[from]!)) from++;
    return to - from >= 2 && line[from] === 0x7b && line[to - 1] === 0x7d ? line.subarray(from, to) : null;
  }

  private keep(bytes: Uint8Array): void {
    if (this.over || bytes.length === 0) return;
    const length = this.carryLength + bytes.length;
    if (length > LINE_BYTES_MAX) {
      this.over = true;
      this.carryLength = 0;
      return;
    }
    if (length > this.carry.length) {
      const grown = new Uint8Array(Math.max(length, this.carry.length * 2));
      grown.set(this.carry.subarray(0, this.carryLength));
      this.carry = grown;
    }
    this.carry.set(bytes, this.carryLength);
    this.carryLength = length;
  }
}

/**
 * A chunk of the file decoded in pieces of 64 KiB: one string per stream chunk (~2 MB from a Blob) cost Chromium
 * ~5× the same bytes in small strings here (76 MB: 261 vs 50 ms on the page, more in the worker).
 */
const DECODE_PIECE = 64 * 1024;
export function decodePieces(decoder: TextDecoder, bytes: Uint8Array, push: (text: string) => void, lines?: LineBytes): void {
  for (let i = 0; i < bytes.length; i += DECODE_PIECE) {
    const piece = bytes.subarray(i, i + DECODE_PIECE);
    lines?.enter(piece);
    push(decoder.decode(piece, { stream: true }));
    lines?.leave();
  }
}

/** A row's payload: the bytes of the line a native trace was read from, where `lines` holds them; else its JSON. */
export function payloadOf(item: ImportedItem, lines: LineBytes): PayloadSource {
  if (item.kind === 'native' && item.json !== undefined && item.json.length <= LINE_PAYLOAD_MAX) {
    const bytes = lines.of(item.line);
    // UTF-8 is one to three bytes per UTF-16 unit: anything else is not this line.
    if (bytes && bytes.length >= item.json.length && bytes.length <= item.json.length * 3) return bytes;
  }
  return payloadJson(item);
}
