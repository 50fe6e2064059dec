import { BackwardBits, highBit, ZstdError } from './bits';
import { FseState, readFse } from './fse';

/** A Huffman decoding table indexed by the next `maxBits` bits. */
export interface HuffmanTable {
  maxBits: number;
  symbol: Uint8Array;
  bits: Uint8Array;
}

function fromWeights(weights: number[]): HuffmanTable {
  let total = 0;
  for (const w of weights) if (w > 0) total += 1 << (w - 1);
  if (total === 0) throw new ZstdError('a Huffman tree without symbols');
  const maxBits = highBit(total) + 1;
  if (maxBits > 11) throw new ZstdError(`a Huffman tree ${maxBits} bits deep (at most 11)`);
  // The last symbol's weight is implied: it brings the total to the next power of two.
  const rest = (1 << maxBits) - total;
  if ((rest & (rest - 1)) !== 0) throw new ZstdError('a Huffman tree whose weights do not add up');
  weights.push(highBit(rest) + 1);
  const size = 1 << maxBits;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  let pos = 0;
  for (let w = 1; w <= maxBits; w++)
    weights.forEach((weight, s) => {
      if (weight !== w) return;
      const span = 1 << (w - 1);
      symbol.fill(s, pos, pos + span);
      bits.fill(maxBits + 1 - w, pos, pos + span);
      pos += span;
    });
  if (pos !== size) throw new ZstdError('a Huffman tree that does not fill its table');
  return { maxBits, symbol, bits };
}

/** A tree description (direct 4-bit weights, or FSE-coded ones); returns the table and the bytes it took. */
export function readHuffman(src: Uint8Array, start: number, end: number): { table: HuffmanTable; size: number } {
  const header = src[start];
  if (header === undefined) throw new ZstdError('a Huffman tree description past the end of its block');
  const weights: number[] = [];
  if (header >= 128) {
    const count = header - 127;
    const bytes = (count + 1) >> 1;
    if (start + 1 + bytes > end) throw new ZstdError('a Huffman tree description past the end of its block');
    for (let i = 0; i < count; i++) {
      const b = src[start + 1 + (i >> 1)]!;
      weights.push(i % 2 === 0 ? b >> 4 : b & 15);
    }
    return { table: fromWeights(weights), size: 1 + bytes };
  }
  const stop = start + 1 + header;
  if (stop > end) throw new ZstdError('a Huffman tree description past the end of its block');
  const { table, size } = readFse(src, start + 1, stop, 6, 255);
  const bits = new BackwardBits(src, start + 1 + size, stop);
  const a = new FseState(table, bits);
  const b = new FseState(table, bits);
  // Two interleaved states; the stream ends when an update would read past its start.
  for (;;) {
    if (weights.length > 255) throw new ZstdError('a Huffman tree with too many weights');
    weights.push(a.symbol);
    a.update(bits);
    if (bits.overflow) {
      weights.push(b.symbol);
      break;
    }
    weights.push(b.symbol);
    b.update(bits);
    if (bits.overflow) {
      weights.push(a.symbol);
      break;
    }
  }
  return { table: fromWeights(weights), size: 1 + header };
}

/** One Huffman-coded stream of `count` literals into `out` at `at`. */
export function decodeStream(table: HuffmanTable, src: Uint8Array, start: number, end: number, out: Uint8Array, at: number, count: number): void {
  const bits = new BackwardBits(src, start, end);
  const { maxBits, symbol, bits: nb } = table;
  for (let i = 0; i < count; i++) {
    const key = bits.peek(maxBits);
    out[at + i] = symbol[key]!;
    bits.skip(nb[key]!);
  }
  if (!bits.finished) throw new ZstdError('a Huffman stream that does not end where its literals do');
}
