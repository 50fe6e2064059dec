// Shared pieces of the writer-fixture generators: deterministic ids, times and text,
// so a rerun writes the same bytes (the fixtures are committed, see index.ts).
import { execFileSync } from 'node:child_process';
import { crc32 } from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';

/** An LCG: the same sequence on every machine. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8;
}

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Inspect's shortuuid-style ids (22 characters). */
export function idMaker(seed: number): () => string {
  const next = lcg(seed);
  return () => Array.from({ length: 22 }, () => ALPHABET[next() % ALPHABET.length]).join('');
}

/** An ISO time `seconds` after `start`, with the offset written as the writer writes it. */
export function isoAfter(start: string, seconds: number, offset = '+00:00', micros = true): string {
  const t = new Date(Date.parse(start) + Math.round(seconds * 1000));
  const [date, rest] = t.toISOString().split('T') as [string, string];
  const clock = rest.slice(0, 8);
  const frac = micros ? `.${String(Math.round(seconds * 1e6) % 1e6).padStart(6, '0')}` : '';
  return `${date}T${clock}${frac}${offset}`;
}

/** A zip laid out as Python's zipfile leaves it, entries deflated (level 5). */
export function deflateZip(entries: [string, unknown][], mtime: Date): Uint8Array {
  const files: Zippable = {};
  for (const [name, value] of entries) files[name] = [strToU8(JSON.stringify(value)), { level: 5, mtime }];
  return zipSync(files);
}

/** zstd from the reference CLI (as Inspect's writer compresses with the zstandard library). */
export function zstd(data: Uint8Array, level = 3): Uint8Array {
  return new Uint8Array(execFileSync('zstd', [`-${level}`, '-c', '-q', '--no-check'], { input: data }));
}

/**
 * A zip whose entries are zstd-compressed (ZIP method 93), as newer Inspect writes
 * `.eval` logs. Written by hand: no JS zip writer emits method 93.
 */
export function zstdZip(entries: [string, unknown][]): Uint8Array {
  const out: number[] = [];
  const central: number[] = [];
  const u16 = (v: number) => [v & 255, (v >> 8) & 255];
  const u32 = (v: number) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];
  // 2025-06-01 12:00:00 in DOS time and date.
  const time = (12 << 11) | (0 << 5);
  const date = ((2025 - 1980) << 9) | (6 << 5) | 1;
  for (const [name, value] of entries) {
    const raw = strToU8(JSON.stringify(value));
    const data = zstd(raw);
    const nameBytes = [...strToU8(name)];
    const offset = out.length;
    const common = [
      ...u16(63),
      0,
      0,
      ...u16(93),
      ...u16(time),
      ...u16(date),
      ...u32(crc32(raw)),
      ...u32(data.length),
      ...u32(raw.length),
      ...u16(nameBytes.length),
      0,
      0,
    ];
    out.push(0x50, 0x4b, 3, 4, ...common, ...nameBytes);
    for (const b of data) out.push(b);
    central.push(0x50, 0x4b, 1, 2, ...u16(63), ...common, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...u32(offset), ...nameBytes);
  }
  const n = entries.length;
  const end = [0x50, 0x4b, 5, 6, 0, 0, 0, 0, ...u16(n), ...u16(n), ...u32(central.length), ...u32(out.length), 0, 0];
  return Uint8Array.from([...out, ...central, ...end]);
}

const WORDS = [
  'the',
  'ledger',
  'balance',
  'invoice',
  'shipment',
  'arrived',
  'late',
  'customer',
  'refund',
  'total',
  'order',
  'checked',
  'matches',
  'record',
  'before',
  'after',
];

/** A sentence of `n` words from a seeded stream. */
export function prose(next: () => number, n: number): string {
  const words = Array.from({ length: n }, () => WORDS[next() % WORDS.length]!);
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}
