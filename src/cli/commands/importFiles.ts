import { LIMITS } from '../../core/limits';
import type { DecompressBudget } from '../../traces/inspect/zipRead';
import { CliError, table } from '../io';
import { importFile, type Issue, type RunReport, type SourcedItem } from './import';

export interface FileIssue extends Issue {
  file: string;
}

export interface FileLine {
  file: string;
  format: string;
  rows: number;
  errors: number;
  /** Why nothing of it imported, when nothing did. */
  failed: string | null;
  metadata: string | null;
  /** What the readers inferred that the file did not say ("role inferred for 48 tool messages"). */
  inferred: string[];
}

export interface ImportFilesReport {
  /** The files' format, or "mixed" when they differ. */
  format: string;
  rows: number;
  errors: FileIssue[];
  warnings: FileIssue[];
  runs: RunReport[];
  files: FileLine[];
}

/**
 * Several files, each imported on its own as the site does: one that cannot be
 * read or holds nothing importable is an error line of its own and the others
 * still count. Bad input (exit 2) only when nothing at all imported.
 */
export async function importFiles(paths: readonly string[], onItem?: (item: SourcedItem) => void): Promise<ImportFilesReport> {
  const out: ImportFilesReport = { format: 'none', rows: 0, errors: [], warnings: [], runs: [], files: [] };
  const failures: string[] = [];
  // One budget for every archive of this import: ten bombs just under the per-file limit are still refused.
  const budget: DecompressBudget = { left: LIMITS.importDecompressedBytes.value, total: LIMITS.importDecompressedBytes.value };
  for (const file of paths) {
    try {
      const r = await importFile(file, onItem, budget);
      out.rows += r.rows;
      out.errors.push(...r.errors.map((e) => ({ ...e, file })));
      out.warnings.push(...r.warnings.map((w) => ({ ...w, file })));
      out.runs.push(...r.runs);
      out.files.push({ file, format: r.format, rows: r.rows, errors: r.errors.length, failed: null, metadata: r.metadata, inferred: r.inferred });
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      failures.push(e.message);
      out.errors.push({ file, line: 0, reason: e.message });
      out.files.push({ file, format: 'none', rows: 0, errors: 1, failed: e.message, metadata: null, inferred: [] });
    }
  }
  if (out.rows === 0) throw new CliError(failures.length === 1 ? failures[0]! : `nothing could be imported from ${paths.length} files: ${failures[0]}`);
  const formats = new Set(out.files.filter((f) => f.rows > 0).map((f) => f.format));
  out.format = formats.size === 1 ? [...formats][0]! : 'mixed';
  return out;
}

export function formatImport(r: ImportFilesReport): string {
  const lines: string[] = [];
  for (const f of r.files) {
    lines.push(
      f.failed
        ? `${f.file}: nothing imported: ${f.failed}`
        : `${f.file}: ${f.format}, ${f.rows} imported, ${f.errors} errors${f.metadata ? ` (with ${f.metadata})` : ''}`,
    );
    for (const i of f.inferred) lines.push(`  inferred: ${i}`);
  }
  for (const e of r.errors.filter((x) => x.line > 0 || !r.files.some((f) => f.failed === x.reason)).slice(0, 20))
    lines.push(`  ${e.file}${e.line > 0 ? ` line ${e.line}` : ''}: ${e.reason}`);
  if (r.errors.length > 20) lines.push(`  … and ${r.errors.length - 20} more`);
  lines.push('');
  lines.push(
    table(
      ['env', 'model', 'rows', 'source', 'env from', 'model from'],
      r.runs.map((x) => [x.env ?? '?', x.model ?? '?', String(x.rows), x.source, x.env_from ?? '-', x.model_from ?? '-']),
    ),
  );
  return lines.join('\n');
}
