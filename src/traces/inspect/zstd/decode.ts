import { ZstdError } from './bits';
import { decodeStream, readHuffman, type HuffmanTable } from './huffman';
import { newSequenceState, readSequences, type SequenceState } from './sequences';

const MAGIC = 0xfd2fb528;
const MAX_BLOCK = 128 * 1024;

/** The output, grown as frames and blocks add to it, never past `max`. */
class Output {
  buf: Uint8Array;
  length = 0;
  constructor(
    size: number,
    private readonly max: number,
  ) {
    this.buf = new Uint8Array(Math.min(Math.max(size, 1024), max));
  }

  reserve(n: number): void {
    const need = this.length + n;
    if (need > this.max) throw new ZstdError(`it decompresses past ${this.max} bytes, the limit`);
    if (need <= this.buf.length) return;
    const grown = new Uint8Array(Math.min(this.max, Math.max(need, this.buf.length * 2)));
    grown.set(this.buf.subarray(0, this.length));
    this.buf = grown;
  }
}

interface FrameState {
  huffman: HuffmanTable | null;
  sequences: SequenceState;
  /** Where this frame's output starts: matches may not reach before it. */
  start: number;
}

/** The literals section of a compressed block: raw, one byte repeated, or Huffman-coded in 1 or 4 streams. */
function readLiterals(src: Uint8Array, at: number, end: number, frame: FrameState): { literals: Uint8Array; size: number } {
  const b0 = src[at]!;
  const type = b0 & 3;
  const format = (b0 >> 2) & 3;
  if (type < 2) {
    let size: number;
    let header: number;
    if ((format & 1) === 0) [size, header] = [b0 >> 3, 1];
    else if (format === 1) [size, header] = [(b0 >> 4) + (src[at + 1]! << 4), 2];
    else [size, header] = [(b0 >> 4) + (src[at + 1]! << 4) + (src[at + 2]! << 12), 3];
    if (type === 0) {
      if (at + header + size > end) throw new ZstdError('raw literals past the end of their block');
      return { literals: src.subarray(at + header, at + header + size), size: header + size };
    }
    return { literals: new Uint8Array(size).fill(src[at + header]!), size: header + 1 };
  }
  const b1 = src[at + 1]!;
  const b2 = src[at + 2]!;
  let regenerated: number;
  let compressed: number;
  let header: number;
  if (format < 2) [regenerated, compressed, header] = [(b0 >> 4) | ((b1 & 0x3f) << 4), (b1 >> 6) | (b2 << 2), 3];
  else if (format === 2) [regenerated, compressed, header] = [(b0 >> 4) | (b1 << 4) | ((b2 & 3) << 12), (b2 >> 2) | (src[at + 3]! << 6), 4];
  else [regenerated, compressed, header] = [(b0 >> 4) | (b1 << 4) | ((b2 & 0x3f) << 12), (b2 >> 6) | (src[at + 3]! << 2) | (src[at + 4]! << 10), 5];
  let p = at + header;
  const stop = p + compressed;
  if (stop > end || regenerated > MAX_BLOCK) throw new ZstdError('Huffman literals past the end of their block');
  if (type === 2) {
    const tree = readHuffman(src, p, stop);
    frame.huffman = tree.table;
    p += tree.size;
  } else if (!frame.huffman) throw new ZstdError('literals that reuse a Huffman tree before any was given');
  const literals = new Uint8Array(regenerated);
  if (format === 0) decodeStream(frame.huffman, src, p, stop, literals, 0, regenerated);
  else {
    const sizes = [src[p]! | (src[p + 1]! << 8), src[p + 2]! | (src[p + 3]! << 8), src[p + 4]! | (src[p + 5]! << 8)];
    p += 6;
    const each = Math.ceil(regenerated / 4);
    for (let i = 0; i < 4; i++) {
      const size = i < 3 ? sizes[i]! : stop - p;
      if (size <= 0 || p + size > stop) throw new ZstdError('a Huffman jump table that points past its literals');
      decodeStream(frame.huffman, src, p, p + size, literals, i * each, i < 3 ? each : regenerated - 3 * each);
      p += size;
    }
  }
  return { literals, size: header + compressed };
}

function compressedBlock(src: Uint8Array, at: number, end: number, frame: FrameState, out: Output): void {
  const { literals, size } = readLiterals(src, at, end, frame);
  const sequences = readSequences(src, at + size, end, frame.sequences);
  let lit = 0;
  for (const s of sequences) {
    if (lit + s.literals > literals.length) throw new ZstdError('a sequence with more literals than the block has');
    out.reserve(s.literals + s.match);
    const b = out.buf;
    b.set(literals.subarray(lit, lit + s.literals), out.length);
    out.length += s.literals;
    lit += s.literals;
    let from = out.length - s.offset;
    if (from < frame.start) throw new ZstdError('a match that reaches before the start of its frame');
    // Byte by byte: a match may overlap what it is writing (offset < length repeats a run).
    for (let k = 0; k < s.match; k++) b[out.length++] = b[from++]!;
  }
  out.reserve(literals.length - lit);
  out.buf.set(literals.subarray(lit), out.length);
  out.length += literals.length - lit;
}

/** Decompress every frame of a zstd stream (RFC 8878), up to `max` bytes of output. No dictionaries. */
export function zstdDecompress(src: Uint8Array, max: number, sizeHint = 0): Uint8Array {
  const out = new Output(sizeHint, max);
  let at = 0;
  while (at < src.length) {
    if (at + 4 > src.length) throw new ZstdError('trailing bytes after the last frame');
    const magic = (src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24)) >>> 0;
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      // A skippable frame: 4-byte size, then that many bytes nobody needs.
      at += 8 + ((src[at + 4]! | (src[at + 5]! << 8) | (src[at + 6]! << 16) | (src[at + 7]! << 24)) >>> 0);
      continue;
    }
    if (magic !== MAGIC) throw new ZstdError(`not a zstd frame at byte ${at}`);
    at += 4;
    const fhd = src[at++]!;
    const single = (fhd >> 5) & 1;
    if (fhd & 8) throw new ZstdError('reserved bit set in a frame header');
    if (!single) at++;
    const dictBytes = [0, 1, 2, 4][fhd & 3]!;
    let dict = 0;
    for (let i = 0; i < dictBytes; i++) dict += src[at + i]! * 256 ** i;
    if (dict !== 0) throw new ZstdError('a frame that needs a dictionary');
    at += dictBytes;
    const fcsFlag = fhd >> 6;
    at += fcsFlag === 0 ? single : [0, 2, 4, 8][fcsFlag]!;
    const frame: FrameState = { huffman: null, sequences: newSequenceState(), start: out.length };
    for (let last = 0; !last;) {
      if (at + 3 > src.length) throw new ZstdError('a block header past the end of the data');
      const h = src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16);
      at += 3;
      last = h & 1;
      const type = (h >> 1) & 3;
      const size = h >>> 3;
      if (type === 3) throw new ZstdError('a reserved block type');
      if (type === 1) {
        out.reserve(size);
        out.buf.fill(src[at]!, out.length, out.length + size);
        out.length += size;
        at += 1;
        continue;
      }
      if (at + size > src.length) throw new ZstdError('a block past the end of the data');
      if (type === 0) {
        out.reserve(size);
        out.buf.set(src.subarray(at, at + size), out.length);
        out.length += size;
      } else compressedBlock(src, at, at + size, frame, out);
      at += size;
    }
    if (fhd & 4) at += 4;
  }
  return out.buf.subarray(0, out.length);
}
