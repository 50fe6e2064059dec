import { BackwardBits, ForwardBits, highBit, ZstdError } from './bits';

/** A decoding table: per state, the symbol it emits, the bits to read and the base of the next state. */
export interface FseTable {
  log: number;
  symbol: Uint8Array;
  bits: Uint8Array;
  base: Uint16Array;
}

/** Spread a normalised distribution (-1: "less than 1") over 2^log states (RFC 8878 §4.1.1). */
export function buildFse(norm: readonly number[], log: number): FseTable {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const base = new Uint16Array(size);
  const next = new Array<number>(norm.length);
  let high = size - 1;
  norm.forEach((p, s) => {
    if (p === -1) {
      symbol[high--] = s;
      next[s] = 1;
    } else next[s] = p;
  });
  const step = (size >> 1) + (size >> 3) + 3;
  let pos = 0;
  norm.forEach((p, s) => {
    for (let i = 0; i < p; i++) {
      symbol[pos] = s;
      do pos = (pos + step) & (size - 1);
      while (pos > high);
    }
  });
  if (pos !== 0) throw new ZstdError('an FSE distribution that does not fill its table');
  for (let u = 0; u < size; u++) {
    const s = symbol[u]!;
    const n = next[s]!++;
    bits[u] = log - highBit(n);
    base[u] = (n << bits[u]!) - size;
  }
  return { log, symbol, bits, base };
}

/** Read a table description (a normalised count per symbol); returns the table and the bytes it took. */
export function readFse(src: Uint8Array, start: number, end: number, maxLog: number, maxSymbol: number): { table: FseTable; size: number } {
  const r = new ForwardBits(src, start, end);
  const log = r.read(4) + 5;
  if (log > maxLog) throw new ZstdError(`an FSE accuracy of ${log} bits, over the ${maxLog} allowed here`);
  let remaining = (1 << log) + 1;
  let threshold = 1 << log;
  let nbBits = log + 1;
  const norm: number[] = [];
  while (remaining > 1) {
    if (norm.length > maxSymbol) throw new ZstdError('an FSE distribution with too many symbols');
    const max = 2 * threshold - 1 - remaining;
    let count: number;
    const low = r.read(nbBits - 1);
    if (low < max) count = low;
    else {
      const top = r.read(1);
      count = low + top * threshold;
      if (count >= threshold) count -= max;
    }
    count--;
    remaining -= Math.abs(count);
    norm.push(count);
    if (count === 0) {
      for (;;) {
        const repeat = r.read(2);
        for (let i = 0; i < repeat; i++) norm.push(0);
        if (repeat !== 3) break;
      }
    }
    while (remaining < threshold) {
      nbBits--;
      threshold >>= 1;
    }
  }
  if (remaining !== 1 || norm.length > maxSymbol + 1) throw new ZstdError('a damaged FSE distribution');
  return { table: buildFse(norm, log), size: r.bytes() };
}

/** One FSE decoder over a backward stream. */
export class FseState {
  state: number;
  constructor(
    readonly table: FseTable,
    bits: BackwardBits,
  ) {
    this.state = bits.read(table.log);
  }

  get symbol(): number {
    return this.table.symbol[this.state]!;
  }

  update(bits: BackwardBits): void {
    this.state = this.table.base[this.state]! + bits.read(this.table.bits[this.state]!);
  }
}
