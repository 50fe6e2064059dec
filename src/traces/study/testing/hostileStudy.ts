import type { Agent } from '../../../core/agent';
import { runEpisode } from '../../../core/episode';
import type { JsonObject } from '../../../core/json';
import type { Task, Trace } from '../../../core/types';
import { faultApiWorld } from '../../../worlds/fault-api/index';
import { carefulSolver, stubbornSolver, trustingSolver } from '../../../worlds/fault-api/solvers';
import { replayCalls } from '../../replay';
import { makeStudy, type Study, type StudyDraft } from '../definition';
import { taskOrder } from '../order';
import { resultsLine, startMeta } from '../results';

/**
 * Participants' results files as a forger would write them, made at test time
 * (the runs replay against today's worlds, so nothing frozen goes stale): the
 * study a researcher ran, two honest participants, and one file per way of
 * forging the sample. Every forged run carries a recomputed checksum and
 * replays as recorded: replay alone counts them all. Unit tests, the CLI test
 * and the Playwright spec read the same files.
 */

const task = (profile: string, seed: number): Task => {
  const t = faultApiWorld.makeTask({ profile, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};

function study(draft: Partial<StudyDraft> & Pick<StudyDraft, 'title' | 'tasks'>): Study {
  const made = makeStudy({ instructions: '', order: 'fixed', timeLimitS: 600, minutes: null, showScores: false, ...draft });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

const CLEAN = task('clean', 1);
const HOSTILE = task('hostile', 1);
const REALISTIC = task('realistic', 1);
const spec = (t: Task) => ({ world: 'fault-api', spec: t.spec });

/** The researcher's study: two tasks, fixed order, 10 minutes a task. */
export const PILOT = study({ title: 'Pagination pilot', tasks: [spec(CLEAN), spec(HOSTILE)] });
/** Another study on overlapping tasks: three of them, shuffled, no limit. */
export const OTHER = study({ title: 'Retry study', tasks: [spec(CLEAN), spec(HOSTILE), spec(REALISTIC)], order: 'shuffled', timeLimitS: null });

/** A person's milliseconds on each call: seeded by the pseudonym, so no two people match. */
const durationOf = (pseudonym: string, step: number) => 900 + 53 * step + ([...pseudonym].reduce((a, c) => a * 31 + c.charCodeAt(0), 11) % 1700);

const SOLVERS: Record<string, () => Agent> = { careful: carefulSolver, stubborn: stubbornSolver, trusting: trustingSolver };

/** One participant's runs of `s`, in their order, as the study page records them (not yet written as lines). */
async function play(s: Study, pseudonym: string, solver: keyof typeof SOLVERS, sitting = 0): Promise<{ trace: Trace; wallMs: number }[]> {
  const out: { trace: Trace; wallMs: number }[] = [];
  for (const [position, index] of taskOrder(s, pseudonym).entries()) {
    const t = task(String(s.tasks[index]!.spec.profile), Number(s.tasks[index]!.spec.seed));
    const played = await runEpisode(faultApiWorld, t, SOLVERS[solver]!());
    const durations = played.steps.map((_, i) => durationOf(pseudonym, i) + 29 * sitting);
    const { trace } = await replayCalls(
      faultApiWorld,
      t,
      played.steps.map((st, i) => ({ call: st.call, extras: { durationMs: durations[i]! } })),
      { kind: 'human', name: 'you', hints: false },
      played.stop,
    );
    out.push({ trace: { ...trace, meta: startMeta(s, pseudonym, index, position) }, wallMs: durations.reduce((a, b) => a + b, 0) + 4000 });
  }
  return out;
}

/** The runs as a results file, each line's `meta.study` first rewritten by `edit` and its checksum recomputed, as a forger would. */
function file(runs: readonly { trace: Trace; wallMs: number }[], edit: (study: JsonObject) => JsonObject = (x) => x): string {
  return runs
    .map(({ trace, wallMs }) => {
      const meta = edit({ ...(trace.meta!.study as JsonObject) });
      return `${resultsLine({ ...trace, meta: { ...trace.meta, study: meta } }, { wallMs, timedOut: false })}\n`;
    })
    .join('');
}

export interface HostileStudyFiles {
  /** File name → its text. */
  files: Record<string, string>;
  /** The files nothing is wrong with, and nothing implicates: all the table held to the study counts. */
  clean: string[];
}

export async function hostileStudyFiles(): Promise<HostileStudyFiles> {
  const gus = await play(PILOT, 'gus', 'careful');
  const hal = await play(PILOT, 'hal', 'stubborn');
  const ada = await play(PILOT, 'ada', 'careful');
  const bo = await play(PILOT, 'bo', 'stubborn');
  const crowd: { trace: Trace; wallMs: number }[] = [];
  for (const [i, name] of ['p01', 'p02', 'p03', 'p04', 'p05', 'p06', 'p07', 'p08', 'p09', 'p10'].entries())
    crowd.push(...(await play(PILOT, name, (['careful', 'stubborn', 'trusting'] as const)[i % 3]!)));
  const retry = await play(OTHER, 'cy', 'trusting');
  const adaAgain = await play(PILOT, 'ada', 'trusting', 1);
  const di = await play(PILOT, 'di', 'trusting');
  const extra = (await play(OTHER, 'fay', 'careful')).find((r) => r.trace.task.profile === 'realistic')!;
  const fay = await play(PILOT, 'fay', 'stubborn');
  return {
    clean: ['gus.jsonl', 'hal.jsonl'],
    files: {
      'gus.jsonl': file(gus),
      'hal.jsonl': file(hal),
      // ada and bo are honest, but ada has a second file and bo's was copied: which is which, the reader decides.
      'ada.jsonl': file(ada),
      'bo.jsonl': file(bo),
      // Ten pseudonyms in one file, every run a real one of this study.
      'crowd.jsonl': file(crowd),
      // bo's file under another pseudonym: the same calls to the millisecond.
      'eve.jsonl': file(bo, (m) => ({ ...m, pseudonym: 'eve' })),
      // Another study's runs with this study's id put on them.
      'cy-relabelled.jsonl': file(retry, (m) => ({ ...m, id: PILOT.id })),
      // The same, with this study's title and length too: the tasks and their order still give it away.
      'cy-retitled.jsonl': file(retry, (m) => ({ ...m, id: PILOT.id, title: PILOT.title, of: 2, order: 'fixed' })),
      // A pseudonym already seen, in a file of its own.
      'ada-again.jsonl': file(adaAgain),
      // Played (it says) with 20 minutes a task instead of 10.
      'di-20min.jsonl': file(di, (m) => ({ ...m, timeLimitS: 1200 })),
      // fay's two runs and a third, of a task the study does not have, numbered as if it did.
      'fay-extra-task.jsonl':
        file(fay) + file([extra], (m) => ({ ...m, id: PILOT.id, title: PILOT.title, of: 3, task: 3, position: 3, order: 'fixed', timeLimitS: 600 })),
    },
  };
}
