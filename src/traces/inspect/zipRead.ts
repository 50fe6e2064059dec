import { Inflate, inflateSync } from 'fflate';
import { describeAmount, overLimit } from '../../core/limits';
import { ShortReadError, type ByteSource } from './byteSource';
import { ZstdError } from './zstd/bits';
import { zstdDecompress } from './zstd/decode';

/** A zip we cannot read, with where: "the central directory …", "entry samples/3_epoch_1.json: …". */
export class ZipError extends Error {}

/** A limit of the whole file was reached (overlapping entries, too much decompressed): nothing more is read from it. */
export class ZipLimitError extends ZipError {}

export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
  encrypted: boolean;
}

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number;
  /** One entry, uncompressed. */
  maxEntryBytes: number;
  /** Every entry read from this zip, uncompressed, together. */
  maxTotalBytes?: number;
  /** How many times its compressed size an entry of 1 MiB or more may declare. */
  maxRatio?: number;
  /** Shared by the files of one import: what is left of its decompression budget. */
  budget?: DecompressBudget;
}

/** Bytes an import may still decompress, over all its files. */
export interface DecompressBudget {
  left: number;
  readonly total: number;
}

/** Entries this small are never refused for their ratio: a 40-byte run of spaces may well be 1 MiB. */
const RATIO_FLOOR = 1024 * 1024;

export interface ZipReader {
  entries: ZipEntry[];
  /** One entry's bytes, decompressed and checked against its CRC. */
  read(entry: ZipEntry): Promise<Uint8Array>;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

export const ZIP_METHODS: Record<number, string> = { 0: 'stored', 8: 'deflate', 9: 'deflate64', 12: 'bzip2', 14: 'lzma', 93: 'zstd', 95: 'xz' };

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

function u64(v: DataView, at: number, what: string): number {
  const n = v.getBigUint64(at, true);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError(`${what} is ${n}, beyond what this reader handles`);
  return Number(n);
}

async function readAt(source: ByteSource, offset: number, length: number, what: string): Promise<Uint8Array> {
  if (offset < 0 || offset + length > source.size)
    throw new ZipError(`${what} lies outside the file (bytes ${offset}–${offset + length} of ${source.size}): a truncated or damaged zip`);
  try {
    return await source.read(offset, length);
  } catch (e) {
    if (e instanceof ShortReadError) throw new ZipError(`${what}: ${e.message}`);
    throw e;
  }
}

/** The end-of-central-directory record, searched for backwards over the longest possible comment. */
async function findEnd(source: ByteSource): Promise<{ count: number; size: number; offset: number }> {
  const tailLength = Math.min(source.size, 22 + MAX_COMMENT);
  const tailStart = source.size - tailLength;
  const tail = await readAt(source, tailStart, tailLength, 'the end of the zip');
  const v = view(tail);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (v.getUint32(i, true) !== EOCD) continue;
    let count = v.getUint16(i + 10, true);
    let size = v.getUint32(i + 12, true);
    let offset = v.getUint32(i + 16, true);
    if (v.getUint16(i + 4, true) !== 0 || v.getUint16(i + 6, true) !== 0) throw new ZipError('a multi-disk (split) zip: not supported');
    // Zip64: the classic record holds 0xFFFF/0xFFFFFFFF and the real values sit in a record the locator points to.
    if (i >= 20 && v.getUint32(i - 20, true) === ZIP64_LOCATOR) {
      const at = u64(v, i - 20 + 8, 'the zip64 record offset');
      const rec = view(await readAt(source, at, 56, 'the zip64 end record'));
      if (rec.getUint32(0, true) !== ZIP64_EOCD) throw new ZipError(`no zip64 end record at byte ${at}, where the locator points: a damaged zip`);
      count = u64(rec, 32, 'the entry count');
      size = u64(rec, 40, 'the central directory size');
      offset = u64(rec, 48, 'the central directory offset');
    }
    return { count, size, offset };
  }
  throw new ZipError('no end-of-central-directory record: not a zip, or a truncated one (an .eval log still being written has none yet)');
}

function zip64Extra(extra: DataView, entry: Pick<ZipEntry, 'size' | 'compressedSize' | 'localOffset'>, name: string): void {
  for (let p = 0; p + 4 <= extra.byteLength;) {
    const id = extra.getUint16(p, true);
    const len = extra.getUint16(p + 2, true);
    if (id === 0x0001) {
      let q = p + 4;
      const next = (what: string) => {
        if (q + 8 > p + 4 + len) throw new ZipError(`entry ${name}: its zip64 field is too short for the ${what}`);
        const n = u64(extra, q, `entry ${name}'s ${what}`);
        q += 8;
        return n;
      };
      if (entry.size === 0xffffffff) entry.size = next('size');
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next('compressed size');
      if (entry.localOffset === 0xffffffff) entry.localOffset = next('offset');
      return;
    }
    p += 4 + len;
  }
}

/** Open a zip: its central directory is read and checked, no entry is decompressed yet. */
export async function openZip(source: ByteSource, limits: ZipLimits): Promise<ZipReader> {
  const end = await findEnd(source);
  if (end.count > limits.maxEntries)
    throw new ZipLimitError(overLimit('archiveEntries', 'the central directory', `${end.count.toLocaleString('en-US')} entries`, limits.maxEntries));
  if (end.size > limits.maxEntryBytes) throw new ZipError(`a central directory of ${describeAmount(end.size)}: a damaged zip`);
  const dir = await readAt(source, end.offset, end.size, 'the central directory');
  const v = view(dir);
  const names = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let i = 0; i < end.count; i++) {
    if (p + 46 > dir.length || v.getUint32(p, true) !== CENTRAL) throw new ZipError(`the central directory is damaged at entry ${i + 1} of ${end.count}`);
    const nameLength = v.getUint16(p + 28, true);
    const extraLength = v.getUint16(p + 30, true);
    const commentLength = v.getUint16(p + 32, true);
    if (p + 46 + nameLength + extraLength + commentLength > dir.length)
      throw new ZipError(`the central directory is cut short at entry ${i + 1} of ${end.count}`);
    const name = names.decode(dir.subarray(p + 46, p + 46 + nameLength));
    const entry: ZipEntry = {
      name,
      method: v.getUint16(p + 10, true),
      crc: v.getUint32(p + 16, true),
      compressedSize: v.getUint32(p + 20, true),
      size: v.getUint32(p + 24, true),
      localOffset: v.getUint32(p + 42, true),
      encrypted: (v.getUint16(p + 8, true) & 1) === 1,
    };
    zip64Extra(new DataView(dir.buffer, dir.byteOffset + p + 46 + nameLength, extraLength), entry, name);
    entries.push(entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  refuseOverlaps(entries, end.offset);
  let total = 0;
  return {
    entries,
    read: async (entry) => {
      // Counted before anything is decompressed: an entry's output is bounded by the size it declares.
      if (limits.maxTotalBytes !== undefined && total + entry.size > limits.maxTotalBytes)
        throw new ZipLimitError(
          overLimit('fileDecompressedBytes', `entry ${entry.name}`, `${describeAmount(total + entry.size)} decompressed with it`, limits.maxTotalBytes),
        );
      if (limits.budget && entry.size > limits.budget.left)
        throw new ZipLimitError(
          overLimit(
            'importDecompressedBytes',
            `entry ${entry.name}`,
            `${describeAmount(limits.budget.total - limits.budget.left + entry.size)} decompressed in this import with it`,
            limits.budget.total,
          ),
        );
      total += entry.size;
      if (limits.budget) limits.budget.left -= entry.size;
      return readEntry(source, entry, limits);
    },
  };
}

/**
 * Each entry's bytes must lie apart from every other's and before the
 * directory. A bomb points many entries at one frame, so every entry is small
 * on disk and the sum of what they expand to is not; a real zip never shares bytes.
 */
function refuseOverlaps(entries: readonly ZipEntry[], directoryOffset: number): void {
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  for (const [i, e] of byOffset.entries()) {
    // At least the local header, the name and the data: a lower bound of where the next entry may start.
    const end = e.localOffset + 30 + new TextEncoder().encode(e.name).length + e.compressedSize;
    const next = byOffset[i + 1];
    if (next && end > next.localOffset)
      throw new ZipLimitError(
        `entries ${e.name} and ${next.name} overlap (bytes ${e.localOffset}–${end} and from ${next.localOffset}): a zip whose entries share their data is refused (the overlappingEntries limit)`,
      );
    if (end > directoryOffset)
      throw new ZipLimitError(
        `entry ${e.name} runs into the central directory (bytes ${e.localOffset}–${end}, directory at ${directoryOffset}): a damaged zip or a bomb (the overlappingEntries limit)`,
      );
  }
}

async function readEntry(source: ByteSource, entry: ZipEntry, limits: ZipLimits): Promise<Uint8Array> {
  const where = `entry ${entry.name}`;
  if (entry.encrypted) throw new ZipError(`${where} is encrypted`);
  if (entry.method !== 0 && entry.method !== 8 && entry.method !== ZSTD) {
    const name = ZIP_METHODS[entry.method] ?? `method ${entry.method}`;
    throw new ZipError(`${where} is compressed with ${name}, which this importer cannot read (stored, deflate and zstd only)`);
  }
  if (entry.size > limits.maxEntryBytes)
    throw new ZipError(
      `${where} is ${describeAmount(entry.size)} uncompressed, over the entryBytes limit of ${describeAmount(limits.maxEntryBytes)} for one entry`,
    );
  if (limits.maxRatio !== undefined && entry.size > RATIO_FLOOR && entry.size > entry.compressedSize * limits.maxRatio)
    throw new ZipError(
      overLimit(
        'compressionRatio',
        where,
        `${describeAmount(entry.compressedSize)} that expand to ${describeAmount(entry.size)} (${Math.round(entry.size / Math.max(1, entry.compressedSize)).toLocaleString('en-US')}×)`,
        limits.maxRatio,
      ),
    );
  const header = view(await readAt(source, entry.localOffset, 30, `${where}'s header`));
  if (header.getUint32(0, true) !== LOCAL) throw new ZipError(`${where}: no local header at byte ${entry.localOffset}, where the directory points`);
  const start = entry.localOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  const raw = await readAt(source, start, entry.compressedSize, `${where}'s data`);
  // Never past the size the directory declares (already checked against the limits): more is damage, or a bomb.
  const bytes = entry.method === 0 ? raw : entry.method === ZSTD ? unzstd(raw, entry, entry.size) : await inflateBounded(raw, entry, entry.size);
  if (bytes.length !== entry.size) throw new ZipError(`${where} holds ${bytes.length} bytes where the directory says ${entry.size}: a damaged zip`);
  if (crc32(bytes) !== entry.crc) throw new ZipError(`${where} fails its CRC check: a damaged zip`);
  return bytes;
}

/** Newer Inspect versions write entries with zstd (ZIP method 93), in frames of at most 200 MiB. */
const ZSTD = 93;

function unzstd(raw: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  try {
    return zstdDecompress(raw, maxBytes, entry.size);
  } catch (e) {
    if (!(e instanceof ZstdError)) throw e;
    throw new ZipError(`entry ${entry.name}: its zstd data cannot be read (${e.message})`);
  }
}

/** Compressed bytes inflated per step: a zip bomb is stopped at most one step's output (≤ 1032 × this) past its limit. */
const SLICE = 16 * 1024;

const pastDeclared = (entry: ZipEntry, maxBytes: number) =>
  new ZipError(`entry ${entry.name} inflates past the ${describeAmount(maxBytes)} its directory entry declares: a damaged zip or a bomb`);
const damaged = (entry: ZipEntry, e: unknown) =>
  e instanceof ZipError ? e : new ZipError(`entry ${entry.name}: its deflate data is damaged (${e instanceof Error ? e.message : String(e)})`);

/** The engine's own raw-deflate decompressor, where it has one (current Chromium, Firefox, Safari and Node do). */
function nativeInflater(): TransformStream<Uint8Array, Uint8Array> | null {
  if (typeof DecompressionStream !== 'function') return null;
  try {
    return new DecompressionStream('deflate-raw') as TransformStream<Uint8Array, Uint8Array>;
  } catch {
    return null;
  }
}

/**
 * Inflate, never past `maxBytes` (the size the directory declares, already checked against the limits) by more than
 * one step: a zip bomb stops at the limit instead of filling memory (deflate expands at most ~1032×).
 * - An entry of one slice or less (most of a log's samples) is inflated in one call into a buffer of its declared
 *   size and one byte more, which shows it went past (a truncated output fails the size and CRC checks after it):
 *   its worst case is the one step the other paths take. Through the streaming inflater such an entry cost
 *   ~190 kB of allocations (a 32 kB window, then 128 kB of room), and in Chromium's worker that was most of an
 *   import of many small samples (10,000 in 18 of 28 s).
 * - A bigger one is inflated by the engine's decompressor, fed a slice at a time while its output is counted; the
 *   read stops at the limit. The JavaScript inflater allocated per slice too: a 64 MiB sample took 17 s.
 * - Where the engine has none, by the JavaScript inflater, a slice at a time.
 */
function inflateBounded(raw: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array | Promise<Uint8Array> {
  if (raw.length <= SLICE) {
    let out: Uint8Array;
    try {
      // Deflate's output is at most 1032 × its input: a small entry declaring a huge size does not get a huge buffer.
      out = inflateSync(raw, { out: new Uint8Array(Math.min(maxBytes, raw.length * 1032 + 1024) + 1) });
    } catch (e) {
      throw damaged(entry, e);
    }
    if (out.length > maxBytes) throw pastDeclared(entry, maxBytes);
    return out;
  }
  const native = nativeInflater();
  return native ? inflateNative(native, raw, entry, maxBytes) : inflateSliced(raw, entry, maxBytes);
}

async function inflateNative(inflater: TransformStream<Uint8Array, Uint8Array>, raw: Uint8Array, entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
  const writer = inflater.writable.getWriter();
  const reader = inflater.readable.getReader();
  // Fed while the output is read: the decompressor waits for its reader, and a slice's output is bounded.
  const feeding = (async () => {
    for (let i = 0; i < raw.length; i += SLICE) await writer.write(raw.subarray(i, i + SLICE));
    await writer.close();
  })();
  // A refusal below cancels the reader, which fails the feeding: that failure is not the entry's.
  feeding.catch(() => undefined);
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      total += r.value.length;
      if (total > maxBytes) throw pastDeclared(entry, maxBytes);
      parts.push(r.value);
    }
    await feeding;
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw damaged(entry, e);
  }
  return joined(parts, total);
}

function inflateSliced(raw: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total <= maxBytes) parts.push(chunk);
  });
  try {
    for (let i = 0; i < raw.length || i === 0; i += SLICE) {
      inflate.push(raw.subarray(i, i + SLICE), i + SLICE >= raw.length);
      if (total > maxBytes) throw pastDeclared(entry, maxBytes);
    }
  } catch (e) {
    throw damaged(entry, e);
  }
  return joined(parts, total);
}

function joined(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

let table: Uint32Array | null = null;

export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
