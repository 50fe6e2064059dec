import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { convert, TARGET_FORMATS, type ConvertItem, type TargetFormat } from '../../traces/export/convert';
import { checkWritable, CliError, describeFsError } from '../io';
import { worldsForNode } from '../worlds';
import { importFiles, type FileIssue } from './importFiles';

export interface ExportReport {
  format: TargetFormat;
  /** Rows read from the inputs, and the errors reading them. */
  read: { rows: number; errors: FileIssue[] };
  rows: number;
  outputs: { file: string; rows: number; label: string }[];
  notes: string[];
}

function targetFormat(raw: string | undefined): TargetFormat {
  if (raw === undefined) throw new CliError(`export needs --format (${TARGET_FORMATS.join(', ')})`);
  if (!(TARGET_FORMATS as readonly string[]).includes(raw)) throw new CliError(`--format must be one of ${TARGET_FORMATS.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as TargetFormat;
}

/** OUT, or OUT with a suffix before its extension when one export writes several files (out.eval → out-1.eval). */
const withSuffix = (out: string, suffix: string) => (suffix === '' ? out : join(dirname(out), `${basename(out, extname(out))}${suffix}${extname(out)}`));

/**
 * Read every input as `vp import` does, convert the rows, write OUT. OUT is
 * opened before any work (as `eval --out` is), so a path that cannot be
 * written fails at once. Several Inspect logs (one per env × model) are
 * written as OUT-1, OUT-2 ….
 */
export async function exportFiles(inputs: readonly string[], formatRaw: string | undefined, out: string | undefined, now: () => Date): Promise<ExportReport> {
  const format = targetFormat(formatRaw);
  if (out === undefined || out === '') throw new CliError('export needs --out FILE');
  const existed = existsSync(out);
  checkWritable(out);
  const removePlaceholder = () => {
    if (!existed && existsSync(out) && statSync(out).size === 0) unlinkSync(out);
  };
  const items: ConvertItem[] = [];
  let read;
  try {
    read = await importFiles(inputs, ({ item, source, identity }) => items.push({ item, source, env: identity.env, model: identity.model, run: identity.run }));
  } catch (e) {
    removePlaceholder();
    throw e;
  }
  const ext = extname(out).toLowerCase();
  const converted = await convert(items, format, { worlds: worldsForNode(true), created: now().toISOString(), zip: ext === '.eval', document: ext === '.json' });
  if (converted.rows === 0) {
    removePlaceholder();
    throw new CliError(`nothing to write as ${format}: ${converted.notes[0] ?? 'no rows'}`);
  }
  const outputs = converted.outputs.map((o) => {
    const file = withSuffix(out, o.suffix);
    try {
      writeFileSync(file, o.data);
    } catch (e) {
      throw new CliError(`cannot write ${file}: ${describeFsError(e)}`);
    }
    return { file, rows: o.rows, label: o.label };
  });
  if (outputs.every((o) => o.file !== out)) removePlaceholder();
  return { format, read: { rows: read.rows, errors: read.errors }, rows: converted.rows, outputs, notes: converted.notes };
}
