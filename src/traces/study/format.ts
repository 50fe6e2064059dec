import type { BaselineCell, HumanRun } from './baseline';
import type { MeanInterval, Proportion } from './stats';

/** How the page and the CLI print a baseline cell, the same way in both. */

/** "0.72 [0.41, 1.00]"; "0.70" alone below two runs; "—" without runs. */
export function fmtMean(m: MeanInterval): string {
  if (m.mean === null) return '—';
  return m.lo === null || m.hi === null ? m.mean.toFixed(2) : `${m.mean.toFixed(2)} [${m.lo.toFixed(2)}, ${m.hi.toFixed(2)}]`;
}

/** "3/6 (50%)". */
export const fmtRate = (p: Proportion): string => (p.of === 0 ? '—' : `${p.count}/${p.of} (${Math.round((p.count / p.of) * 100)}%)`);

/** "48 s", "3.2 min". */
export function fmtTime(ms: number | null): string {
  if (ms === null) return '—';
  const s = ms / 1000;
  return s < 120 ? `${s < 10 ? s.toFixed(1) : Math.round(s)} s` : `${(s / 60).toFixed(1)} min`;
}

export const fmtCalls = (n: number | null): string => (n === null ? '—' : Number.isInteger(n) ? String(n) : n.toFixed(1));

/** "+0.24": how far the naive reading is above the full one on average. */
export const fmtGap = (g: number | null): string => (g === null ? '—' : `${g >= 0 ? '+' : '−'}${Math.abs(g).toFixed(2)}`);

export const BASELINE_COLUMNS = [
  'runs',
  'full mean [95% CI]',
  'naive mean [95% CI]',
  'pass full',
  'pass naive',
  'naive PASS · full FAIL',
  'naive − full',
  'median time',
  'median calls',
] as const;

export function cellTexts(c: BaselineCell): string[] {
  return [
    String(c.n),
    fmtMean(c.full),
    fmtMean(c.naive),
    fmtRate(c.passFull),
    fmtRate(c.passNaive),
    fmtRate(c.naivePassFullFail),
    fmtGap(c.gap),
    fmtTime(c.medianTimeMs),
    fmtCalls(c.medianCalls),
  ];
}

export interface LeftOut {
  /** What including it toggles (its file, or the run), or null: it cannot be counted. */
  key: string | null;
  byFile: boolean;
  status: HumanRun['status'];
  runs: HumanRun[];
}

/**
 * The runs not counted as they are: one line per file where the file is what
 * is in doubt (it is included whole) or where its runs are not of the study,
 * else one per run.
 */
export function leftOutGroups(left: readonly HumanRun[]): LeftOut[] {
  const out = new Map<string, LeftOut>();
  for (const h of left) {
    const byFile = h.includable === 'file' || h.status === 'foreign';
    const id = `${h.status}|${byFile ? h.file : h.id}`;
    const g = out.get(id) ?? { key: h.includable === 'file' ? h.file : h.includable === 'run' ? h.id : null, byFile, status: h.status, runs: [] };
    g.runs.push(h);
    out.set(id, g);
  }
  return [...out.values()];
}

/** A run's task as it names it; 0: its record names none. */
export const taskName = (task: number) => (task === 0 ? 'a run naming no task' : `task ${task}`);

/** The problems of a group's runs: a file's own problems once, then each run's. */
export function groupProblems(g: LeftOut): { task: number | null; text: string }[] {
  const counts = new Map<string, number>();
  for (const h of g.runs) for (const p of new Set(h.problems)) counts.set(p, (counts.get(p) ?? 0) + 1);
  const shared = g.runs.length > 1 ? [...counts].filter(([, n]) => n === g.runs.length).map(([p]) => p) : [];
  const own = g.runs.flatMap((h) => {
    const rest = h.problems.filter((p) => !shared.includes(p));
    return rest.length || !shared.length ? [{ task: h.task, text: rest.join('; ') || 'counted because you included it' }] : [];
  });
  return [...shared.map((text) => ({ task: null, text })), ...own];
}

/** A left-out run's status as the page and the CLI name it. */
export const STATUS_LABEL: Record<HumanRun['status'], string> = {
  counted: 'counted',
  included: 'included by you',
  foreign: 'not of this study',
  edited: 'edited',
  several: 'several participants in one file',
  copy: 'the same runs as another file',
  reused: 'one pseudonym, two files',
  hints: 'played with hints',
  duplicate: 'duplicate',
  pending: 'being replayed',
};
