import { HINTS_REVEALED, type Scorecard, type Trace } from '../../core/types';
import type { World } from '../../core/world';
import { verifyTrace, type StepDiff } from '../replay';
import { runChecksum, studyMetaOf } from './results';

/** The scores a run counts with in a baseline: its replay's, never only what the file says. */
export interface RunScores {
  reward: number;
  naive: number;
  fullPass: boolean;
  naivePass: boolean;
}

/**
 * What replaying a study run said. `verified`: its calls give the recorded
 * results, its recorded score is what the verifiers give now, and its
 * checksum holds. Otherwise `problems` says each thing that is wrong, and the
 * run stays out of the figures unless the reader includes it.
 */
export interface StudyRunCheck {
  verified: boolean;
  problems: string[];
  /** Played with the verifier's events revealed: not a baseline, whatever else holds. */
  hints: boolean;
  /** The replay's scores; null when the run could not be replayed at all. */
  replayed: RunScores | null;
}

const f2 = (x: number) => x.toFixed(2);
const SAME = 1e-9;

export const scoresOf = (card: Scorecard): RunScores => ({
  reward: card.reward,
  naive: card.naive,
  fullPass: card.verdict.full === 'PASS',
  naivePass: card.verdict.naive === 'PASS',
});

export const playedWithHints = (trace: Trace): boolean => trace.agent.hints === true || trace.events.some((e) => e.code === HINTS_REVEALED);

function describeDiff(d: StepDiff): string {
  if (d.field === 'missing-step') return `step ${d.step + 1} is recorded but the replayed episode had already ended (steps were removed or reordered)`;
  if (d.field === 'extra-step') return `the replay takes a step ${d.step + 1} the file does not have`;
  return `step ${d.step + 1} does not replay as recorded (its ${d.field === 'events' ? 'events' : `result's ${d.field}`} differ)`;
}

function scoreProblems(recorded: Scorecard | null, now: Scorecard | null): string[] {
  if (!now) return [];
  if (!recorded) return ['the file records no score'];
  const out: string[] = [];
  if (Math.abs(recorded.reward - now.reward) > SAME || recorded.verdict.full !== now.verdict.full)
    out.push(`the file says full ${f2(recorded.reward)} ${recorded.verdict.full}; its replay scores ${f2(now.reward)} ${now.verdict.full}`);
  if (Math.abs(recorded.naive - now.naive) > SAME || recorded.verdict.naive !== now.verdict.naive)
    out.push(`the file says naive ${f2(recorded.naive)} ${recorded.verdict.naive}; its replay scores ${f2(now.naive)} ${now.verdict.naive}`);
  return out;
}

/** Replay one study run against its world (null: a world this build lacks) and say what holds. */
export async function checkStudyRun(world: World | null, trace: Trace): Promise<StudyRunCheck> {
  const problems: string[] = [];
  const hints = playedWithHints(trace);
  const meta = studyMetaOf(trace);
  if (meta === null) problems.push('it is not a study run (no meta.study)');
  else if (!meta.ok) problems.push(`its study record cannot be read: ${meta.error}`);
  else if (meta.value.checksum === undefined) problems.push('it has no checksum: it is not a results file as the study page writes it');
  else if (meta.value.checksum !== runChecksum(trace)) problems.push('its checksum does not match its content: the file was edited after it was downloaded');
  if (trace.stop === null) problems.push('the task was never finished');
  if (!world)
    return { verified: false, problems: [...problems, `the world "${trace.world}" is not on this site: the run cannot be replayed`], hints, replayed: null };
  const report = await verifyTrace(world, trace);
  if (!report.ok) return { verified: false, problems: [...problems, report.error], hints, replayed: null };
  const { diffs, trace: replayed } = report.value;
  problems.push(...diffs.slice(0, 3).map(describeDiff));
  if (diffs.length > 3) problems.push(`and ${diffs.length - 3} more steps differ`);
  problems.push(...scoreProblems(trace.scorecard, replayed.scorecard));
  return { verified: problems.length === 0, problems, hints, replayed: replayed.scorecard ? scoresOf(replayed.scorecard) : null };
}
