/** A damaged or unsupported zstd stream (RFC 8878); the message says where. */
export class ZstdError extends Error {}

/** Bits read forwards, least significant first: FSE table descriptions. */
export class ForwardBits {
  private bit = 0;
  constructor(
    private readonly src: Uint8Array,
    private readonly start: number,
    private readonly end: number,
  ) {}

  read(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const at = this.start + ((this.bit + i) >> 3);
      if (at >= this.end) throw new ZstdError('an FSE table description runs past its block');
      v |= ((this.src[at]! >> ((this.bit + i) & 7)) & 1) << i;
    }
    this.bit += n;
    return v;
  }

  /** Bytes used so far, the last one counted whole. */
  bytes(): number {
    return (this.bit + 7) >> 3;
  }
}

/**
 * Bits read backwards from the end of a stream, the way zstd writes Huffman
 * and FSE streams: the last byte's highest set bit marks the start, and each
 * read takes the next most significant bits. Reading past the beginning gives
 * zeros and is recorded as an overflow (how FSE-coded weights end).
 */
export class BackwardBits {
  /** Bits not yet read. */
  private left: number;

  constructor(
    private readonly src: Uint8Array,
    private readonly start: number,
    end: number,
  ) {
    if (end <= start) throw new ZstdError('an empty bitstream');
    const last = src[end - 1]!;
    if (last === 0) throw new ZstdError('a bitstream without its end marker');
    this.left = (end - start) * 8 - (8 - (31 - Math.clz32(last)));
  }

  get overflow(): boolean {
    return this.left < 0;
  }

  get finished(): boolean {
    return this.left === 0;
  }

  read(n: number): number {
    if (n === 0) return 0;
    if (n > 24) {
      const high = this.read(n - 16);
      return high * 65536 + this.read(16);
    }
    this.left -= n;
    const lo = this.left;
    if (lo < 0) {
      // Past the start: the missing low bits are zeros.
      const have = n + lo;
      return have <= 0 ? 0 : this.window(0, have) << -lo;
    }
    return this.window(lo, n);
  }

  /** `n` (≤ 24) bits starting at bit `lo` of the stream. */
  private window(lo: number, n: number): number {
    const at = this.start + (lo >> 3);
    const s = this.src;
    const word = (s[at] ?? 0) | ((s[at + 1] ?? 0) << 8) | ((s[at + 2] ?? 0) << 16) | ((s[at + 3] ?? 0) << 24);
    return (word >>> (lo & 7)) & ((1 << n) - 1);
  }

  /** Look at the next `n` bits without consuming them (zeros past the start). */
  peek(n: number): number {
    const lo = this.left - n;
    if (lo >= 0) return this.window(lo, n);
    const have = this.left;
    return have <= 0 ? 0 : this.window(0, have) << -lo;
  }

  skip(n: number): void {
    this.left -= n;
  }
}

export const highBit = (v: number) => 31 - Math.clz32(v);
