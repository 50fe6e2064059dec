import type { BaselineCell, StudyBaseline } from '../../../traces/study/baseline';
import { baselineCsv, baselineSvg, rowName, studyName } from '../../../traces/study/baselineFiles';
import { BASELINE_COLUMNS, fmtCalls, fmtGap, fmtRate, fmtTime, groupProblems, leftOutGroups, STATUS_LABEL, taskName } from '../../../traces/study/format';
import type { MeanInterval } from '../../../traces/study/stats';
import { download } from '../../lib/download';

/** One study's table: humans beside each model, per task and overall, and every study run not counted as it is, with why. */

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

export function StudyTable({
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
        Human baseline: {study.title ?? <span data-testid="baseline-unchecked-title">{studyName(study)}</span>}{' '}
        {study.title === null ? null : <span className="muted small">study {study.id}</span>}
      </h2>
      <p className="muted small">
        {human!.participants} participant{human!.participants === 1 ? '' : 's'} ({human!.runs} verified run{human!.runs === 1 ? '' : 's'}) beside{' '}
        {models === 0 ? 'no model yet (list model runs on the same tasks)' : `${models} model${models === 1 ? '' : 's'}`} on the same {study.tasks.length} task
        {study.tasks.length === 1 ? '' : 's'}
        {study.checked ? ' of the study' : ' its files name'}. n in a group’s name counts participants that remain (people) or runs (models). Means with a 95 %
        Student-t interval cut to [0, 1]; pass rates full and naive (answer only); each run one observation. A study’s runs are counted here only, not in the
        tables per world below.
      </p>
      <div className="lib-toolbar">
        <button type="button" onClick={() => download(baselineCsv([study]), `human-baseline-${study.id}.csv`, 'text/csv')} data-testid="baseline-csv">
          Export CSV
        </button>
        <button type="button" onClick={() => download(baselineSvg([study]), `human-baseline-${study.id}.svg`, 'image/svg+xml')} data-testid="baseline-svg">
          Export chart (SVG)
        </button>
      </div>
      <div className="table-scroll report-scroll" tabIndex={0} role="region" aria-label={`human baseline: ${study.title ?? `study ${study.id}`}`}>
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
            {leftOutGroups(left).map((g) => {
              const key = g.key;
              const who = [...new Set(g.runs.map((h) => h.pseudonym))];
              return (
                <li key={`${g.status}|${g.byFile ? g.runs[0]!.file : g.runs[0]!.id}`} data-testid="baseline-run" data-status={g.status}>
                  <span className={`status ${g.status}`}>{STATUS_LABEL[g.status]}</span>:{' '}
                  {g.byFile ? `the file ${fileName(g.runs[0]!.file)}` : `a run in ${fileName(g.runs[0]!.file)}`} (
                  {who.length > 3 ? `${who.length} pseudonyms` : who.join(', ')}
                  {g.runs.length > 1 ? `, ${g.runs.length} runs` : `, ${taskName(g.runs[0]!.task)}`}){' '}
                  {key === null ? null : (
                    <button type="button" className="link-button" onClick={() => onToggle(key)} data-testid="baseline-include">
                      {include.has(key) ? 'leave out again' : g.byFile ? 'include this file anyway' : 'include this run'}
                    </button>
                  )}
                  <ul>
                    {groupProblems(g).map((p, i) => (
                      <li key={i}>{p.task === null ? p.text : `${taskName(p.task)}: ${p.text}`}</li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
