import { DIVERGENCE_KINDS, diverges, divergesAs, type DivergenceKind } from '../../traces/divergence';
import { entryVerdicts, type LibraryEntry } from './librarySummary';

/** '' shows every row; a kind only the rows that diverge that way; 'any' the rows that diverge at all. */
export type DivergenceFilter = '' | DivergenceKind | 'any';

export interface LibraryFilter {
  text: string;
  world: string;
  divergence: DivergenceFilter;
  /** Only these rows (the selection a divergence was shown for); null: every row. */
  only: ReadonlySet<string> | null;
}

/** The filter's divergence in the URL (`#/traces?filter=…`); "disagreements" is the older name of naive PASS · full FAIL. */
export function readDivergenceParam(value: string | null): DivergenceFilter {
  if (value === 'disagreements') return 'naive-pass-full-fail';
  if (value === 'diverging') return 'any';
  return DIVERGENCE_KINDS.find((k) => k === value) ?? '';
}

export const divergenceParam = (f: DivergenceFilter): string | undefined => (f === '' ? undefined : f === 'any' ? 'diverging' : f);

function matchesDivergence(e: LibraryEntry, f: DivergenceFilter): boolean {
  if (f === '') return true;
  return f === 'any' ? diverges(entryVerdicts(e)) : divergesAs(entryVerdicts(e), f);
}

export function filterEntries(entries: readonly LibraryEntry[], f: LibraryFilter): LibraryEntry[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (e) =>
      (!f.world || e.world === f.world) &&
      (!f.only || f.only.has(e.id)) &&
      matchesDivergence(e, f.divergence) &&
      words.every((w) => e.text.includes(w) || e.task.toLowerCase().includes(w) || e.agent.toLowerCase().includes(w) || e.world.includes(w)),
  );
}

export interface GroupRow {
  key: string;
  n: number;
  reward: number | null;
  naive: number | null;
  disagreements: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Means per model, task, world or import run (`key` reads the group of a row). */
export function groupEntries(entries: readonly LibraryEntry[], key: (e: LibraryEntry) => string): GroupRow[] {
  const groups = new Map<string, LibraryEntry[]>();
  for (const e of entries) {
    const k = key(e);
    const g = groups.get(k);
    if (g) g.push(e);
    else groups.set(k, [e]);
  }
  return [...groups.entries()]
    .map(([key, es]) => ({
      key,
      n: es.length,
      reward: mean(es.flatMap((e) => (e.reward === null ? [] : [e.reward]))),
      naive: mean(es.flatMap((e) => (e.naive === null ? [] : [e.naive]))),
      disagreements: es.filter((e) => e.disagreement).length,
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The columns the library sorts by (every column but the layers summary). */
export type SortKey = 'world' | 'task' | 'agent' | 'reward' | 'naive' | 'disagreement' | 'steps' | 'tokens' | 'durationMs' | 'source' | 'driver';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The library's rows sorted by one column; a stable sort, so ties keep the
 * import order. Missing values (null) go last in both directions.
 */
export function sortEntries(entries: readonly LibraryEntry[], key: SortKey | null, desc: boolean): readonly LibraryEntry[] {
  if (!key) return entries;
  const sign = desc ? -1 : 1;
  return [...entries].sort((a, b) => {
    const x = a[key] ?? null;
    const y = b[key] ?? null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'string' && typeof y === 'string') return sign * collator.compare(x, y);
    return sign * (Number(x) - Number(y));
  });
}
