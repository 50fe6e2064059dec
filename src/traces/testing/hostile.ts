import { strToU8 } from 'fflate';
import type { Json, JsonObject } from '../../core/json';

/**
 * Inputs a hostile file author would write, made at test time so nothing big
 * sits on disk: zstd bombs, zips whose entries share one frame, rows with huge
 * messages or 200,000 tool calls, long unbroken strings, zip-slip ids. Node
 * tests and the Playwright specs both use them.
 */

const u16 = (v: number) => [v & 255, (v >> 8) & 255];
const u32 = (v: number) => [v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >>> 24) & 255];

/** CRC-32 of `byte` repeated `n` times, without the bytes (a bomb's entries must pass a CRC check to be a real threat). */
export function crcOfRun(byte: number, n: number): number {
  const table = new Uint32Array(256);
  for (let k = 0; k < 256; k++) {
    let c = k;
    for (let j = 0; j < 8; j++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[k] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (let i = 0; i < n; i++) crc = table[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * One zstd frame of RLE blocks: `blocks` × 128 KiB of `byte` from 4 bytes per
 * block (2,048 blocks: 8 KB that expand to 256 MiB). No content size in the
 * header, so a decoder cannot know the size before it has written it.
 */
export function zstdRleBomb(blocks: number, byte = 0x20): Uint8Array {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58];
  for (let i = 0; i < blocks; i++) {
    const h = ((i === blocks - 1 ? 1 : 0) | (1 << 1) | ((128 * 1024) << 3)) >>> 0;
    out.push(h & 255, (h >> 8) & 255, (h >> 16) & 255, byte);
  }
  return Uint8Array.from(out);
}

export interface ZipPart {
  name: string;
  method: number;
  /** Bytes as stored (compressed), or the index of an earlier part whose data this entry points at (an overlap). */
  data: Uint8Array | { sameAs: number };
  size: number;
  crc: number;
}

/** A zip written byte by byte: any method, any declared size, and entries that may point at another entry's bytes. */
export function handZip(parts: readonly ZipPart[]): Uint8Array {
  const body: number[] = [];
  const central: number[] = [];
  const offsets: number[] = [];
  for (const p of parts) {
    const nameBytes = [...strToU8(p.name)];
    if ('sameAs' in p.data) {
      offsets.push(offsets[p.data.sameAs]!);
    } else {
      offsets.push(body.length);
      body.push(
        0x50,
        0x4b,
        3,
        4,
        63,
        0,
        0,
        0,
        ...u16(p.method),
        0,
        0,
        0,
        0,
        ...u32(p.crc),
        ...u32(p.data.length),
        ...u32(p.size),
        ...u16(nameBytes.length),
        0,
        0,
        ...nameBytes,
      );
      for (const b of p.data) body.push(b);
    }
    const compressed = 'sameAs' in p.data ? dataLength(parts, p.data.sameAs) : p.data.length;
    central.push(
      0x50,
      0x4b,
      1,
      2,
      63,
      0,
      63,
      0,
      0,
      0,
      ...u16(p.method),
      0,
      0,
      0,
      0,
      ...u32(p.crc),
      ...u32(compressed),
      ...u32(p.size),
      ...u16(nameBytes.length),
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...u32(offsets.at(-1)!),
      ...nameBytes,
    );
  }
  const end = [0x50, 0x4b, 5, 6, 0, 0, 0, 0, ...u16(parts.length), ...u16(parts.length), ...u32(central.length), ...u32(body.length), 0, 0];
  return Uint8Array.from([...body, ...central, ...end]);
}

function dataLength(parts: readonly ZipPart[], i: number): number {
  const d = parts[i]!.data;
  return 'sameAs' in d ? dataLength(parts, d.sameAs) : d.length;
}

const json = (v: Json) => strToU8(JSON.stringify(v));

/**
 * The bomb: an `.eval` with a real header and `entries` sample entries
 * that all point at one zstd frame of `blocks` × 128 KiB (overlapping entries).
 * With 40 entries and 2,048 blocks: 11 KB on disk, 10 GiB if each were read.
 */
export function overlappingBomb(entries: number, blocks: number, header: JsonObject): Uint8Array {
  const frame = zstdRleBomb(blocks);
  const size = blocks * 128 * 1024;
  const crc = crcOfRun(0x20, size);
  const head = json(header);
  const parts: ZipPart[] = [{ name: 'header.json', method: 0, data: head, size: head.length, crc: crc32(head) }];
  parts.push({ name: 'samples/0_epoch_1.json', method: 93, data: frame, size, crc });
  for (let i = 1; i < entries; i++) parts.push({ name: `samples/${i}_epoch_1.json`, method: 93, data: { sameAs: 1 }, size, crc });
  return handZip(parts);
}

/** Entries stored one after another, each a small zstd bomb of its own (no overlap): the total is what a file may not pass. */
export function manyBombs(entries: number, blocks: number, header: JsonObject): Uint8Array {
  const size = blocks * 128 * 1024;
  const crc = crcOfRun(0x20, size);
  const head = json(header);
  const parts: ZipPart[] = [{ name: 'header.json', method: 0, data: head, size: head.length, crc: crc32(head) }];
  for (let i = 0; i < entries; i++) parts.push({ name: `samples/${i}_epoch_1.json`, method: 93, data: zstdRleBomb(blocks), size, crc });
  return handZip(parts);
}

function crc32(bytes: Uint8Array): number {
  const table = new Uint32Array(256);
  for (let k = 0; k < 256; k++) {
    let c = k;
    for (let j = 0; j < 8; j++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[k] = c >>> 0;
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A string of `n` characters with no space or break opportunity in it. */
export const unbroken = (n: number, c = 'x') => c.repeat(n);

/** A vf-eval row (v0.1.14+ shape) with one assistant turn of `calls` tool calls, the first `answered` of them answered. */
export function manyToolCallsRow(calls: number, answered = calls): JsonObject {
  const toolCalls: Json[] = [];
  const results: Json[] = [];
  for (let i = 0; i < calls; i++) {
    toolCalls.push(JSON.stringify({ id: `c${i}`, name: 'lookup', arguments: '{}' }));
    if (i < answered) results.push({ role: 'tool', content: `r${i}`, tool_call_id: `c${i}` });
  }
  return {
    example_id: 0,
    prompt: [{ role: 'user', content: 'go' }],
    completion: [{ role: 'assistant', content: '', tool_calls: toolCalls }, ...results],
    answer: '',
    task: 'default',
    reward: 0,
  };
}

/** A vf-eval row whose messages are `count` short user/assistant turns. */
export function manyMessagesRow(count: number, content = (i: number) => `message ${i}`): JsonObject {
  const completion: Json[] = [];
  for (let i = 0; i < count; i++) completion.push({ role: i % 2 ? 'user' : 'assistant', content: content(i) });
  return { example_id: 0, prompt: [{ role: 'user', content: 'go' }], completion, answer: '', task: 'default', reward: 0 };
}

/** Sample ids that escape a folder when used as a zip entry name as they are. */
export const ZIP_SLIP_IDS = ['../../etc/passwd', '/abs/path', 'a/../../b', '..\\..\\win', 'ok', 'C:\\x', '.', '..', `${'n'.repeat(400)}`];
