import { BackwardBits, ZstdError } from './bits';
import { buildFse, FseState, readFse, type FseTable } from './fse';

// Literal-length and match-length codes: [baseline, extra bits] (RFC 8878 §3.1.1.3.2.1.1).
const LL: [number, number][] = [
  ...Array.from({ length: 16 }, (_, i): [number, number] => [i, 0]),
  [16, 1],
  [18, 1],
  [20, 1],
  [22, 1],
  [24, 2],
  [28, 2],
  [32, 3],
  [40, 3],
  [48, 4],
  [64, 6],
  [128, 7],
  [256, 8],
  [512, 9],
  [1024, 10],
  [2048, 11],
  [4096, 12],
  [8192, 13],
  [16384, 14],
  [32768, 15],
  [65536, 16],
];
const ML: [number, number][] = [
  ...Array.from({ length: 32 }, (_, i): [number, number] => [i + 3, 0]),
  [35, 1],
  [37, 1],
  [39, 1],
  [41, 1],
  [43, 2],
  [47, 2],
  [51, 3],
  [59, 3],
  [67, 4],
  [83, 4],
  [99, 5],
  [131, 7],
  [259, 8],
  [515, 9],
  [1027, 10],
  [2051, 11],
  [4099, 12],
  [8195, 13],
  [16387, 14],
  [32771, 15],
  [65539, 16],
];

// The predefined distributions (RFC 8878 §3.1.1.3.2.2).
const LL_DEFAULT = buildFse([4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1], 6);
const ML_DEFAULT = buildFse([1, 4, 3, 2, 2, 2, 2, 2, 2, ...Array<number>(37).fill(1), ...Array<number>(7).fill(-1)], 6);
const OF_DEFAULT = buildFse([1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1], 5);

/** What carries over from block to block in a frame: the last tables and the three repeat offsets. */
export interface SequenceState {
  ll: FseTable | null;
  of: FseTable | null;
  ml: FseTable | null;
  rep: [number, number, number];
}

export const newSequenceState = (): SequenceState => ({ ll: null, of: null, ml: null, rep: [1, 4, 8] });

export interface Sequence {
  literals: number;
  match: number;
  offset: number;
}

function table(
  mode: number,
  src: Uint8Array,
  at: number,
  end: number,
  fallback: FseTable,
  previous: FseTable | null,
  maxLog: number,
  maxSymbol: number,
  what: string,
): { table: FseTable; size: number } {
  if (mode === 0) return { table: fallback, size: 0 };
  if (mode === 1) {
    const s = src[at];
    if (s === undefined || s > maxSymbol) throw new ZstdError(`a ${what} RLE code out of range`);
    return { table: { log: 0, symbol: Uint8Array.of(s), bits: Uint8Array.of(0), base: Uint16Array.of(0) }, size: 1 };
  }
  if (mode === 2) return readFse(src, at, end, maxLog, maxSymbol);
  if (!previous) throw new ZstdError(`a ${what} table repeated before any was given`);
  return { table: previous, size: 0 };
}

/** The sequences section of a compressed block (RFC 8878 §3.1.1.3.2). */
export function readSequences(src: Uint8Array, start: number, end: number, state: SequenceState): Sequence[] {
  let at = start;
  const b0 = src[at++];
  if (b0 === undefined) throw new ZstdError('a block without its sequences section');
  let count = b0;
  if (b0 >= 128 && b0 < 255) count = ((b0 - 128) << 8) + src[at++]!;
  else if (b0 === 255) {
    count = src[at]! + (src[at + 1]! << 8) + 0x7f00;
    at += 2;
  }
  if (count === 0) return [];
  const modes = src[at++]!;
  if ((modes & 3) !== 0) throw new ZstdError('reserved bits set in a sequences header');
  const ll = table(modes >> 6, src, at, end, LL_DEFAULT, state.ll, 9, 35, 'literal length');
  at += ll.size;
  const of = table((modes >> 4) & 3, src, at, end, OF_DEFAULT, state.of, 8, 31, 'offset');
  at += of.size;
  const ml = table((modes >> 2) & 3, src, at, end, ML_DEFAULT, state.ml, 9, 52, 'match length');
  at += ml.size;
  Object.assign(state, { ll: ll.table, of: of.table, ml: ml.table });
  if (at >= end) throw new ZstdError('a sequences section without its bitstream');
  const bits = new BackwardBits(src, at, end);
  const llState = new FseState(ll.table, bits);
  const ofState = new FseState(of.table, bits);
  const mlState = new FseState(ml.table, bits);
  const out: Sequence[] = [];
  const rep = state.rep;
  for (let i = 0; i < count; i++) {
    const ofCode = ofState.symbol;
    const [mlBase, mlBits] = ML[mlState.symbol]!;
    const [llBase, llBits] = LL[llState.symbol]!;
    const ofValue = ofCode === 0 ? 1 : 2 ** ofCode + bits.read(ofCode);
    const match = mlBase + bits.read(mlBits);
    const literals = llBase + bits.read(llBits);
    let offset: number;
    if (ofValue > 3) {
      offset = ofValue - 3;
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
    } else {
      // Repeat offsets; with no literals before the match the codes shift by one.
      const idx = ofValue - 1 + (literals === 0 ? 1 : 0);
      if (idx === 0) offset = rep[0];
      else {
        offset = idx === 3 ? rep[0] - 1 : rep[idx]!;
        if (idx !== 1) rep[2] = rep[1];
        rep[1] = rep[0];
        rep[0] = offset;
      }
    }
    if (offset <= 0) throw new ZstdError('a match with offset 0');
    out.push({ literals, match, offset });
    if (i < count - 1) {
      llState.update(bits);
      mlState.update(bits);
      ofState.update(bits);
    }
  }
  if (!bits.finished) throw new ZstdError('a sequences bitstream that does not end with its last sequence');
  return out;
}
