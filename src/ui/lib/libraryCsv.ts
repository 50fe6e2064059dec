import type { CsvColumn } from '../../traces/export/csv';
import type { LibraryEntry } from './librarySummary';

/**
 * One CSV column per layer or metric the rows carry (a verifier's layer, a vf-eval metric, each part of
 * a dict score: "hack_scorer/hacked"), in first-seen order, after the fixed columns: every part a reader
 * could choose as the reward is there to check it against. A name a fixed column already has gets "metric:".
 */
export function metricColumns(rows: readonly LibraryEntry[], fixed: readonly CsvColumn<LibraryEntry>[]): CsvColumn<LibraryEntry>[] {
  const taken = new Set(fixed.map((c) => c.header));
  const seen = new Set<string>();
  const out: CsvColumn<LibraryEntry>[] = [];
  for (const e of rows)
    for (const k of Object.keys(e.layers)) {
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ header: taken.has(k) ? `metric:${k}` : k, value: (row) => row.layers[k] ?? null });
    }
  return out;
}
