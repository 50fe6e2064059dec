import type { LibraryEntry } from './librarySummary';

export interface LibraryFilter {
  text: string;
  world: string;
  onlyDisagreements: boolean;
}

export function filterEntries(entries: readonly LibraryEntry[], f: LibraryFilter): LibraryEntry[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (e) =>
      (!f.world || e.world === f.world) &&
      (!f.onlyDisagreements || e.disagreement) &&
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

/** Means per model or per task. */
export function groupEntries(entries: readonly LibraryEntry[], by: 'agent' | 'task' | 'world'): GroupRow[] {
  const groups = new Map<string, LibraryEntry[]>();
  for (const e of entries) {
    const g = groups.get(e[by]);
    if (g) g.push(e);
    else groups.set(e[by], [e]);
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
export type SortKey = 'world' | 'task' | 'agent' | 'reward' | 'naive' | 'disagreement' | 'steps' | 'tokens' | 'durationMs' | 'source';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The library's rows sorted by one column; a stable sort, so ties keep the
 * import order. Missing values (null) go last in both directions.
 */
export function sortEntries(entries: readonly LibraryEntry[], key: SortKey | null, desc: boolean): readonly LibraryEntry[] {
  if (!key) return entries;
  const sign = desc ? -1 : 1;
  return [...entries].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'string' && typeof y === 'string') return sign * collator.compare(x, y);
    return sign * (Number(x) - Number(y));
  });
}
