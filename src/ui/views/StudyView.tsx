import { useMemo } from 'react';
import { StudyFlow } from '../components/study/StudyFlow';
import { StudyMaker } from '../components/study/StudyMaker';
import { err } from '../../core/result';
import { linkSizeProblem, readStudyParams } from '../../traces/study/link';
import type { Route } from '../lib/route';
import { readStepParam } from '../lib/stepParam';
import { NotFound } from './NotFound';
import '../components/study/study.css';

/**
 * `#/study?v=1&…`: a participant's way through a study (the link is the
 * study; `step` picks a step of the task on screen). `#/study/new`: the form
 * that makes such a link.
 */
export default function StudyView({ route }: { route: Route }) {
  const sub = route.path[1];
  const search = route.search ?? route.query.toString();
  const parsed = useMemo(() => {
    // The link's size first: a link past studyLinkChars is refused before any of it is decoded.
    const tooLong = linkSizeProblem(search);
    if (tooLong) return { study: err(tooLong), step: null };
    const q = new URLSearchParams(search);
    const step = readStepParam(q.get('step'));
    q.delete('step');
    return { study: readStudyParams(q), step };
  }, [search]);
  if (sub === 'new') return <StudyMaker />;
  if (sub !== undefined) return <NotFound path={route.path} />;
  if (!parsed.study.ok)
    return (
      <section className="panel" data-testid="study-link-error">
        <h1>This study link cannot be opened</h1>
        <p className="error" data-testid="study-link-problem">
          {parsed.study.error}
        </p>
        <p className="muted">
          Nothing was started and nothing was saved. Ask whoever sent the link for it again, whole. A researcher can make a new one with{' '}
          <a href="#/study/new">Create a study</a>.
        </p>
      </section>
    );
  return <StudyFlow study={parsed.study.value} step={parsed.step} />;
}
