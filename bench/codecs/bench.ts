/**
 * Our zstd decoder and zip reader against the maintained ones, on real Inspect logs rewritten
 * with zstd (makeLogs.ts). Prints figures; asserts nothing. The other codecs are not
 * dependencies: install them beside the project first, without saving:
 *   npm install --no-save fzstd@0.1.1 zstddec@0.3.4 unzipit@2.1.1 @zip.js/zip.js@2.24.0
 *   npx tsx bench/codecs/bench.ts <folder of deflate .eval logs> [samples in the big log]
 * (memory.ts and bomb.ts beside it: peak memory per decoder, and a 8 KB zstd bomb given to each).
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decompress as fzstd } from 'fzstd';
import { ZSTDDecoder } from 'zstddec';
import * as unzipit from 'unzipit';
import * as zipjs from '@zip.js/zip.js';
import { bufferSource } from '../../src/traces/inspect/byteSource';
import { zstdDecompress } from '../../src/traces/inspect/zstd/decode';
import { openZip } from '../../src/traces/inspect/zipRead';
import { makeLogs } from './makeLogs';

const MiB = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function time(runs: number, f: () => unknown): number {
  f();
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return median(ts);
}

async function timeAsync(runs: number, f: () => Promise<unknown>): Promise<number> {
  await f();
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    ts.push(performance.now() - t);
  }
  return median(ts);
}

/** Every zstd entry of a log, raw. */
async function rawEntries(bytes: Uint8Array) {
  const zip = await openZip(bufferSource(bytes), { maxEntries: 1e6, maxEntryBytes: 1 << 30 });
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return zip.entries.map((e) => {
    const start = e.localOffset + 30 + v.getUint16(e.localOffset + 26, true) + v.getUint16(e.localOffset + 28, true);
    return { name: e.name, size: e.size, raw: bytes.subarray(start, start + e.compressedSize) };
  });
}

async function main() {
  const input = process.argv[2];
  if (!input) throw new Error('give the folder of deflate .eval logs');
  const big = Number(process.argv[3] ?? 4000);
  const dir = mkdtempSync(join(tmpdir(), 'codecs-'));
  const logs = makeLogs(input, dir, big);
  const zd = new ZSTDDecoder();
  await zd.init();
  const rows: string[][] = [];
  for (const file of logs) {
    const bytes = new Uint8Array(readFileSync(file));
    const entries = await rawEntries(bytes);
    const total = entries.reduce((n, e) => n + e.size, 0);
    for (const e of entries) {
      const a = zstdDecompress(e.raw, 1 << 30, e.size);
      const b = fzstd(e.raw);
      const c = zd.decode(e.raw, e.size);
      if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0 || Buffer.compare(Buffer.from(a), Buffer.from(c)) !== 0)
        throw new Error(`${file} ${e.name}: decoders disagree`);
    }
    const runs = total > 20 * MiB ? 5 : 30;
    const ours = time(runs, () => entries.forEach((e) => zstdDecompress(e.raw, 1 << 30, e.size)));
    const theirs = time(runs, () => entries.forEach((e) => fzstd(e.raw, new Uint8Array(e.size))));
    const wasm = time(runs, () => entries.forEach((e) => zd.decode(e.raw, e.size)));
    // Whole log through a zip reader: ours (zstd inside), zip.js handing raw bytes to fzstd.
    const ourZip = await timeAsync(runs, async () => {
      const z = await openZip(bufferSource(bytes), { maxEntries: 1e6, maxEntryBytes: 1 << 30 });
      for (const e of z.entries) await z.read(e);
    });
    const zipjsTime = await timeAsync(Math.min(runs, 5), async () => {
      const reader = new zipjs.ZipReader(new zipjs.Uint8ArrayReader(bytes), { useWebWorkers: false });
      for (const e of await reader.getEntries()) {
        const raw = await e.getData!(new zipjs.Uint8ArrayWriter(), { passThrough: true });
        fzstd(raw);
      }
      await reader.close();
    });
    let unzipitResult = 'ok';
    try {
      const { entries: ue } = await unzipit.unzip(bytes);
      for (const e of Object.values(ue)) await e.arrayBuffer();
    } catch (err) {
      unzipitResult = (err as Error).message;
    }
    rows.push([
      file.split('/').pop()!,
      `${(statSync(file).size / 1024).toFixed(0)} kB → ${(total / MiB).toFixed(2)} MiB`,
      ours.toFixed(2),
      theirs.toFixed(2),
      wasm.toFixed(2),
      ourZip.toFixed(2),
      zipjsTime.toFixed(2),
      unzipitResult,
    ]);
  }
  console.log(['log', 'size', 'ours zstd ms', 'fzstd ms', 'zstddec ms', 'our zip+zstd ms', 'zip.js+fzstd ms', 'unzipit'].join(' | '));
  for (const r of rows) console.log(r.join(' | '));
}

void main();
