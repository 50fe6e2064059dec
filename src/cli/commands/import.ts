import { createReadStream, existsSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createImporter, type ImportedItem, type ImporterOptions, type ImportSummary } from '../../traces/import/index';
import { DEFAULT_LIMITS } from '../../traces/import/limits';
import { parseVfMetadata } from '../../traces/import/metadata';
import { CliError, describeBytes, describeFsError, errnoText, READ_LIMITS, readTextFile } from '../io';

export interface ImportReport {
  format: string;
  rows: number;
  errors: { line: number; reason: string }[];
  warnings: { line: number; reason: string }[];
  /** The metadata.json read beside a results.jsonl, if there was one. */
  metadata: string | null;
}

/** vf-eval writes metadata.json beside results.jsonl; read it when it is there, say why when it is unusable. */
function siblingMetadata(path: string, warnings: ImportReport['warnings']): { options: ImporterOptions; file: string | null } {
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

/**
 * Import a file with the same streaming importer the browser's worker uses.
 * `onItem` sees each imported trace or rollout as it completes.
 */
export async function importFile(path: string, onItem?: (item: ImportedItem) => void): Promise<ImportReport> {
  let info: Stats;
  try {
    info = await stat(path);
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
  }
  if (info.isDirectory()) throw new CliError(`cannot read ${path}: ${errnoText('EISDIR')}`);
  const warnings: ImportReport['warnings'] = [];
  const { options, file } = siblingMetadata(path, warnings);
  const importer = createImporter({ ...options, sizeHint: info.size });
  const take = (events: ReturnType<typeof importer.push>) => {
    for (const e of events) if (e.type === 'item') onItem?.(e.item);
  };
  // A device or a pipe has no size to refuse up front: the stream stops one byte past the limit.
  const limit = DEFAULT_LIMITS.maxTotalChars;
  if (info.size <= limit) {
    const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16, end: limit });
    try {
      for await (const chunk of stream) {
        take(importer.push(String(chunk)));
        if (importer.summary().fatal) break;
      }
    } catch (e) {
      throw new CliError(`cannot read ${path}: ${describeFsError(e)}`);
    } finally {
      stream.destroy();
    }
    if (stream.bytesRead > limit) throw new CliError(`${path} is larger than ${describeBytes(limit)}, the import limit`);
  }
  take(importer.finish());
  const report = toReport(importer.summary(), warnings, file);
  if (report.rows === 0) throw new CliError(`${path}: nothing could be imported: ${firstReason(report)}`);
  return report;
}

function toReport(s: ImportSummary, warnings: ImportReport['warnings'], metadata: string | null): ImportReport {
  const strip = ({ line, reason }: { line: number; reason: string }) => ({ line, reason });
  const errors = s.errors.map(strip);
  if (s.unlisted > 0) errors.push({ line: 0, reason: `${s.unlisted} more issues not listed` });
  return { format: s.format, rows: s.items, errors, warnings: [...warnings, ...s.warnings.map(strip)], metadata };
}

function firstReason(r: ImportReport): string {
  const e = r.errors[0];
  const more = r.errors.length > 1 ? ` (and ${r.errors.length - 1} more)` : '';
  return e ? `${e.line > 0 ? `line ${e.line}: ` : ''}${e.reason.split('\n')[0]}${more}` : 'no rows';
}
