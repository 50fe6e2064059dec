/**
 * Real Inspect `.eval` logs rewritten as Inspect writes them since it moved to zstd (ZIP method 93,
 * `zstd -3` per entry), plus one large log made of a real log's samples repeated under new ids.
 * Inputs: the deflate `.eval` logs of Inspect's own test suite (tests/log, tests/scorer,
 * tests/analysis of UKGovernmentBEIS/inspect_ai), in the folder given as the first argument.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { crc32 } from '../../src/traces/inspect/zipRead';

const zstd = (bytes: Uint8Array) => new Uint8Array(execFileSync('zstd', ['-3', '-q', '-c', '--no-check'], { input: bytes, maxBuffer: 1 << 30 }));

/** A zip whose entries are stored with method 93 (zstd), laid out as Python's zipfile writes one. */
export function zstdZip(files: Record<string, Uint8Array>): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const nameBytes = new TextEncoder().encode(name);
    const packed = zstd(data);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 63, true);
    lv.setUint16(8, 93, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const central = new Uint8Array(46 + nameBytes.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 63, true);
    cv.setUint16(6, 63, true);
    cv.setUint16(10, 93, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, packed.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, nameBytes.length, true);
    cv.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local, packed);
    centrals.push(central);
    offset += local.length + packed.length;
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + dirSize + 22);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function makeLogs(inputDir: string, outDir: string, bigSamples: number): string[] {
  const written: string[] = [];
  let biggest: { files: Record<string, Uint8Array>; size: number } | null = null;
  for (const name of readdirSync(inputDir)
    .filter((n) => n.endsWith('.eval'))
    .sort()) {
    const files = unzipSync(readFileSync(join(inputDir, name)));
    const out = join(outDir, name.replace(/\.eval$/, '.zstd.eval'));
    writeFileSync(out, zstdZip(files));
    written.push(out);
    const size = Object.values(files).reduce((n, f) => n + f.length, 0);
    if (!biggest || size > biggest.size) biggest = { files, size };
  }
  if (biggest) {
    // The largest real log's samples again and again, each under its own id: a long run of real-shaped samples.
    const samples = Object.entries(biggest.files).filter(([n]) => /^samples\//.test(n));
    const files: Record<string, Uint8Array> = {};
    for (const [n, f] of Object.entries(biggest.files)) if (!n.startsWith('samples/')) files[n] = f;
    for (let i = 0; i < bigSamples; i++) {
      const [, bytes] = samples[i % samples.length]!;
      const sample = JSON.parse(new TextDecoder().decode(bytes)) as { id: unknown };
      sample.id = `big-${i}`;
      files[`samples/big-${i}_epoch_1.json`] = new TextEncoder().encode(JSON.stringify(sample));
    }
    const out = join(outDir, `big-${bigSamples}.zstd.eval`);
    writeFileSync(out, zstdZip(files));
    written.push(out);
  }
  return written;
}
