import { createColumnHelper } from '@tanstack/react-table';
import { clampText } from '../../lib/clamp';
import type { LibraryEntry } from '../../lib/librarySummary';
import { LineageCell } from './LineageCell';

const col = createColumnHelper<LibraryEntry>();
// Cells are a few hundred pixels wide: more characters than fit is only layout work (names can be 200,000 long).
const text = (v: string) => clampText(v, 120);
const num = (v: number | null, digits = 2) => (v === null ? '—' : v.toFixed(digits));
// One formatter for every row: Number#toLocaleString builds a new one per call, which was most of a first screen's cell time.
const thousands = new Intl.NumberFormat();

/** Column definitions at module scope: stable identities, no re-render churn. */
const STATUS_BADGE = { error: 'badge-bad', unfinished: 'badge-warn', limit: 'badge-warn', ok: '' } as const;

export const LIBRARY_COLUMNS = [
  // Errored and unfinished rows stand out: their rewards are not a finished run's (Inspect leaves errored samples unscored).
  col.accessor('status', {
    header: 'status',
    size: 90,
    enableSorting: false,
    cell: (c) => {
      const e = c.row.original;
      return e.status === 'ok' ? (
        ''
      ) : (
        <span className={`badge ${STATUS_BADGE[e.status]}`} title={e.statusNote ? clampText(e.statusNote, 300) : undefined} data-testid="row-status">
          {e.status}
        </span>
      );
    },
  }),
  col.accessor('world', { header: 'world / env', size: 110, cell: (c) => text(c.getValue()) }),
  col.accessor('task', { header: 'task', size: 200 }),
  col.accessor('agent', { header: 'agent / model', size: 150, cell: (c) => text(c.getValue()) }),
  // What the trace recorded, and (beside it, never in its place) what a replay in this page re-scored.
  col.accessor('naive', { header: 'recorded naive', size: 135, cell: (c) => num(c.getValue()) }),
  // An imported reward read from a part of a score (a dict score's key, a column chosen for its run) says which.
  col.accessor('reward', {
    header: 'recorded full',
    size: 150,
    cell: (c) => {
      const { rewardFrom: from, rewardChosen } = c.row.original;
      if (!from || (!rewardChosen && !from.includes('/'))) return num(c.getValue());
      return (
        <span title={`read from ${clampText(from, 200)}`}>
          {num(c.getValue())}{' '}
          <span className="muted small" data-testid="reward-from">
            {clampText(from.slice(from.lastIndexOf('/') + 1), 14)}
          </span>
        </span>
      );
    },
  }),
  col.display({ id: 'rescored', header: 're-scored full', size: 125 }),
  col.accessor('disagreement', {
    header: 'naive ≠ full',
    size: 100,
    cell: (c) => (c.getValue() ? <span className="badge badge-bad">naive PASS · full FAIL</span> : ''),
  }),
  // Where the verdicts end apart they split somewhere: the trace view finds the step once it has scored each one.
  col.display({
    id: 'split',
    header: 'first split',
    size: 90,
    cell: (c) => {
      const e = c.row.original;
      return e.verdictNaive && e.verdictFull && e.verdictNaive !== e.verdictFull ? (
        <a
          href={`#/trace/${encodeURIComponent(e.id)}?step=disagreement`}
          data-testid="open-at-split"
          title="Open this trace at the first step where the naive and full verdicts differ"
        >
          open there
        </a>
      ) : (
        ''
      );
    },
  }),
  col.accessor(
    (e) =>
      Object.entries(e.layers)
        .map(([k, v]) => `${k} ${v.toFixed(2)}`)
        .join(' · '),
    { id: 'layers', header: 'layers', size: 260, enableSorting: false, cell: (c) => text(c.getValue()) },
  ),
  col.display({ id: 'lineage', header: 'forks', size: 120, cell: (c) => <LineageCell entry={c.row.original} /> }),
  col.accessor((e) => e.driver ?? '', { id: 'driver', header: 'driver', size: 90 }),
  col.accessor('steps', { header: 'steps', size: 60 }),
  col.accessor('tokens', {
    header: 'tokens',
    size: 80,
    cell: (c) => {
      const tokens = c.getValue();
      return tokens === null || tokens === undefined ? '—' : thousands.format(tokens);
    },
  }),
  col.accessor('durationMs', { header: 'duration', size: 80, cell: (c) => (c.getValue() === null ? '—' : `${((c.getValue() ?? 0) / 1000).toFixed(1)} s`) }),
  col.accessor('source', { header: 'source', size: 160, cell: (c) => text(c.getValue()) }),
  col.accessor((e) => (e.place ? `${e.what} ${e.place}` : e.what), {
    id: 'row',
    header: 'row',
    size: 220,
    enableSorting: false,
    cell: (c) => text(c.getValue()),
  }),
];
