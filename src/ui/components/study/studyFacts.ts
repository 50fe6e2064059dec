import type { Study } from '../../../traces/study/definition';
import { describeLimit } from '../../study/session';

/** "About 20 minutes; at most 5 min per task (15 min in all)." What the intro says of time, from the study's own fields. */
export function timeFact(study: Study): string {
  const n = study.tasks.length;
  const limit = study.timeLimitS;
  const about = study.minutes === null ? null : `About ${study.minutes} minute${study.minutes === 1 ? '' : 's'} in all`;
  const cap =
    limit === null ? null : `each task has a time limit of ${describeLimit(limit)} (a clock shows what is left), so at most ${describeLimit(limit * n)} in all`;
  if (about && cap) return `${about}; ${cap}.`;
  if (about) return `${about}, with no time limit on any task.`;
  if (cap) return `${cap[0]!.toUpperCase()}${cap.slice(1)}.`;
  return 'No time limit: take the time you need.';
}
