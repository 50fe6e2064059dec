import { existsSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { describeAmount, LIMITS, overLimit } from '../../core/limits';
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
  if (!(TARGET_FORMATS as readonly string[]).includes(raw))
    throw new CliError(`--format must be one of ${TARGET_FORMATS.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw as TargetFormat;
}

/** OUT, or OUT with a suffix before its extension when one export writes several files (out.eval → out-1.eval). */
const withSuffix = (out: string, suffix: string) => (suffix === '' ? out : join(dirname(out), `${basename(out, extname(out))}${suffix}${extname(out)}`));

/**
 * Read every input as `vp import` does, convert the rows, write OUT. Whether
 * OUT can be written is checked before any work (as `eval --out` does), so a
 * path that cannot be written fails at once, and nothing is created until the
 * files are whole. Several Inspect logs (one per env × model) are written as
 * OUT-1, OUT-2 ….
 */
export async function exportFiles(
  inputs: readonly string[],
  formatRaw: string | undefined,
  out: string | undefined,
  now: () => Date,
  limits: { fileChars: number } = { fileChars: LIMITS.exportFileChars.value },
  shape: { vfShape?: 'as-written' | 'current' } = {},
): Promise<ExportReport> {
  const format = targetFormat(formatRaw);
  if (out === undefined || out === '') throw new CliError('export needs --out FILE');
  checkWritable(out);
  const items: ConvertItem[] = [];
  const read = await importFiles(inputs, ({ item, source, identity }) =>
    items.push({ item, source, env: identity.env, model: identity.model, run: identity.run }),
  );
  const ext = extname(out).toLowerCase();
  let converted: Awaited<ReturnType<typeof convert>>;
  try {
    converted = await convert(items, format, {
      worlds: worldsForNode(true),
      created: now().toISOString(),
      zip: ext === '.eval',
      document: ext === '.json',
      ...(shape.vfShape ? { vfShape: shape.vfShape } : {}),
    });
  } catch (e) {
    // V8's own string limit (~512 MiB): one file cannot hold it, and nothing is written.
    if (e instanceof RangeError) throw new CliError(overLimit('exportFileChars', `export to ${out}`, 'more text than one string can hold', limits.fileChars));
    throw e;
  }
  if (converted.rows === 0) throw new CliError(`nothing to write as ${format}: ${converted.notes[0] ?? 'no rows'}`);
  const big = converted.outputs.find((o) => o.data.length > limits.fileChars);
  if (big)
    throw new CliError(
      `${overLimit('exportFileChars', `export to ${withSuffix(out, big.suffix)}`, `${describeAmount(big.data.length, 'characters')} of ${big.label}`, limits.fileChars)}: nothing was written`,
    );
  // Every file goes to a temporary name beside it and is renamed when whole: a failed write leaves no partial file.
  const written: string[] = [];
  const outputs = converted.outputs.map((o) => {
    const file = withSuffix(out, o.suffix);
    const partial = `${file}.partial-${process.pid}`;
    try {
      writeFileSync(partial, o.data);
      written.push(partial);
    } catch (e) {
      for (const f of [partial, ...written]) if (existsSync(f)) unlinkSync(f);
      throw new CliError(`cannot write ${file}: ${describeFsError(e)}; nothing was written`);
    }
    return { file, partial, rows: o.rows, label: o.label };
  });
  for (const o of outputs) renameSync(o.partial, o.file);
  return {
    format,
    read: { rows: read.rows, errors: read.errors },
    rows: converted.rows,
    outputs: outputs.map(({ file, rows, label }) => ({ file, rows, label })),
    notes: converted.notes,
  };
}
