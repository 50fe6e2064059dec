import { divergenceParam, filterEntries, readDivergenceParam, sortEntries, type DivergenceFilter, type SortKey } from './libraryFilter';
import { divergesAs } from '../../traces/divergence';
import { entryVerdicts, rewardVerdict, type LibraryEntry } from './librarySummary';
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
  /** Per import run, the metric column read as its reward instead of the one its import chose (`reward.<run>=<column>`). */
  rewards: Readonly<Record<string, string>>;
}

/** The URL parameters of the per-run reward choices: `reward.<run id>`. */
export const REWARD_PARAM = 'reward.';

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
    rewards: Object.fromEntries(
      [...q].filter(([k, v]) => k.startsWith(REWARD_PARAM) && k.length > REWARD_PARAM.length && v !== '').map(([k, v]) => [k.slice(REWARD_PARAM.length), v]),
    ),
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
    ...Object.fromEntries(Object.entries(q.rewards).map(([run, column]) => [`${REWARD_PARAM}${run}`, column])),
  };
}

/**
 * The rows with each run's chosen reward: the chosen column's value as the reward (none where a row has
 * no such column), its verdict read again (PASS at 1.00, as imported rewards are), `rewardFrom` naming it.
 */
export function withRewards(entries: readonly LibraryEntry[], rewards: Readonly<Record<string, string>>): readonly LibraryEntry[] {
  if (Object.keys(rewards).length === 0) return entries;
  return entries.map((e) => {
    const column = e.run === null ? undefined : rewards[e.run];
    if (column === undefined || column === e.rewardFrom || e.kind !== 'vf') return e;
    const reward = e.layers[column] ?? null;
    const chosen: LibraryEntry = { ...e, reward, verdictFull: rewardVerdict(reward), rewardFrom: column, rewardChosen: true };
    chosen.disagreement = divergesAs(entryVerdicts(chosen), 'naive-pass-full-fail');
    return chosen;
  });
}

/** The rows the library lists for this query, in its order (the trace view steps through the same list). */
export function listedRows(all: readonly LibraryEntry[], q: LibraryQuery, only: ReadonlySet<string> | null = null): readonly LibraryEntry[] {
  const entries = withRewards(all, q.rewards);
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

/** What a run's reward can be read from: the column its import chose, and every numeric column its imported rows carry. */
export interface RewardChoices {
  from: string | null;
  columns: string[];
}

/** Per import run with rows of another writer (not native traces), the columns its reward can be read from, in first-seen order. */
export function rewardChoices(entries: readonly LibraryEntry[]): Map<string, RewardChoices> {
  const out = new Map<string, RewardChoices & { seen: Set<string> }>();
  for (const e of entries) {
    if (e.run === null || e.kind !== 'vf') continue;
    let c = out.get(e.run);
    if (!c) out.set(e.run, (c = { from: e.rewardFrom ?? null, columns: [], seen: new Set() }));
    c.from ??= e.rewardFrom ?? null;
    for (const k of Object.keys(e.layers))
      if (!c.seen.has(k)) {
        c.seen.add(k);
        c.columns.push(k);
      }
  }
  return new Map([...out].map(([run, { from, columns }]) => [run, { from, columns: columns.filter((k) => k !== from) }]));
}
