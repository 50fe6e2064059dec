import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { Tally } from '../import/inferred';
import { DEFAULT_LIMITS, describeSize, tooDeep, type ImportLimits } from '../import/limits';
import { emptySummary, type ImportEvent, type ImportIssue, type ImportSummary } from '../import/types';
import { ShapeError } from '../validate';
import type { ByteSource } from './byteSource';
import { headerWarnings } from './readLog';
import { readInspectRun, Reductions, runMetadata } from './readRun';
import { readInspectSample } from './readSample';
import type { InspectRun } from './types';
import { ROW_LIMITS, rowOverLimit, type RowLimits } from '../import/rowLimits';
import { openZip, ZipError, ZipLimitError, type DecompressBudget, type ZipEntry, type ZipLimits, type ZipReader } from './zipRead';

export interface EvalImportOptions {
  limits?: Partial<ImportLimits>;
  /** Called with what each step completed (items, issues) and how far through the file it is. */
  onEvents?: (events: ImportEvent[], progress: { done: number; total: number }) => void;
  /** The zip's budgets (core/limits.ts unless a test narrows them). */
  zip?: Partial<ZipLimits>;
  /** What the import this file belongs to may still decompress, shared with its other files. */
  budget?: DecompressBudget;
  /** One row's budgets, and the rows one file may list (core/limits.ts unless a test narrows them). */
  rows?: Partial<RowLimits>;
  maxRows?: number;
}

export function zipLimits(over: Partial<ZipLimits> = {}, budget?: DecompressBudget): ZipLimits {
  return {
    maxEntries: LIMITS.archiveEntries.value,
    maxEntryBytes: LIMITS.entryBytes.value,
    maxTotalBytes: LIMITS.fileDecompressedBytes.value,
    maxRatio: LIMITS.compressionRatio.value,
    ...(budget ? { budget } : {}),
    ...over,
  };
}
const HEADER = 'header.json';
const START = '_journal/start.json';
const REDUCTIONS = 'reductions.json';
/** Early .eval logs wrote the results beside the start record instead of a header. */
const RESULTS = 'results.json';
const SAMPLE = /^samples\/.+\.json$/;

/** An entry's text as JSON, or why not, prefixed with the entry's name. */
async function readJson(zip: ZipReader, entry: ZipEntry, limits: ImportLimits): Promise<Json> {
  const bytes = await zip.read(entry);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ZipError(`${entry.name} is not UTF-8 text`);
  }
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (e) {
    throw new ZipError(`${entry.name} is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const deep = tooDeep(value, limits.maxDepth);
  if (deep) throw new ZipError(`${entry.name}: ${deep}`);
  return value;
}

const reasonOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * An Inspect `.eval` log (a zip): the header (or, for a run still going, its
 * start record), the reductions, then each sample entry in turn — only those
 * entries are decompressed, one at a time. A sample that cannot be read is
 * one located error; a zip without a header is refused whole.
 */
export async function importInspectEval(source: ByteSource, options: EvalImportOptions = {}): Promise<ImportSummary> {
  const limits: ImportLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const s: ImportSummary = emptySummary('inspect-eval');
  const tally = new Tally();
  let out: ImportEvent[] = [];
  let done = 0;
  const flush = () => {
    const events = out;
    out = [];
    s.inferred = tally.list();
    options.onEvents?.(events, { done, total: source.size });
  };
  const issue = (severity: ImportIssue['severity'], reason: string) => {
    if (s.errors.length + s.warnings.length >= limits.maxIssues) {
      s.unlisted++;
      return;
    }
    const i: ImportIssue = { line: 0, severity, reason };
    (severity === 'error' ? s.errors : s.warnings).push(i);
    out.push({ type: 'issue', issue: i });
  };
  const fatal = (reason: string) => {
    s.fatal = reason;
    issue('error', reason);
    flush();
    return s;
  };
  if (source.size > limits.maxTotalChars) return fatal(`the file is ${describeSize(source.size)}, over the ${describeSize(limits.maxTotalChars)} import limit`);

  let zip: ZipReader;
  let run: InspectRun;
  let reductions: Reductions;
  try {
    zip = await openZip(source, zipLimits({ maxEntryBytes: Math.min(LIMITS.entryBytes.value, limits.maxTotalChars), ...options.zip }, options.budget));
    const byName = new Map(zip.entries.map((e) => [e.name, e]));
    const opened = byName.get(HEADER) ?? byName.get(START) ?? null;
    if (!opened) {
      const names = zip.entries.slice(0, 5).map((e) => e.name);
      return fatal(
        `a zip without ${HEADER} or ${START}: not an Inspect .eval log (it holds ${zip.entries.length} entries${names.length ? `: ${names.join(', ')}${zip.entries.length > 5 ? ', …' : ''}` : ''})`,
      );
    }
    let header = await readJson(zip, opened, limits);
    if (!isJsonObject(header)) throw new ZipError(`${opened.name}: expected a JSON object`);
    const results = opened.name === START ? byName.get(RESULTS) : undefined;
    if (results) {
      const written = await readJson(zip, results, limits);
      if (isJsonObject(written)) header = { ...header, ...written };
    }
    const sampleCount = zip.entries.filter((e) => SAMPLE.test(e.name)).length;
    const red = byName.get(REDUCTIONS);
    const written = red ? await readJson(zip, red, limits) : undefined;
    run = readInspectRun(header, 'inspect-eval', sampleCount, written ?? null);
    // start.json predates the results: a log without header.json was still running (or was killed) when copied.
    if (opened.name === START && !results) run.status ??= 'started';
    reductions = new Reductions(written, REDUCTIONS);
  } catch (e) {
    if (e instanceof ZipError || e instanceof ShapeError) return fatal(reasonOf(e));
    throw e;
  }
  for (const w of headerWarnings(run)) issue('warning', w);
  const metadata = runMetadata(run);
  const samples = zip.entries.filter((e) => SAMPLE.test(e.name));
  if (samples.length === 0) issue('error', 'an Inspect log without samples (written with --no-log-samples, or cut before the first one): nothing to import');
  const rowLimits: RowLimits = { ...ROW_LIMITS, ...options.rows };
  const maxRows = options.maxRows ?? LIMITS.importRows.value;
  for (const [i, entry] of samples.entries()) {
    if (s.items >= maxRows) return fatal(overLimit('importRows', entry.name, `row ${(s.items + 1).toLocaleString('en-US')}`, maxRows));
    try {
      const value = await readJson(zip, entry, limits);
      s.chars += entry.size;
      if (!isJsonObject(value)) throw new ShapeError(entry.name, 'expected a sample object');
      const rollout = readInspectSample(value as JsonObject, { run, metadata, reductions, line: 0, rowIndex: i, path: entry.name, infer: tally.note });
      const over = rowOverLimit(rollout, entry.name, rowLimits);
      if (over) throw new ZipError(over);
      s.inspect++;
      s.items++;
      out.push({ type: 'item', item: { kind: 'vf', rollout } });
    } catch (e) {
      // A limit of the whole file: the rest is not read, and the file is refused (its rows are taken back).
      if (e instanceof ZipLimitError) return fatal(reasonOf(e));
      if (!(e instanceof ZipError || e instanceof ShapeError)) throw e;
      issue('error', reasonOf(e));
    }
    done = Math.min(source.size, entry.localOffset + entry.compressedSize);
    flush();
  }
  done = source.size;
  flush();
  return s;
}
