import { useState } from 'react';
import { PSEUDONYM_MAX } from '../../../traces/study/order';
import type { StudySession } from '../../study/session';
import { timeFact } from './studyFacts';

/** What the participant is asked, for how long, under which rules, and that nothing leaves the browser until they download it. */
export function StudyIntro({ session }: { session: StudySession }) {
  const { study } = session;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const n = study.tasks.length;
  return (
    <section className="panel study-intro" data-testid="study-intro">
      <p className="muted small">A study · {n === 1 ? 'one task' : `${n} tasks`}</p>
      <h1>{study.title}</h1>
      {study.instructions ? (
        <p className="study-instructions" data-testid="study-instructions">
          {study.instructions}
        </p>
      ) : null}
      <h2>What you will do</h2>
      <ul className="study-facts">
        <li data-testid="study-what">
          Play {n === 1 ? 'one task' : `${n} tasks`}, one after another{study.order === 'shuffled' ? ' (in an order drawn from your pseudonym)' : ''}. Each task
          is a small job in a simulated system: read its prompt, then use its tools until you submit an answer or give up.
        </li>
        <li data-testid="study-time">{timeFact(study)}</li>
        <li>
          You see what your own calls return, as an automated agent would. The verifier’s hints are never shown during the study
          {study.showScores ? '; your scores are shown at the end.' : ', and scores are not shown.'}
        </li>
        <li data-testid="study-privacy">
          <strong>Nothing leaves this browser until you download your results.</strong> Your runs are saved in this browser as you play, so a reload (or closing
          the tab and coming back with the same link) resumes where you were. At the end you download one file and send it to whoever gave you the link.
        </li>
      </ul>
      <form
        className="study-start"
        onSubmit={(e) => {
          e.preventDefault();
          setError(session.begin(name));
        }}
      >
        <label className="field">
          <span>Your pseudonym: any name that is not your own (it names your results file)</span>
          <input
            value={name}
            maxLength={PSEUDONYM_MAX + 10}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
            aria-invalid={error !== null}
            aria-describedby={error ? 'pseudonym-error' : undefined}
            data-testid="pseudonym"
          />
        </label>
        <button type="submit" className="primary" data-testid="study-begin">
          Begin the study
        </button>
        {error ? (
          <p className="error" id="pseudonym-error" role="alert" data-testid="pseudonym-error">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
