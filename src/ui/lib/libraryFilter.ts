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
