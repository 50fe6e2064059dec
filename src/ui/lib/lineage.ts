import type { LibraryEntry } from './librarySummary';

/** A fork listed in the library, as its parent's row and trace view link to it. */
export interface ForkChild {
  id: string;
  /** Steps it kept from the parent. */
  step: number;
  agent: string;
}

const cache = new WeakMap<readonly LibraryEntry[], Map<string, ForkChild[]>>();

/** The library's forks by the parent they name (`meta.parent.trace`, a library id when forked here), computed once per listing. */
export function forksByParent(entries: readonly LibraryEntry[]): Map<string, ForkChild[]> {
  let map = cache.get(entries);
  if (!map) {
    map = new Map();
    for (const e of entries) {
      if (!e.parent) continue;
      const list = map.get(e.parent.trace) ?? [];
      list.push({ id: e.id, step: e.parent.step, agent: e.agent });
      map.set(e.parent.trace, list);
    }
    cache.set(entries, map);
  }
  return map;
}

const idCache = new WeakMap<readonly LibraryEntry[], Set<string>>();

/** The listing's ids, computed once per listing: every row's lineage cell asks, and a 10,000-row import re-lists often. */
export function listedIds(entries: readonly LibraryEntry[]): Set<string> {
  let ids = idCache.get(entries);
  if (!ids) {
    ids = new Set(entries.map((e) => e.id));
    idCache.set(entries, ids);
  }
  return ids;
}

/** Where a fork's parent is shown: its library row's trace at the step forked from, else where the fork says it was. */
export function parentHref(entry: Pick<LibraryEntry, 'parent'>, listed: (id: string) => boolean): string | null {
  const p = entry.parent;
  if (!p) return null;
  if (listed(p.trace)) return `#/trace/${encodeURIComponent(p.trace)}?step=${p.step}`;
  return p.href;
}
