import type { World } from '../../core/world';
import { convert, type ConvertItem, type Converted, type TargetFormat } from '../../traces/export/convert';
import type { Payload } from '../workers/importProtocol';
import type { ImportRun } from './importRuns';
import { LIBRARY_EXPORTS } from './libraryExportFormats';
import type { LibraryEntry } from './librarySummary';

/** The library's rows as the converter's items: each row's payload with the env, model and run the library shows for it. */
export function convertItems(
  rows: readonly LibraryEntry[],
  payloadOf: (id: string) => Payload | undefined,
  runs: Readonly<Record<string, ImportRun>>,
): { items: ConvertItem[]; missing: number } {
  const items: ConvertItem[] = [];
  let missing = 0;
  for (const e of rows) {
    const p = payloadOf(e.id);
    if (!p) {
      missing++;
      continue;
    }
    const run = e.run ? (runs[e.run]?.label ?? null) : null;
    items.push({
      item: p.kind === 'native' ? { kind: 'native', line: 0, trace: p.trace } : { kind: 'vf', rollout: p.rollout },
      source: e.source,
      // A name nothing derived ("unknown env") is not a name: the export leaves it unset rather than writing the placeholder.
      env: e.kind === 'native' || e.envFrom !== null ? e.world : null,
      model: e.kind === 'native' || e.modelFrom !== null ? e.agent : null,
      run,
    });
  }
  return { items, missing };
}

export { LIBRARY_EXPORTS };

export interface LibraryExport {
  files: { name: string; text: string; rows: number; label: string }[];
  /** Rows of the listing written (over every file), and the listing's size. */
  written: number;
  listed: number;
  /** What could not be represented, one sentence each. */
  notes: string[];
}

/**
 * Every listed row (or the selection) in one format, and what could not be
 * written said in words: nothing is dropped silently. Inspect writes one log
 * per env × model × run, so it may be several files.
 */
export async function exportRows(
  rows: readonly LibraryEntry[],
  format: Exclude<TargetFormat, 'csv'>,
  ctx: {
    payloadOf(id: string): Payload | undefined;
    runs: Readonly<Record<string, ImportRun>>;
    worlds: readonly World[];
    created: string;
    /** vf: rows in their era's shape (the default) or today's. */
    vfShape?: 'as-written' | 'current';
  },
): Promise<LibraryExport> {
  const { items, missing } = convertItems(rows, ctx.payloadOf, ctx.runs);
  const out: Converted = await convert(items, format, { worlds: ctx.worlds, created: ctx.created, ...(ctx.vfShape ? { vfShape: ctx.vfShape } : {}) });
  const spec = LIBRARY_EXPORTS.find((x) => x.format === format)!;
  const stem = spec.file.replace(/\.[^.]+$/, '');
  const ext = spec.file.slice(stem.length);
  const files = out.outputs.map((o) => ({
    name: `${stem}${o.suffix}${ext}`,
    text: typeof o.data === 'string' ? o.data : new TextDecoder().decode(o.data),
    rows: o.rows,
    label: o.label,
  }));
  const notes = [...out.notes];
  if (missing) notes.push(`${missing} row${missing === 1 ? '' : 's'} whose trace is no longer held by this tab: not written`);
  return { files, written: out.rows, listed: rows.length, notes };
}

/**
 * The one download an export of several files becomes, named for what it holds ("inspect-logs-3-files.zip"):
 * null for a single file, or when the person asked for the files apart.
 */
export function zipNameOf(x: LibraryExport, format: Exclude<TargetFormat, 'csv'>, zip: boolean): string | null {
  if (!zip || x.files.length < 2) return null;
  const spec = LIBRARY_EXPORTS.find((f) => f.format === format)!;
  return `${spec.many}-${x.files.length}-files.zip`;
}

/** "Wrote 6 of 127 rows to results.jsonl. Not written or changed: …"; `zip`: the zip the files went out as. */
export function describeExport(x: LibraryExport, zip: string | null = null): string {
  const names = x.files.map((f) => f.name).join(', ');
  const where =
    x.files.length === 0
      ? 'no file'
      : x.files.length === 1
        ? x.files[0]!.name
        : zip
          ? `${zip} (${x.files.length} files: ${names})`
          : `${x.files.length} files (${names})`;
  const head = `Wrote ${x.written} of ${x.listed} row${x.listed === 1 ? '' : 's'} to ${where}.`;
  return x.notes.length ? `${head} ${x.notes.map((n) => `${n[0]!.toUpperCase()}${n.slice(1)}.`).join(' ')}` : head;
}
