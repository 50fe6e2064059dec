import { useEffect, useMemo } from 'react';
import { buildBaselines, type BaselineItem } from '../../../traces/study/baseline';
import type { Study } from '../../../traces/study/definition';
import { payloadOf, useLibrary } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { navigate } from '../../lib/navigate';
import { hrefFor, type Route } from '../../lib/route';
import { isStudyRun, studyChecks, useChecks } from '../../study/baselineChecks';
import { givenStudyOf, STUDY_PARAM, studyParamOf } from '../../study/givenStudy';
import { StudyGiven } from './StudyGiven';
import { StudyTable } from './StudyTable';
import './study.css';

/** The reader's choice of left-out runs to count anyway: file or run ids, in the URL (`include=`). */
const readInclude = (q: URLSearchParams) => new Set((q.get('include') ?? '').split(',').filter(Boolean));

/**
 * The report's human baselines. Given a study (`study=` in the address: its
 * link), one table held to it: every run checked against the study and every
 * results file against the others; without one, a table per study the runs
 * claim, said plainly to be what the files say. Study runs are replayed here
 * first. A run that does not belong is listed with why and never counted;
 * any other run left out is counted only if the reader includes it.
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
  const studyKey = route.query.get(STUDY_PARAM) ?? '';
  const given = useMemo(() => givenStudyOf(new URLSearchParams({ [STUDY_PARAM]: studyKey })), [studyKey]);
  const fileName = (id: string) => runs[id]?.label ?? id;
  const labels = useMemo(() => Object.fromEntries(Object.entries(runs).map(([id, r]) => [id, r.label])), [runs]);
  const studies = useMemo(() => {
    const items: BaselineItem[] = traced.map(({ entry, trace }) => ({
      id: entry.id,
      file: entry.run ?? entry.id,
      trace,
      playedHere: entry.run === null,
      check: checks[entry.id]?.check,
    }));
    return buildBaselines(items, {
      include: new Set(includeKey.split(',').filter(Boolean)),
      study: given.kind === 'study' ? given.study : null,
      fileName: (id) => labels[id] ?? id,
    });
  }, [traced, checks, includeKey, given, labels]);
  if (studies.length === 0 && given.kind === 'none') return null;
  const go = (change: Record<string, string | undefined>) => {
    const query = Object.fromEntries(route.query.entries());
    navigate(hrefFor(['report'], { ...query, ...change }), { replace: true });
  };
  const toggle = (key: string) => {
    const next = new Set(include);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    go({ include: next.size ? [...next].join(',') : undefined });
  };
  // Another study is another sample: what the reader included was chosen for the last one.
  const give = (study: Study | null) => go({ [STUDY_PARAM]: study ? studyParamOf(study) : undefined, include: undefined });
  return (
    <div className="baselines" data-testid="baselines">
      <StudyGiven given={given} onGive={give} />
      {pending > 0 ? (
        <p className="muted small" role="status" data-testid="baseline-verifying">
          Replaying study runs: {pending} to go…
        </p>
      ) : null}
      {studies.map((s) => (
        <StudyTable key={s.id} study={s} include={include} onToggle={toggle} fileName={fileName} />
      ))}
    </div>
  );
}
