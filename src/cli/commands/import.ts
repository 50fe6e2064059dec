import { createReadStream, existsSync, type Stats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createImporter, type ImportedItem, type ImporterOptions, type ImportSummary } from '../../traces/import/index';
import { identityFromPath, identityOf, type Identity } from '../../traces/import/identity';
import { DEFAULT_LIMITS } from '../../traces/import/limits';
import { parseVfMetadata } from '../../traces/import/metadata';
import { looksLikeZip, readAhead } from '../../traces/inspect/byteSource';
import { importInspectEval } from '../../traces/inspect/importEval';
import type { DecompressBudget } from '../../traces/inspect/zipRead';
import { CliError, describeBytes, describeFsError, errnoText, READ_LIMITS, readTextFile } from '../io';
import { fileSource } from './fileSource';

export interface Issue {
  line: number;
  reason: string;
}

/** One imported item with the identity the CLI reports and exports carry. */
export interface SourcedItem {
  item: ImportedItem;
  source: string;
  identity: Identity;
}

export interface RunReport {
  env: string | null;
  model: string | null;
  rows: number;
  source: string;
  run: string | null;
  env_from: string | null;
  model_from: string | null;
}

export interface ImportReport {
  format: string;
  rows: number;
  errors: Issue[];
  warnings: Issue[];
  /** The metadata.json read beside a results.jsonl, if there was one. */
  metadata: string | null;
  runs: RunReport[];
  /** What the readers inferred that the file did not say, one sentence each. */
  inferred: string[];
}

/** vf-eval writes metadata.json beside results.jsonl; read it when it is there, say why when it is unusable. */
function siblingMetadata(path: string, warnings: Issue[]): { options: ImporterOptions; file: string | null } {
  if (basename(path) !== 'results.jsonl') return { options: {}, file: null };
  const file = join(dirname(path), 'metadata.json');
  if (!existsSync(file)) return { options: {}, file: null };
  let text: string;
  try {
    text = readTextFile(file, READ_LIMITS.metadataBytes);
  } catch (e) {
    warnings.push({ line: 0, reason: `${file} ignored: ${e instanceof Error ? e.message : String(e)}` });
    return { options: {}, file: null };
  }
  const meta = parseVfMetadata(text);
  if (!meta.ok) {
    warnings.push({ line: 0, reason: `${file} ignored: ${meta.error}` });
    return { options: {}, file: null };
  }
  return { options: { metadata: meta.value }, file };
}

async function startsLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return looksLikeZip(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Text (native traces, JSONL, vf-eval rows, an Inspect .json log) streamed through the importer the site's worker runs. */
async function importTextFile(path: string, info: Stats, options: ImporterOptions, take: (item: ImportedItem) => void): Promise<ImportSummary> {
  const importer = createImporter({ ...options, sizeHint: info.size });
  const collect = (events: ReturnType<typeof importer.push>) => {
    for (const e of events) if (e.type === 'item') take(e.item);
  };
  // A device or a pipe has no size to refuse up front: the stream stops one byte past the limit.
  const limit = DEFAULT_LIMITS.maxTotalChars;
  if (info.size <= limit) {
    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16, end: limit });
    try {
      for await (const chunk of stream) {
        collect(importer.push(String(chunk)));
        if (importer.summary().fatal) break;
      }
    } catch (e) {
      throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
    } finally {
      stream.destroy();
    }
    if (stream.bytesRead > limit) throw new CliError(`${path} is larger than ${describeBytes(limit)}, the import limit`);
  }
  collect(importer.finish());
  return importer.summary();
}

/** An Inspect .eval log: a zip read entry by entry, as the site's worker reads a dropped file. */
async function importZipFile(path: string, info: Stats, take: (item: ImportedItem) => void, budget?: DecompressBudget): Promise<ImportSummary> {
  const { source, close } = await fileSource(path, info.size);
  try {
    return await importInspectEval(readAhead(source), {
      budget,
      onEvents: (events) => {
        for (const e of events) if (e.type === 'item') take(e.item);
      },
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== undefined) throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
    throw e;
  } finally {
    await close();
  }
}

/**
 * Import one file with the importer the site uses: a zip is an Inspect .eval
 * log, anything else is streamed as text. Rows are grouped into runs by the
 * env and model derived for each (see identity.ts). `onItem` sees every item.
 * Throws CliError when the file cannot be read or nothing of it imports.
 */
export async function importFile(path: string, onItem?: (item: SourcedItem) => void, budget?: DecompressBudget): Promise<ImportReport> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
  }
  if (info.isDirectory()) throw new CliError(`cannot read ${path}: ${errnoText('EISDIR')}`);
  const warnings: Issue[] = [];
  const fromPath = identityFromPath(path);
  const runs = new Map<string, RunReport>();
  const take = (item: ImportedItem) => {
    const identity = identityOf(item, fromPath);
    const key = JSON.stringify([identity.env, identity.model, identity.run]);
    const run = runs.get(key) ?? {
      env: identity.env,
      model: identity.model,
      rows: 0,
      source: path,
      run: identity.run,
      env_from: identity.envFrom,
      model_from: identity.modelFrom,
    };
    run.rows++;
    runs.set(key, run);
    onItem?.({ item, source: path, identity });
  };
  let zip: boolean;
  try {
    zip = info.isFile() && (await startsLikeZip(path));
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
  }
  let summary: ImportSummary;
  let metadataFile: string | null = null;
  if (zip) summary = await importZipFile(path, info, take, budget);
  else {
    const { options, file } = siblingMetadata(path, warnings);
    metadataFile = file;
    summary = await importTextFile(path, info, options, take);
  }
  const report = toReport(summary, warnings, metadataFile, [...runs.values()]);
  if (report.rows === 0) throw new CliError(`${path}: nothing could be imported: ${firstReason(report)}`);
  return report;
}

function toReport(s: ImportSummary, warnings: Issue[], metadata: string | null, runs: RunReport[]): ImportReport {
  const strip = ({ line, reason }: Issue) => ({ line, reason });
  const errors = s.errors.map(strip);
  if (s.unlisted > 0) errors.push({ line: 0, reason: `${s.unlisted} more issues not listed` });
  return { format: s.format, rows: s.items, errors, warnings: [...warnings, ...s.warnings.map(strip)], metadata, runs, inferred: s.inferred };
}

function firstReason(r: ImportReport): string {
  const e = r.errors[0];
  const more = r.errors.length > 1 ? ` (and ${r.errors.length - 1} more)` : '';
  return e ? `${e.line > 0 ? `line ${e.line}: ` : ''}${e.reason.split('\n')[0]}${more}` : 'no rows';
}
