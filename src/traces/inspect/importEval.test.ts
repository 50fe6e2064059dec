import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import type { ImportEvent, ImportSummary, VfRollout } from '../import/types';
import { bufferSource, type ByteSource } from './byteSource';
import { importInspectEval } from './importEval';
import { evalZipOf, handLog, localHeader, withDeclaredSize, zipOf, zipWithMethod, zstdRawFrame } from './testing';
import { crc32 } from './zipRead';

async function run(bytes: Uint8Array | ByteSource, limits = {}): Promise<{ rollouts: VfRollout[]; summary: ImportSummary; progress: number[] }> {
  const rollouts: VfRollout[] = [];
  const progress: number[] = [];
  const source = bytes instanceof Uint8Array ? bufferSource(bytes) : bytes;
  const summary = await importInspectEval(source, {
    limits,
    onEvents: (events: ImportEvent[], p) => {
      progress.push(p.done);
      for (const e of events) if (e.type === 'item' && e.item.kind === 'vf') rollouts.push(e.item.rollout);
    },
  });
  return { rollouts, summary, progress };
}

/** A source that records which byte ranges were read. */
function watched(bytes: Uint8Array): { source: ByteSource; reads: [number, number][] } {
  const reads: [number, number][] = [];
  const inner = bufferSource(bytes);
  return { source: { size: inner.size, read: (o, n) => (reads.push([o, n]), inner.read(o, n)) }, reads };
}

const set = (bytes: Uint8Array, at: number, value: number) => {
  const copy = bytes.slice();
  copy[at] = value;
  return copy;
};

describe('an Inspect .eval log (a zip)', () => {
  it('reads the header, the reductions and each sample, and says how far it is', async () => {
    const { rollouts, summary, progress } = await run(evalZipOf(handLog()));
    expect(summary).toMatchObject({ format: 'inspect-eval', items: 2, inspect: 2, errors: [], warnings: [], fatal: null });
    expect(rollouts.map((r) => [r.exampleId, r.reward, r.inspect!.run.format, r.inspect!.run.task, r.inspect!.reduced])).toEqual([
      ['w1', 1, 'inspect-eval', 'weather_qa', { match: 1 }],
      ['w2', 0, 'inspect-eval', 'weather_qa', { match: 0 }],
    ]);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toBe(evalZipOf(handLog()).length);
  });

  it('opens only what it needs: the directory, the header, the reductions and the samples, never the journal or summaries', async () => {
    // Incompressible, so the summaries lie well before the zip's last 64 KiB (where its directory is looked for).
    let x = 1;
    const padding = Array.from({ length: 40_000 }, () => ((x = (x * 1103515245 + 12345) % 2 ** 31), x.toString(36))).join('');
    const bytes = evalZipOf(handLog(), { 'summaries.json': [{ padding }], '_journal/summaries/1.json': [{ padding }] });
    const { source, reads } = watched(bytes);
    await run(source);
    const summaries = localHeader(bytes, 'summaries.json');
    expect(reads.some(([o, n]) => o <= summaries && summaries < o + n)).toBe(false);
  });

  it('a log without header.json (the run was still going) is read from its start record, and says so', async () => {
    const log = handLog();
    const { samples, ...header } = log;
    const bytes = zipOf({ '_journal/start.json': { version: 2, eval: header.eval ?? null }, 'samples/w2_epoch_1.json': (samples as JsonObject[])[1]! });
    const { rollouts, summary } = await run(bytes);
    expect(rollouts.map((r) => r.exampleId)).toEqual(['w2']);
    expect(summary.warnings).toEqual([expect.objectContaining({ reason: expect.stringContaining('"started"') })]);
  });

  it('an early log (the results in results.json beside the start record, no header.json) is a finished run with its results', async () => {
    const log = handLog();
    const { samples, ...header } = log;
    const finished = { status: 'success', results: header.results ?? null, stats: header.stats ?? null };
    const bytes = zipOf({
      '_journal/start.json': { version: 2, eval: header.eval ?? null },
      'results.json': finished,
      'samples/w1_epoch_1.json': (samples as JsonObject[])[0]!,
    });
    const { rollouts, summary } = await run(bytes);
    expect(summary.warnings).toEqual([]);
    expect(rollouts[0]!.inspect!.run).toMatchObject({
      status: 'success',
      scorers: ['match', 'judge'],
      header: { results: header.results, stats: header.stats },
    });
  });

  it('stored (uncompressed) entries read as well as deflated ones', async () => {
    const log = handLog();
    const { samples, ...header } = log;
    const bytes = zipOf({ 'header.json': header, 'samples/w1_epoch_1.json': (samples as JsonObject[])[0]! }, 0);
    expect((await run(bytes)).rollouts).toHaveLength(1);
  });
});

describe('an .eval log written by a newer Inspect (zstd entries, ZIP method 93)', () => {
  it('reads as the deflated one does', async () => {
    const { samples, reductions, ...header } = handLog();
    const entries = {
      'header.json': header,
      'reductions.json': reductions!,
      'samples/w1_epoch_1.json': (samples as JsonObject[])[0]!,
      'samples/w2_epoch_1.json': (samples as JsonObject[])[1]!,
    };
    const { rollouts, summary } = await run(zipWithMethod(entries, 93, zstdRawFrame, crc32));
    expect(summary).toMatchObject({ format: 'inspect-eval', items: 2, errors: [], fatal: null });
    expect(rollouts.map((r) => [r.exampleId, r.reward, r.inspect!.reduced])).toEqual([
      ['w1', 1, { match: 1 }],
      ['w2', 0, { match: 0 }],
    ]);
  });

  it('a damaged zstd entry is an error of its own', async () => {
    const { samples, ...header } = handLog();
    const broken = (raw: Uint8Array) => zstdRawFrame(raw).subarray(0, 20);
    const bytes = zipWithMethod({ 'header.json': header }, 93, zstdRawFrame, crc32);
    const withBad = zipWithMethod(
      { 'header.json': header, 'samples/w1_epoch_1.json': (samples as JsonObject[])[0]! },
      93,
      (raw) => (new TextDecoder().decode(raw).includes('Oslo') ? broken(raw) : zstdRawFrame(raw)),
      crc32,
    );
    expect((await run(bytes)).summary.errors).toEqual([{ line: 0, severity: 'error', reason: expect.stringContaining('without samples') }]);
    expect((await run(withBad)).summary.errors).toEqual([
      { line: 0, severity: 'error', reason: 'entry samples/w1_epoch_1.json: its zstd data cannot be read (a block past the end of the data)' },
    ]);
  });
});

describe('malformed zips: one located message, never a crash', () => {
  const good = evalZipOf(handLog());

  it.each([
    ['not a zip at all', new TextEncoder().encode('{"hello": 1}'), /no end-of-central-directory record: not a zip, or a truncated one/],
    ['cut in half (a copy still being written)', good.slice(0, Math.floor(good.length / 2)), /no end-of-central-directory record/],
    ['an empty zip', zipOf({}), /a zip without header\.json or _journal\/start\.json: not an Inspect \.eval log \(it holds 0 entries\)/],
    [
      'a zip of something else',
      zipOf({ 'word/document.xml': 'x', 'docProps/app.xml': 'y' }),
      /not an Inspect \.eval log \(it holds 2 entries: word\/document\.xml, docProps\/app\.xml\)/,
    ],
    ['a header that is not JSON', zipOf({ 'header.json': new TextEncoder().encode('{"eval": ') }), /^header\.json is not JSON/],
    ['a header without a model', zipOf({ 'header.json': { eval: { task: 't' } } }), /^eval\.model: expected a string/],
  ])('%s', async (_name, bytes, message) => {
    const { rollouts, summary } = await run(bytes);
    expect(rollouts).toEqual([]);
    expect(summary.fatal).toMatch(message);
    expect(summary.errors).toEqual([{ line: 0, severity: 'error', reason: summary.fatal }]);
  });

  it('a damaged sample entry is an error of its own; the other sample imports', async () => {
    const at = localHeader(good, 'samples/w1_epoch_1.json');
    // A byte inside the compressed data: inflate fails or the CRC does not match.
    const { rollouts, summary } = await run(
      set(good, at + 30 + 'samples/w1_epoch_1.json'.length + 20, 0x00 ^ good[at + 30 + 'samples/w1_epoch_1.json'.length + 20]! ^ 0xff),
    );
    expect(rollouts.map((r) => r.exampleId)).toEqual(['w2']);
    expect(summary.errors).toEqual([
      {
        line: 0,
        severity: 'error',
        reason: expect.stringMatching(
          /^entry samples\/w1_epoch_1\.json: its deflate data is damaged|^entry samples\/w1_epoch_1\.json fails its CRC check|is not UTF-8|is not JSON/,
        ),
      },
    ]);
    expect(summary.fatal).toBeNull();
  });

  it('an entry compressed with a method no one uses for logs is refused by name', async () => {
    const { samples, ...header } = handLog();
    const bytes = zipWithMethod({ 'header.json': header, 'samples/w1_epoch_1.json': (samples as JsonObject[])[0]! }, 12, (raw) => raw, crc32);
    const { rollouts, summary } = await run(bytes);
    expect(rollouts).toEqual([]);
    expect(summary.fatal).toBe('entry header.json is compressed with bzip2, which this importer cannot read (stored, deflate and zstd only)');
  });

  it('an entry that inflates past the limit stops there (a zip bomb costs at most the limit)', async () => {
    const bomb = zipOf({ 'header.json': { eval: handLog().eval! }, 'samples/b_epoch_1.json': new TextEncoder().encode(' '.repeat(5_000_000)) });
    expect(bomb.length).toBeLessThan(50_000);
    const { summary } = await run(bomb, { maxTotalChars: 1024 * 1024 });
    expect(summary.errors).toEqual([
      { line: 0, severity: 'error', reason: 'entry samples/b_epoch_1.json is 4.8 MiB uncompressed, over the entryBytes limit of 1 MiB for one entry' },
    ]);
  });

  it('an entry that lies about its size is caught by the inflater, not trusted', async () => {
    const bomb = zipOf({ 'header.json': { eval: { task: 't', model: 'm' } }, 'samples/b_epoch_1.json': new TextEncoder().encode(' '.repeat(3_000_000)) });
    const { summary } = await run(withDeclaredSize(bomb, 'samples/b_epoch_1.json', 10), { maxTotalChars: 1024 * 1024 });
    expect(summary.errors).toEqual([
      { line: 0, severity: 'error', reason: 'entry samples/b_epoch_1.json inflates past the 10 bytes its directory entry declares: a damaged zip or a bomb' },
    ]);
  });

  it('a file over the import limit is refused before anything is read', async () => {
    const { source, reads } = watched(good);
    const { summary } = await run(source, { maxTotalChars: 100 });
    expect(summary.fatal).toMatch(/over the 1 KiB import limit/);
    expect(reads).toEqual([]);
  });
});
