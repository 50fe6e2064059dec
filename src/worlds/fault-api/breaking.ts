import { breaking } from '../../core/contract';
import { quotaFor } from './params';
import { fetchPage, paramsOf, rowVariants, submitIndex } from './variantKit';

/** fault-api's breaking operators on the end state (the submission) and the decisions (the quota); the observed rule's are in `breakingObserved.ts`. */

const ENDSTATE_CEILING = {
  value: 0.986,
  why: 'published weights: completeness is Jaccard − duplicate share at weight 0.6, so one record of 40 missing or repeated keeps 0.6 × 39/40 + 0.4 = 0.985 (0.985366 repeated); a gate there would also zero the trusting solver, whose calibration (0.63 / 0.43) counts partial runs',
};

export const recordDropped = breaking(
  'record-dropped',
  'end-state',
  'completeness',
  'one true record left out of the submission',
  (run) => rowVariants(run, ['first', 'last', 'hashed'], (rows, at) => rows.filter((_, i) => i !== at)),
  ENDSTATE_CEILING,
);

export const recordDuplicated = breaking(
  'record-duplicated',
  'end-state',
  'completeness',
  'one record submitted twice',
  (run) => rowVariants(run, ['first', 'hashed'], (rows, at) => [...rows.slice(0, at + 1), rows[at]!, ...rows.slice(at + 1)]),
  ENDSTATE_CEILING,
);

export const submissionDropped = breaking('submission-dropped', 'end-state', 'completeness', 'records collected, never submitted', (run) => {
  const at = submitIndex(run.calls);
  return at < 0 ? [] : [{ label: 'dropped', calls: run.calls.filter((_, i) => i !== at) }];
});

/**
 * Keeps fetching after the 429: the oracle's reads, then the last page again
 * until the quota is spent, then two more requests — the first 429 is the
 * check's answer, the second acts against it.
 */
export const pastTheQuota = breaking(
  'past-the-quota',
  'decisions',
  'budget discipline',
  'keeps calling after the 429: the last page fetched again until the quota is spent, then twice more',
  ({ task, calls }) => {
    const p = paramsOf(task);
    const at = submitIndex(calls);
    const fetches = calls.slice(0, at);
    const quota = quotaFor(p);
    if (at < 0 || quota === null) return [];
    const last = fetches[fetches.length - 1] ?? fetchPage(null);
    const pad = Array.from({ length: quota - fetches.length + 2 }, () => last);
    return [{ label: 'two-429s', calls: [...fetches, ...pad, ...calls.slice(at)] }];
  },
  {
    value: 0.87,
    why: 'published weights: budget discipline is 1 / (1 + 429s) at weight 0.2, so two 429s with every record right keep 0.6 + 0.2 + 0.2/3 = 0.866667; the stubborn solver’s calibration (0.93 hostile) is that loss',
  },
);
