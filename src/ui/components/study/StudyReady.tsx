import { useStore } from 'zustand';
import { describeLimit, type StudySession } from '../../study/session';
import { StudySteps } from './StudySteps';

/** Between tasks: which one is next, and a start button (its clock starts only then). */
export function StudyReady({ session, position }: { session: StudySession; position: number }) {
  const { study } = session;
  const progress = useStore(session.store, (s) => s.progress)!;
  const busy = useStore(session.store, (s) => s.busy);
  const n = study.tasks.length;
  const first = position === 0;
  return (
    <section className="panel study-ready" data-testid="study-ready">
      <StudySteps progress={progress} position={position} />
      <h1 data-testid="study-task-of">
        Task {position + 1} of {n}
      </h1>
      <p>
        {first ? `Welcome, ${progress.pseudonym}. ` : `Task ${position} is done and saved. `}
        When you start, the task’s prompt and its tools appear; play it until you submit an answer (or give up).
        {study.timeLimitS !== null ? ` The clock starts then: ${describeLimit(study.timeLimitS)} for this task.` : ''} You may take a break before starting.
      </p>
      <button type="button" className="primary" disabled={busy} onClick={() => void session.startTask()} data-testid="study-start-task">
        {busy ? 'Starting…' : `Start task ${position + 1}`}
      </button>
    </section>
  );
}
