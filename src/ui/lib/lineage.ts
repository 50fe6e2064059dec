import type { LibraryEntry } from './librarySummary';

/** A fork listed in the library, as its parent's row and trace view link to it. */
export interface ForkChild {
  id: string;
  /** Steps it kept from the parent. */
  step: number;
  agent: string;
}

const cache = new WeakMap<readonly LibraryEntry[], Map<string, ForkChild[]>>();
const idCache = new WeakMap<readonly LibraryEntry[], Set<string>>();

/**
 * The listing's ids, computed once per listing: every visible row's lineage
 * cell asks, and building the set per cell cost 1.7 s over an import of 10,000 rows.
 */
export function listedIds(entries: readonly LibraryEntry[]): Set<string> {
  let ids = idCache.get(entries);
  if (!ids) {
    ids = new Set(entries.map((e) => e.id));
    idCache.set(entries, ids);
  }
  return ids;
}

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

/**
 * An address from imported data, kept only when it stays in this app (a hash
 * route, "#/…"): anything else — another site, `javascript:`, a relative path
 * that leaves the page — is never made a link. It is shown as text instead.
 */
export function inAppHref(href: string | null | undefined): string | null {
  if (typeof href !== 'string' || !href.startsWith('#/') || href.length > 2_000) return null;
  // eslint-disable-next-line no-control-regex -- control characters never belong in a route
  return /[\u0000-\u001f\u007f\s]/.test(href) ? null : href;
}

/** Where a fork's parent is shown: its library row's trace at the step forked from, else where the fork says it was when that is in this app. */
export function parentHref(entry: Pick<LibraryEntry, 'parent'>, listed: (id: string) => boolean): string | null {
  const p = entry.parent;
  if (!p) return null;
  if (listed(p.trace)) return `#/trace/${encodeURIComponent(p.trace)}?step=${p.step}`;
  return inAppHref(p.href);
}

/** The address a fork names that is not a link here (off-site, or not a route): shown in full as text, never clickable. */
export function foreignParentAddress(entry: Pick<LibraryEntry, 'parent'>): string | null {
  const h = entry.parent?.href;
  return typeof h === 'string' && h !== '' && inAppHref(h) === null ? h : null;
}
