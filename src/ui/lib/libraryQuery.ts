import { divergenceParam, filterEntries, readDivergenceParam, sortEntries, type DivergenceFilter, type SortKey } from './libraryFilter';
import type { LibraryEntry } from './librarySummary';
import { ROW_STATUSES, type RowStatus } from './rowKind';

/** What the library lists, all of it in the URL: a link, Back, or "back to library" from a trace shows the same rows in the same order. */
export interface LibraryQuery {
  text: string;
  world: string;
  agent: string;
  /** An import run's id ('' every row). */
  run: string;
  divergence: DivergenceFilter;
  /** Only rows that ended this way ('' every row). */
  status: RowStatus | '';
  group: GroupBy;
  sort: SortKey | null;
  desc: boolean;
}

export type GroupBy = '' | 'agent' | 'task' | 'world' | 'run';
const GROUPS: readonly GroupBy[] = ['agent', 'task', 'world', 'run'];
const SORTS: readonly SortKey[] = ['world', 'task', 'agent', 'reward', 'naive', 'disagreement', 'steps', 'tokens', 'durationMs', 'source'];

export function readLibraryQuery(q: URLSearchParams): LibraryQuery {
  return {
    text: q.get('q') ?? '',
    world: q.get('world') ?? '',
    agent: q.get('agent') ?? '',
    run: q.get('run') ?? '',
    divergence: readDivergenceParam(q.get('filter')),
    status: ROW_STATUSES.find((s) => s === q.get('status')) ?? '',
    group: GROUPS.find((g) => g === q.get('group')) ?? '',
    sort: SORTS.find((s) => s === q.get('sort')) ?? null,
    desc: q.get('desc') === '1',
  };
}

/** The query as URL parameters; defaults are left out so a plain library is `#/traces`. */
export function libraryParams(q: LibraryQuery): Record<string, string | undefined> {
  return {
    q: q.text || undefined,
    world: q.world || undefined,
    agent: q.agent || undefined,
    run: q.run || undefined,
    filter: divergenceParam(q.divergence),
    status: q.status || undefined,
    group: q.group || undefined,
    sort: q.sort ?? undefined,
    desc: q.sort && q.desc ? '1' : undefined,
  };
}

/** The rows the library lists for this query, in its order (the trace view steps through the same list). */
export function listedRows(entries: readonly LibraryEntry[], q: LibraryQuery, only: ReadonlySet<string> | null = null): readonly LibraryEntry[] {
  // Nothing to filter (a plain library, or one being imported into): the rows as they are, without two passes over them.
  const filtered = q.text.trim() || q.world || q.divergence || only || q.agent || q.run || q.status;
  const rows = filtered
    ? filterEntries(entries, { text: q.text, world: q.world, divergence: q.divergence, only }).filter(
        (e) => (!q.agent || e.agent === q.agent) && (!q.run || (e.run ?? '') === q.run) && (!q.status || e.status === q.status),
      )
    : entries;
  return sortEntries(rows, q.sort, q.desc);
}

/** The trace before and after `id` in the listed order, if any. */
export function neighbours(rows: readonly LibraryEntry[], id: string): { prev: LibraryEntry | null; next: LibraryEntry | null; index: number } {
  const index = rows.findIndex((e) => e.id === id);
  if (index < 0) return { prev: null, next: null, index };
  return { prev: rows[index - 1] ?? null, next: rows[index + 1] ?? null, index };
}
