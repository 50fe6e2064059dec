import type { Result } from '../../core/result';
import type { Trace } from '../../core/types';
import { describeLimit, taskKey, taskLabel, type Study } from './definition';
import { taskOrder } from './order';
import type { StudyRunMeta } from './results';

/**
 * Does a run belong to the study the reader gave? Everything a run says about
 * its study is held to the study itself: its id and title, the task (by its
 * world and spec, and its number in the list), the study's length, the order
 * (and, shuffled, the place this pseudonym gets), the time limit (as recorded,
 * as the clock's stop names it, and as the run lasted). A run relabelled from
 * another study keeps what it played: the tasks, their order, its stop.
 */

/** A slack over the limit for a run the clock did not end: the clock ticks each second, a last call may still be answered. */
const LIMIT_SLACK_MS = 60_000;

const limitText = (s: number | null) => (s === null ? 'none' : describeLimit(s));
const playedWith = (s: number | null) => (s === null ? 'with no time limit' : `with a time limit of ${describeLimit(s)} per task`);
const studysLimit = (s: number | null) => (s === null ? 'the study has none' : `the study's is ${describeLimit(s)} per task`);
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;
const clip = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 59)}…` : s);
const duration = (ms: number) => (ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${(ms / 60_000).toFixed(1)} min`);

/** Why the run does not belong to the study, in words; empty when it does. */
export function fitProblems(study: Study, trace: Trace, meta: Result<StudyRunMeta> | null): string[] {
  if (meta === null) return ['it has no study record (meta.study)'];
  if (!meta.ok) return [`its study record cannot be read: ${meta.error}`];
  const m = meta.value;
  const out: string[] = [];
  if (trace.agent.kind !== 'human') out.push(`it is recorded as a ${trace.agent.kind}'s run, not a person's`);
  if (m.id !== study.id) {
    out.push(`it is a run of another study (id ${m.id.slice(0, 40)}${m.title !== study.title ? `, titled ${clip(m.title)}` : ''})`);
    return out;
  }
  if (m.title !== study.title) out.push(`its file calls the study ${clip(m.title)}; the study is ${clip(study.title)}`);
  const n = study.tasks.length;
  if (m.of !== n) out.push(`it says the study has ${m.of} tasks; the study has ${n}`);
  const index = study.tasks.findIndex((t) => taskKey(t.world, t.spec) === taskKey(trace.world, trace.task));
  if (index < 0) out.push(`its task (${taskLabel(trace.world, trace.task)}) is not one of the study's ${n} tasks`);
  else if (index + 1 !== m.task) out.push(`it says it is task ${m.task}; what it played is task ${index + 1} of the study`);
  if (m.order !== study.order) out.push(`it says the tasks were in ${m.order} order; the study's order is ${study.order}`);
  else if (index >= 0) {
    const position = taskOrder(study, m.pseudonym).indexOf(index) + 1;
    if (position !== m.position)
      out.push(`it says ${m.pseudonym} played it ${ordinal(m.position)}; the study gives ${m.pseudonym} this task ${ordinal(position)}`);
  }
  if (m.timeLimitS !== study.timeLimitS) out.push(`it was played ${playedWith(m.timeLimitS)}; ${studysLimit(study.timeLimitS)}`);
  const named = /time limit of (.+?) per task/.exec(trace.stop?.detail ?? '')?.[1];
  if (m.timedOut && study.timeLimitS === null) out.push('it says the clock ended it; the study has no time limit');
  else if (named !== undefined && named !== limitText(study.timeLimitS))
    out.push(`its end names a time limit of ${named} per task; ${studysLimit(study.timeLimitS)}`);
  if (study.timeLimitS !== null && m.wallMs !== undefined && !m.timedOut && m.wallMs > study.timeLimitS * 1000 + LIMIT_SLACK_MS)
    out.push(`it lasted ${duration(m.wallMs)} without the clock ending it; the study's limit is ${limitText(study.timeLimitS)} per task`);
  return out;
}
