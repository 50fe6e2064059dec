import { toCsv } from '../export/csv';
import type { BaselineCell, BaselineRow, StudyBaseline } from './baseline';

const f = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '' : v.toFixed(digits));

/** "all 3 tasks" of a study the runs were held to; of one that was not, the tasks its files name, said so. */
export const rowName = (row: BaselineRow, study: StudyBaseline) =>
  row.task
    ? `task ${row.task.number}: ${row.task.label}`
    : `all ${study.tasks.length} task${study.tasks.length === 1 ? '' : 's'}${study.checked ? '' : ' the files name'}`;

/** The study's name as a report prints it: its own title, or, unchecked, what its files call it and that nothing was checked. */
export function studyName(study: StudyBaseline): string {
  if (study.title !== null) return study.title;
  const called = study.claimedTitles.map((t) => `“${t}”`).join(' or ');
  return `study ${study.id}, not checked against the study${called ? ` (its files call it ${called})` : ''}`;
}

export const BASELINE_CSV_HEAD = [
  'study_id',
  'study',
  'task',
  'group',
  'kind',
  'participants',
  'runs',
  'mean_full',
  'full_ci95_lo',
  'full_ci95_hi',
  'mean_naive',
  'naive_ci95_lo',
  'naive_ci95_hi',
  'pass_full',
  'pass_full_ci95_lo',
  'pass_full_ci95_hi',
  'pass_naive',
  'pass_naive_ci95_lo',
  'pass_naive_ci95_hi',
  'naive_pass_full_fail',
  'naive_minus_full',
  'median_time_s',
  'median_calls',
];

function cellFields(c: BaselineCell): (number | null)[] {
  return [
    c.n,
    c.full.mean,
    c.full.lo,
    c.full.hi,
    c.naive.mean,
    c.naive.lo,
    c.naive.hi,
    c.passFull.rate,
    c.passFull.lo,
    c.passFull.hi,
    c.passNaive.rate,
    c.passNaive.lo,
    c.passNaive.hi,
    c.naivePassFullFail.rate,
    c.gap,
    c.medianTimeMs === null ? null : c.medianTimeMs / 1000,
    c.medianCalls,
  ];
}

/**
 * Every study's table as CSV (RFC 4180, through the exports' one writer): one
 * line per task (the overall first) and group, numbers unrounded; a group
 * with no run on a task has no line.
 */
export function baselineCsv(studies: readonly StudyBaseline[]): string {
  const rows: (string | number | null)[][] = [];
  for (const s of studies)
    for (const row of s.rows)
      row.cells.forEach((c, i) => {
        const g = s.groups[i]!;
        if (c) rows.push([s.id, studyName(s), rowName(row, s), g.name, g.kind, g.participants, ...cellFields(c)]);
      });
  return toCsv(
    rows,
    BASELINE_CSV_HEAD.map((header, i) => ({ header, value: (r: (string | number | null)[]) => r[i] })),
  );
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const HUMAN = '#c2410c';
const AGENT = '#3b6fd4';

/**
 * Mean full reward per group with its 95 % interval (the whisker), and the
 * mean naive reward as an open diamond on the same line: the gap between the
 * two is the naive-vs-full divergence. One band per task, the overall first.
 * A standalone SVG: no script, no external font.
 */
export function baselineSvg(studies: readonly StudyBaseline[]): string {
  const WIDTH = 780;
  const LABEL = 200;
  const scale = WIDTH - LABEL - 130;
  // Room on the right for "0.84 [0.84, 0.84]".
  const BAR = 18;
  const x = (v: number) => (LABEL + v * scale).toFixed(1);
  const parts: string[] = [];
  let y = 40;
  for (const s of studies) {
    parts.push(
      `<text x="8" y="${y}" font-weight="bold" font-size="14">${esc(clip(s.title ?? studyName(s), 100))}${s.title === null ? '' : ` (study ${esc(s.id)})`}</text>`,
    );
    y += 14;
    for (const row of s.rows) {
      y += 16;
      parts.push(`<text x="8" y="${y}" font-weight="bold">${esc(clip(rowName(row, s), 90))}</text>`);
      y += 6;
      for (const [i, c] of row.cells.entries()) {
        if (!c) continue;
        const g = s.groups[i]!;
        const colour = g.kind === 'human' ? HUMAN : AGENT;
        const mid = y + BAR / 2;
        const name = row.task ? g.name : g.label;
        parts.push(`<text x="${LABEL - 8}" y="${mid + 4}" text-anchor="end">${esc(clip(name, 30))}</text>`);
        parts.push(`<line x1="${x(0)}" y1="${mid}" x2="${x(1)}" y2="${mid}" stroke="#e5e5e5"/>`);
        if (c.full.mean !== null)
          parts.push(
            `<rect x="${x(0)}" y="${y + 3}" width="${Math.max(1, c.full.mean * scale).toFixed(1)}" height="${BAR - 6}" fill="${colour}" fill-opacity="0.85"><title>${esc(g.label)}: mean full ${f(c.full.mean)}</title></rect>`,
          );
        if (c.full.lo !== null && c.full.hi !== null)
          parts.push(
            `<path d="M${x(c.full.lo)} ${mid}H${x(c.full.hi)}M${x(c.full.lo)} ${mid - 5}V${mid + 5}M${x(c.full.hi)} ${mid - 5}V${mid + 5}" stroke="#111" stroke-width="1.5" fill="none"/>`,
          );
        if (c.naive.mean !== null) {
          const nx = Number(x(c.naive.mean));
          parts.push(
            `<path d="M${nx} ${mid - 6}L${nx + 6} ${mid}L${nx} ${mid + 6}L${nx - 6} ${mid}Z" fill="#fff" stroke="#111" stroke-width="1.5"><title>mean naive ${f(c.naive.mean)}</title></path>`,
          );
        }
        const ci = c.full.lo === null ? '' : ` [${f(c.full.lo)}, ${f(c.full.hi)}]`;
        parts.push(`<text x="${(Number(x(1)) + 8).toFixed(1)}" y="${mid + 4}" font-size="11">${f(c.full.mean)}${ci}</text>`);
        y += BAR;
      }
    }
    y += 24;
  }
  const axis = [0, 0.25, 0.5, 0.75, 1].map((v) => `<text x="${x(v)}" y="${y}" text-anchor="middle" font-size="10" fill="#555">${v.toFixed(2)}</text>`);
  y += 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y}" viewBox="0 0 ${WIDTH} ${y}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${y}" fill="#fff"/>`,
    `<text x="8" y="18" fill="#333">Mean full reward with its 95 % interval (bar and whisker); ◇ mean naive reward. Orange: people in the study; blue: models.</text>`,
    ...parts,
    ...axis,
    '</svg>',
  ].join('\n');
}
