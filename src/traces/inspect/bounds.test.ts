import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import type { ImportSummary } from '../import/types';
import { manyBombs, overlappingBomb, zstdRleBomb, handZip, crcOfRun } from '../testing/hostile';
import { bufferSource } from './byteSource';
import { importInspectEval, type EvalImportOptions } from './importEval';
import { handLog } from './testing';
import { crc32, type DecompressBudget } from './zipRead';

const MiB = 1024 * 1024;
const header = { eval: handLog().eval! };

async function run(bytes: Uint8Array, options: EvalImportOptions = {}): Promise<{ summary: ImportSummary; items: number }> {
  let items = 0;
  const summary = await importInspectEval(bufferSource(bytes), { ...options, onEvents: (events) => (items += events.filter((e) => e.type === 'item').length) });
  return { summary, items };
}

describe('decompression bombs and overlapping entries', () => {
  it("the issue's bomb (40 entries sharing one 256 MiB zstd frame, 11 KB) is refused from its directory, nothing decompressed", async () => {
    const bomb = overlappingBomb(40, 2048, header);
    expect(bomb.length).toBeLessThan(12_000);
    // Before: each entry was read and expanded in turn, 10 GiB in all.
    const summary = await importInspectEval(bufferSource(bomb));
    expect(summary.fatal).toMatch(/^entries samples\/0_epoch_1\.json and samples\/1_epoch_1\.json overlap .*\(the overlappingEntries limit\)$/);
    expect(summary.items).toBe(0);
  });

  it('an entry that expands past the compression ratio is refused before it is decompressed', async () => {
    const { summary } = await run(manyBombs(1, 64, header));
    expect(summary.errors.map((e) => e.reason)).toEqual([
      'entry samples/0_epoch_1.json: 262 bytes that expand to 8 MiB (32,018×), over the compressionRatio limit of 1,000× (how many times its compressed size one entry may expand to)',
    ]);
  });

  it('the entries of one file together stop at the per-file budget, naming the entry that reached it', async () => {
    const { summary, items } = await run(manyBombs(6, 64, header), { zip: { maxRatio: Infinity, maxTotalBytes: 20 * MiB } });
    expect(summary.fatal).toMatch(
      /^entry samples\/2_epoch_1\.json: 24 MiB decompressed with it, over the fileDecompressedBytes limit of 20 MiB \(bytes decompressed from one archive/,
    );
    // Entries of spaces are not JSON samples: they are errors, but read; the third is never decompressed.
    expect(items).toBe(0);
    expect(summary.errors.filter((e) => /is not JSON/.test(e.reason))).toHaveLength(2);
  });

  it('files of one import share one budget: the second file stops where the first left off', async () => {
    const budget: DecompressBudget = { left: 20 * MiB, total: 20 * MiB };
    const first = await run(manyBombs(2, 64, header), { zip: { maxRatio: Infinity }, budget });
    expect(first.summary.fatal).toBeNull();
    const second = await run(manyBombs(2, 64, header), { zip: { maxRatio: Infinity }, budget });
    expect(second.summary.fatal).toMatch(/^entry samples\/0_epoch_1\.json: 24 MiB decompressed in this import with it, over the importDecompressedBytes limit/);
  });

  it('an entry that declares 10 bytes and holds a bomb stops after 10 bytes', async () => {
    const head = new TextEncoder().encode(JSON.stringify(header));
    const bytes = handZip([
      { name: 'header.json', method: 0, data: head, size: head.length, crc: crc32(head) },
      { name: 'samples/x_epoch_1.json', method: 93, data: zstdRleBomb(2048), size: 10, crc: crcOfRun(0x20, 10) },
    ]);
    const { summary } = await run(bytes);
    expect(summary.errors.map((e) => e.reason).join('\n')).toMatch(/samples\/x_epoch_1\.json: its zstd data cannot be read \(it decompresses past 10 bytes/);
  });

  it('more entries than the archive limit is refused by the directory count', async () => {
    const { summary } = await run(manyBombs(3, 1, header), { zip: { maxEntries: 3 } });
    expect(summary.fatal).toMatch(/^the central directory: 4 entries, over the archiveEntries limit of 3 /);
  });
});

describe('reading ahead', () => {
  it('an .eval of 200 samples is read in a few large reads, not two per entry, and imports the same', async () => {
    const { readAhead } = await import('./byteSource');
    const { evalZipOf } = await import('./testing');
    const log = handLog();
    const [first] = log.samples as JsonObject[];
    const bytes = evalZipOf({ ...log, samples: Array.from({ length: 200 }, (_, i) => ({ ...first!, id: `s${i}` })) });
    let reads = 0;
    const inner = bufferSource(bytes);
    const counted = { size: inner.size, read: (o: number, n: number) => (reads++, inner.read(o, n)) };
    const direct = await importInspectEval(bufferSource(bytes));
    const ahead = await importInspectEval(readAhead(counted, 64 * 1024));
    expect(ahead).toEqual(direct);
    expect(ahead.items).toBe(200);
    expect(reads).toBeLessThan(10);
  });
});
