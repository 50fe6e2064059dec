import type { StudyProgress } from '../../study/progress';

/** "Task 2 of 3" with a mark per task: done, under way, to come. */
export function StudySteps({ progress, position }: { progress: StudyProgress; position: number }) {
  const n = progress.tasks.length;
  return (
    <ol className="study-steps" aria-label={`task ${position + 1} of ${n}`}>
      {progress.tasks.map((t, i) => (
        <li key={i} className={t.endedAt !== null ? 'done' : i === position ? 'current' : undefined} aria-current={i === position ? 'step' : undefined}>
          <span className="sr-only">{t.endedAt !== null ? 'done: ' : i === position ? 'now: ' : ''}</span>
          {i + 1}
        </li>
      ))}
    </ol>
  );
}
