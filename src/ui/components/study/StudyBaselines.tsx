import { useEffect, useMemo } from 'react';
import { buildBaselines, type BaselineCell, type BaselineItem, type HumanRun, type StudyBaseline } from '../../../traces/study/baseline';
import { baselineCsv, baselineSvg, rowName } from '../../../traces/study/baselineFiles';
import { BASELINE_COLUMNS, fmtCalls, fmtGap, fmtRate, fmtTime } from '../../../traces/study/format';
import type { MeanInterval } from '../../../traces/study/stats';
import { download } from '../../lib/download';
import { payloadOf, useLibrary } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { navigate } from '../../lib/navigate';
import { hrefFor, type Route } from '../../lib/route';
import { isStudyRun, studyChecks, useChecks } from '../../study/baselineChecks';
import './study.css';

/** The reader's choice of left-out runs to count anyway: file or run ids, in the URL (`include=`). */
const readInclude = (q: URLSearchParams) => new Set((q.get('include') ?? '').split(',').filter(Boolean));

/**
 * The report's human baselines: for every study among the listed traces, its
 * participants beside each model on the same tasks, per task and overall.
 * Study runs are replayed here first; a run that does not verify (or was
 * played with hints) is listed with why and left out unless the reader
 * includes it.
 */
export function StudyBaselines({ rows, route }: { rows: readonly LibraryEntry[]; route: Route }) {
  const checks = useChecks((s) => s.checks);
  const runs = useLibrary((s) => s.runs);
  const pending = useChecks((s) => s.pending);
  const traced = useMemo(
    () =>
      rows.flatMap((e) => {
        const p = payloadOf(e.id);
        return p?.kind === 'native' ? [{ entry: e, trace: p.trace }] : [];
      }),
    [rows],
  );
  const imported = useMemo(() => traced.filter(({ entry, trace }) => entry.run !== null && isStudyRun(trace)), [traced]);
  useEffect(() => studyChecks.check(imported.map(({ entry, trace }) => ({ id: entry.id, trace }))), [imported]);
  const include = readInclude(route.query);
  const includeKey = route.query.get('include') ?? '';
  const studies = useMemo(() => {
    const items: BaselineItem[] = traced.map(({ entry, trace }) => ({
      id: entry.id,
      file: entry.run ?? entry.id,
      trace,
      playedHere: entry.run === null,
      check: checks[entry.id]?.check,
    }));
    return buildBaselines(items, new Set(includeKey.split(',').filter(Boolean)));
  }, [traced, checks, includeKey]);
  if (studies.length === 0) return null;
  const toggle = (key: string) => {
    const next = new Set(include);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    const query = Object.fromEntries(route.query.entries());
    navigate(hrefFor(['report'], { ...query, include: next.size ? [...next].join(',') : undefined }), { replace: true });
  };
  return (
    <div className="baselines" data-testid="baselines">
      {pending > 0 ? (
        <p className="muted small" role="status" data-testid="baseline-verifying">
          Replaying study runs: {pending} to go…
        </p>
      ) : null}
      {studies.map((s) => (
        <StudyTable key={s.id} study={s} include={include} onToggle={toggle} fileName={(id) => runs[id]?.label ?? id} />
      ))}
    </div>
  );
}

function Mean({ m }: { m: MeanInterval }) {
  if (m.mean === null) return <>—</>;
  return (
    <>
      {m.mean.toFixed(2)}
      {m.lo !== null && m.hi !== null ? (
        <span className="ci">
          {' '}
          [{m.lo.toFixed(2)}, {m.hi.toFixed(2)}]
        </span>
      ) : null}
    </>
  );
}

function Cells({ c }: { c: BaselineCell }) {
  return (
    <>
      <td className="num" data-testid="runs">
        {c.n}
      </td>
      <td className="num" data-testid="full">
        <Mean m={c.full} />
      </td>
      <td className="num" data-testid="naive">
        <Mean m={c.naive} />
      </td>
      <td className="num" data-testid="pass-full">
        {fmtRate(c.passFull)}
      </td>
      <td className="num" data-testid="pass-naive">
        {fmtRate(c.passNaive)}
      </td>
      <td className="num" data-testid="naive-pass-full-fail">
        {fmtRate(c.naivePassFullFail)}
      </td>
      <td className="num" data-testid="gap">
        {fmtGap(c.gap)}
      </td>
      <td className="num" data-testid="time">
        {fmtTime(c.medianTimeMs)}
      </td>
      <td className="num" data-testid="calls">
        {fmtCalls(c.medianCalls)}
      </td>
    </>
  );
}

const STATUS: Record<HumanRun['status'], string> = {
  counted: 'counted',
  included: 'included by you',
  edited: 'edited',
  hints: 'played with hints',
  duplicate: 'duplicate',
  pending: 'being replayed',
};

interface LeftOut {
  /** What including it toggles: the file for an edited one, else the run. */
  key: string;
  byFile: boolean;
  status: HumanRun['status'];
  runs: HumanRun[];
}

/** The runs not counted as they are, one line per file when the file was edited (it is included whole), else per run. */
function leftOutGroups(left: readonly HumanRun[], include: ReadonlySet<string>): LeftOut[] {
  const out = new Map<string, LeftOut>();
  for (const h of left) {
    const byFile = h.status === 'edited' || (h.status === 'included' && include.has(h.file));
    const key = byFile ? h.file : h.id;
    const g = out.get(key) ?? { key, byFile, status: h.status, runs: [] };
    g.runs.push(h);
    out.set(key, g);
  }
  return [...out.values()];
}

function StudyTable({
  study,
  include,
  onToggle,
  fileName,
}: {
  study: StudyBaseline;
  include: ReadonlySet<string>;
  onToggle(key: string): void;
  fileName(id: string): string;
}) {
  const [human] = study.groups;
  const models = study.groups.length - 1;
  const left = study.humans.filter((h) => h.status !== 'counted');
  return (
    <section className="panel" data-testid={`baseline-${study.id}`}>
      <h2>
        Human baseline: {study.title} <span className="muted small">study {study.id}</span>
      </h2>
      <p className="muted small">
        {human!.participants} participant{human!.participants === 1 ? '' : 's'} ({human!.runs} verified run{human!.runs === 1 ? '' : 's'}) beside{' '}
        {models === 0 ? 'no model yet (list model runs on the same tasks)' : `${models} model${models === 1 ? '' : 's'}`} on the same {study.tasks.length} task
        {study.tasks.length === 1 ? '' : 's'}. n in a group’s name counts participants (people) or runs (models). Means with a 95 % Student-t interval cut to
        [0, 1]; pass rates full and naive (answer only); each run one observation. A study’s runs are counted here only, not in the tables per world below.
      </p>
      <div className="lib-toolbar">
        <button type="button" onClick={() => download(baselineCsv([study]), `human-baseline-${study.id}.csv`, 'text/csv')} data-testid="baseline-csv">
          Export CSV
        </button>
        <button type="button" onClick={() => download(baselineSvg([study]), `human-baseline-${study.id}.svg`, 'image/svg+xml')} data-testid="baseline-svg">
          Export chart (SVG)
        </button>
      </div>
      <div className="table-scroll report-scroll" tabIndex={0} role="region" aria-label={`human baseline: ${study.title}`}>
        <table className="data baseline-table">
          <thead>
            <tr>
              <th scope="col">group</th>
              {BASELINE_COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          {study.rows.map((row) => {
            const key = row.task ? String(row.task.number) : 'all';
            return (
              <tbody key={key}>
                <tr className="task-head">
                  <th colSpan={BASELINE_COLUMNS.length + 1} scope="rowgroup">
                    {rowName(row, study)}
                  </th>
                </tr>
                {row.cells.map((c, i) => {
                  const g = study.groups[i]!;
                  return c ? (
                    <tr key={g.key} className={g.kind} data-testid={`bl-${key}-${g.name}`}>
                      <td>{row.task ? g.name : g.label}</td>
                      <Cells c={c} />
                    </tr>
                  ) : null;
                })}
              </tbody>
            );
          })}
        </table>
      </div>
      {left.length ? (
        <>
          <h3>Study runs not counted as they are ({left.length})</h3>
          <ul className="baseline-runs" data-testid="baseline-left-out">
            {leftOutGroups(left, include).map((g) => (
              <li key={g.key} data-testid="baseline-run">
                <span className={`status ${g.status}`}>{STATUS[g.status]}</span>:{' '}
                {g.byFile ? `the file ${fileName(g.key)}` : `a run in ${fileName(g.runs[0]!.file)}`} ({g.runs[0]!.pseudonym}
                {g.runs.length > 1 ? `, ${g.runs.length} runs` : `, task ${g.runs[0]!.task}`}){' '}
                {g.status === 'pending' ? null : (
                  <button type="button" className="link-button" onClick={() => onToggle(g.key)} data-testid="baseline-include">
                    {include.has(g.key) ? 'leave out again' : g.byFile ? 'include this file anyway' : 'include this run'}
                  </button>
                )}
                <ul>
                  {g.runs.map((h) => (
                    <li key={h.id}>
                      task {h.task}: {h.problems.join('; ') || 'counted because you included it'}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
