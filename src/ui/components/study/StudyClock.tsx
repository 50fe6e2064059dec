import { useStore } from 'zustand';
import type { StudySession } from '../../study/session';

const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The time left on the task, when the study has a limit: a clock the participant sees, updated each second. */
export function StudyClock({ session }: { session: StudySession }) {
  useStore(session.store, (s) => s.now);
  const left = session.remainingMs();
  if (left === null) return null;
  return (
    <span className={`study-clock${left < 60_000 ? ' low' : ''}`} role="timer" aria-label="time left on this task" data-testid="study-clock">
      {mmss(left)} left
    </span>
  );
}
