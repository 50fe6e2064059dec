import { isJsonObject, type JsonObject } from '../../core/json';
import type { Result } from '../../core/result';
import type { Trace } from '../../core/types';
import { taskKey, taskLabel, type Study } from './definition';

export { taskLabel };
import { studyMetaOf, type StudyRunMeta } from './results';
import { runStatuses, type ClaimedRun } from './runStatus';
import { samePerson } from './sample';
import { meanInterval, median, wilson, type MeanInterval, type Proportion } from './stats';
import { scoresOf, type RunScores, type StudyRunCheck } from './verify';

/**
 * Human baselines: a study's participants' runs beside every other agent's
 * runs on the same tasks, per task and over all of them. Pure: the caller
 * reads the files (or the library) and replays the study runs (verify.ts);
 * this groups and counts.
 */

/** One trace with where it came from, and what its replay said when it is a study run. */
export interface BaselineItem {
  id: string;
  /**
   * The file it was read from: an edited file is left out whole (one run
   * found edited makes every run in it suspect), and included whole.
   */
  file: string;
  trace: Trace;
  /** Study runs only; a study run not yet checked is pending and not counted. */
  check?: StudyRunCheck;
  /**
   * Played in this browser, not read from a file: a participant's own copy of a
   * study run is not a result (their downloaded file is), so it is left out.
   */
  playedHere?: boolean;
}

export interface StudyTaskRef {
  /** The task's number in the study, from 1. */
  number: number;
  world: string;
  spec: JsonObject;
  key: string;
  label: string;
}

export interface BaselineGroup {
  /** `human` for the study's participants, else the model's (or agent's) name. */
  key: string;
  kind: 'human' | 'agent';
  name: string;
  /** "human (n = 5)": participants for people, runs for an agent. */
  label: string;
  participants: number | null;
  runs: number;
}

export interface BaselineCell {
  /** Runs counted. */
  n: number;
  full: MeanInterval;
  naive: MeanInterval;
  passFull: Proportion;
  passNaive: Proportion;
  /** Runs the naive verifier passes and the full one fails: the reward-hacking surface. */
  naivePassFullFail: Proportion;
  /** Mean naive minus mean full reward. */
  gap: number | null;
  medianTimeMs: number | null;
  medianCalls: number | null;
}

export interface BaselineRow {
  /** null: all the study's tasks together. */
  task: StudyTaskRef | null;
  /** One per group, in `groups` order; null where the group has no run. */
  cells: (BaselineCell | null)[];
}

/**
 * counted; included (left out, then counted by the reader's choice); foreign
 * (not a run of the study the reader gave); edited (its file does not replay as
 * recorded, lacks a run, or holds a run of another study); several, copy,
 * reused (the make-up of the sample: sample.ts); hints; duplicate (a second
 * run of a participant on a task, or the same run read twice); pending (being
 * replayed).
 */
export type HumanRunStatus = 'counted' | 'included' | 'foreign' | 'edited' | 'several' | 'copy' | 'reused' | 'hints' | 'duplicate' | 'pending';

/** Every study run, counted or not, and why: what the reader looks at before trusting the table. */
export interface HumanRun {
  id: string;
  file: string;
  pseudonym: string;
  task: number;
  status: HumanRunStatus;
  problems: string[];
  /**
   * What the reader may include to count it: its whole file, the run alone,
   * or nothing (a run of another study, a run read twice, one being replayed).
   */
  includable: 'file' | 'run' | null;
}

export interface StudyBaseline {
  id: string;
  /** The study's own title when the runs were held to it; null when no study was given (`claimedTitles` says what the files say). */
  title: string | null;
  /** Every run was checked against the study the reader gave (fit.ts); false: the table is what the files say about themselves. */
  checked: boolean;
  /** The titles the runs give their study, each once. */
  claimedTitles: string[];
  tasks: StudyTaskRef[];
  groups: BaselineGroup[];
  /** The overall row first, then one per task in the study's order. */
  rows: BaselineRow[];
  humans: HumanRun[];
}

const taskRef = (number: number, world: string, spec: JsonObject): StudyTaskRef => ({
  number,
  world,
  spec,
  key: taskKey(world, spec),
  label: taskLabel(world, spec),
});

/** Without a study: the tasks the runs name, each under the lowest number a run gives it. */
function tasksClaimed(runs: readonly ClaimedRun[]): StudyTaskRef[] {
  const tasks = new Map<string, StudyTaskRef>();
  for (const { item, meta } of runs) {
    if (!meta.ok || item.trace.agent.kind !== 'human') continue;
    const key = taskKey(item.trace.world, item.trace.task);
    const ref = tasks.get(key);
    if (!ref || meta.value.task < ref.number) tasks.set(key, taskRef(meta.value.task, item.trace.world, item.trace.task));
  }
  return [...tasks.values()].sort((a, b) => a.number - b.number);
}

interface Counted {
  group: string;
  task: string;
  scores: RunScores;
  timeMs: number | null;
  calls: number;
  participant: string | null;
}

function cell(runs: readonly Counted[]): BaselineCell | null {
  if (runs.length === 0) return null;
  const full = meanInterval(runs.map((r) => r.scores.reward));
  const naive = meanInterval(runs.map((r) => r.scores.naive));
  const times = runs.flatMap((r) => (r.timeMs === null ? [] : [r.timeMs]));
  return {
    n: runs.length,
    full,
    naive,
    passFull: wilson(runs.filter((r) => r.scores.fullPass).length, runs.length),
    passNaive: wilson(runs.filter((r) => r.scores.naivePass).length, runs.length),
    naivePassFullFail: wilson(runs.filter((r) => r.scores.naivePass && !r.scores.fullPass).length, runs.length),
    gap: naive.mean === null || full.mean === null ? null : naive.mean - full.mean,
    medianTimeMs: median(times),
    medianCalls: median(runs.map((r) => r.calls)),
  };
}

/** A model's time on a run: the requests' latency where recorded, else the steps' durations. */
function agentTime(trace: Trace): number | null {
  const parts = trace.steps.flatMap((s) => (s.model?.latencyMs !== undefined ? [s.model.latencyMs] : s.durationMs !== undefined ? [s.durationMs] : []));
  return parts.length ? parts.reduce((a, b) => a + b, 0) : null;
}

function humanTime(trace: Trace, meta: StudyRunMeta): number | null {
  if (meta.wallMs !== undefined) return meta.wallMs;
  const parts = trace.steps.flatMap((s) => (s.durationMs === undefined ? [] : [s.durationMs]));
  return parts.length ? parts.reduce((a, b) => a + b, 0) : null;
}

const agentName = (t: Trace) => t.agent.model ?? t.agent.name;

export interface BaselineOptions {
  /** Files or run ids the reader counts although they were left out (`HumanRun.includable`). */
  include?: ReadonlySet<string>;
  /** The study the runs are held to. Without it, every study the runs claim gets a table of what its files say, checked against nothing. */
  study?: Study | null;
  /** How a file is named in a sentence (the page names its imports by file name). */
  fileName?(file: string): string;
}

/** The study id a run claims, even when the rest of its record cannot be read. */
function claimedId(trace: Trace, meta: Result<StudyRunMeta>): string | null {
  if (meta.ok) return meta.value.id;
  const raw = trace.meta?.study;
  return isJsonObject(raw) && typeof raw.id === 'string' ? raw.id : null;
}

/**
 * One table for the study the reader gave, or, without one, per study the
 * runs claim. Which study runs count is runStatus.ts; a counted run counts
 * with its replay's scores. Every other agent's finished runs on the study's
 * tasks are grouped by model name.
 */
export function buildBaselines(items: readonly BaselineItem[], opts: BaselineOptions = {}): StudyBaseline[] {
  const study = opts.study ?? null;
  const fileName = opts.fileName ?? ((f: string) => f);
  const claims = new Map<string, ClaimedRun[]>();
  if (study) claims.set(study.id, []);
  for (const item of items) {
    const meta = studyMetaOf(item.trace);
    if (meta === null || item.playedHere) continue;
    const id = study ? study.id : claimedId(item.trace, meta);
    if (id !== null) claims.set(id, [...(claims.get(id) ?? []), { item, meta }]);
  }
  return [...claims.entries()].map(([id, runs]) => {
    const { humans, counted } = runStatuses(runs, study, opts.include ?? new Set(), fileName);
    const tasks = study ? study.tasks.map((t, i) => taskRef(i + 1, t.world, t.spec)) : tasksClaimed(runs);
    const keys = new Set(tasks.map((t) => t.key));
    const people: Counted[] = counted.flatMap(({ item, meta }) => {
      const scores = item.check?.replayed ?? (item.trace.scorecard ? scoresOf(item.trace.scorecard) : null);
      const key = taskKey(item.trace.world, item.trace.task);
      return scores && keys.has(key)
        ? [{ group: 'human', task: key, scores, timeMs: humanTime(item.trace, meta), calls: item.trace.steps.length, participant: samePerson(meta.pseudonym) }]
        : [];
    });
    const agents: Counted[] = [];
    for (const item of items) {
      const t = item.trace;
      if (t.agent.kind === 'human' || t.stop === null || !t.scorecard || studyMetaOf(t) !== null) continue;
      const key = taskKey(t.world, t.task);
      if (keys.has(key))
        agents.push({
          group: `agent:${agentName(t)}`,
          task: key,
          scores: scoresOf(t.scorecard),
          timeMs: agentTime(t),
          calls: t.steps.length,
          participant: null,
        });
    }
    const all = [...people, ...agents];
    const participants = new Set(people.map((r) => r.participant)).size;
    const names = [...new Set(agents.map((r) => r.group))].sort();
    const groups: BaselineGroup[] = [
      { key: 'human', kind: 'human', name: 'human', label: `human (n = ${participants})`, participants, runs: people.length },
      ...names.map((g): BaselineGroup => {
        const runs = agents.filter((r) => r.group === g).length;
        const name = g.slice('agent:'.length);
        return { key: g, kind: 'agent', name, label: `${name} (n = ${runs})`, participants: null, runs };
      }),
    ];
    const rowOf = (task: StudyTaskRef | null): BaselineRow => ({
      task,
      cells: groups.map((g) => cell(all.filter((r) => r.group === g.key && (task === null || r.task === task.key)))),
    });
    const claimedTitles = [...new Set(runs.flatMap((r) => (r.meta.ok ? [r.meta.value.title] : [])))];
    return {
      id,
      title: study ? study.title : null,
      checked: study !== null,
      claimedTitles,
      tasks,
      groups,
      rows: [rowOf(null), ...tasks.map(rowOf)],
      humans,
    };
  });
}
