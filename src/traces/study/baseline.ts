import type { JsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import { taskKey } from './definition';
import { studyMetaOf, type StudyRunMeta } from './results';
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

export type HumanRunStatus = 'counted' | 'included' | 'edited' | 'hints' | 'duplicate' | 'pending';

/** Every study run, counted or not, and why: what the reader looks at before trusting the table. */
export interface HumanRun {
  id: string;
  file: string;
  pseudonym: string;
  task: number;
  status: HumanRunStatus;
  problems: string[];
}

export interface StudyBaseline {
  id: string;
  title: string;
  tasks: StudyTaskRef[];
  groups: BaselineGroup[];
  /** The overall row first, then one per task in the study's order. */
  rows: BaselineRow[];
  humans: HumanRun[];
}

/** A task spec in a few words: "hostile seed 6", "refund-a", "vendor-outage-triage seed 1". */
export function taskLabel(world: string, spec: JsonObject): string {
  const name = typeof spec.id === 'string' ? spec.id : typeof spec.profile === 'string' ? spec.profile : null;
  const seed = typeof spec.seed === 'number' ? ` seed ${spec.seed}` : '';
  return `${world} · ${name ?? JSON.stringify(spec)}${seed}`;
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

/**
 * Files that lack some of a participant's runs: a results file holds every
 * task of the study, so a missing line is a run taken out (to hide a score?).
 */
function missingRuns(items: readonly BaselineItem[]): Map<string, string[]> {
  const held = new Map<string, { file: string; pseudonym: string; of: number; positions: Set<number> }>();
  for (const item of items) {
    if (item.playedHere) continue;
    const meta = studyMetaOf(item.trace);
    if (!meta?.ok) continue;
    const key = JSON.stringify([item.file, meta.value.id, meta.value.pseudonym]);
    const h = held.get(key) ?? { file: item.file, pseudonym: meta.value.pseudonym, of: meta.value.of, positions: new Set<number>() };
    h.positions.add(meta.value.position);
    held.set(key, h);
  }
  const out = new Map<string, string[]>();
  for (const h of held.values()) {
    const gone = Array.from({ length: h.of }, (_, i) => i + 1).filter((p) => !h.positions.has(p));
    if (gone.length)
      out.set(h.file, [
        ...(out.get(h.file) ?? []),
        `the file holds ${h.of - gone.length} of ${h.pseudonym}'s ${h.of} runs (run ${gone.join(', ')} in their order is missing)`,
      ]);
  }
  return out;
}

/**
 * One table per study found among the items. A study run counts when every
 * run of its file replays as verified, it was played without hints, and it is
 * the first of its participant on that task, unless the reader `include`s it
 * (by its file, or by its id; it then counts with its replay's scores). Every other agent's finished runs on the
 * study's tasks are grouped by model name.
 */
export function buildBaselines(items: readonly BaselineItem[], include: ReadonlySet<string> = new Set()): StudyBaseline[] {
  const editedFiles = new Set(items.filter((i) => i.check && !i.check.verified && !i.playedHere).map((i) => i.file));
  const missing = missingRuns(items);
  for (const file of missing.keys()) editedFiles.add(file);
  interface Found {
    title: string;
    tasks: Map<string, StudyTaskRef>;
    humans: HumanRun[];
    counted: Counted[];
    seen: Set<string>;
  }
  const studies = new Map<string, Found>();
  for (const item of items) {
    const meta = studyMetaOf(item.trace);
    if (!meta?.ok || item.trace.agent.kind !== 'human') continue;
    const m = meta.value;
    if (item.playedHere) continue;
    const s: Found = studies.get(m.id) ?? { title: m.title, tasks: new Map(), humans: [], counted: [], seen: new Set() };
    studies.set(m.id, s);
    const key = taskKey(item.trace.world, item.trace.task);
    const ref = s.tasks.get(key);
    if (!ref || m.task < ref.number)
      s.tasks.set(key, { number: m.task, world: item.trace.world, spec: item.trace.task, key, label: taskLabel(item.trace.world, item.trace.task) });
    const who = `${m.pseudonym}\n${key}`;
    const duplicate = s.seen.has(who);
    s.seen.add(who);
    const check = item.check;
    const edited = editedFiles.has(item.file);
    const problems = [
      ...(check?.problems ?? []),
      ...(missing.get(item.file) ?? []),
      ...(edited && check?.verified && !missing.has(item.file) ? ['another run in the same file was edited'] : []),
      ...(check?.hints ? ['played with the verifier’s events revealed (hints)'] : []),
      ...(duplicate ? [`${m.pseudonym} has another run of this task, listed first`] : []),
    ];
    const included = include.has(item.file) || include.has(item.id);
    const status: HumanRunStatus = !check ? 'pending' : included ? 'included' : edited ? 'edited' : check.hints ? 'hints' : duplicate ? 'duplicate' : 'counted';
    s.humans.push({ id: item.id, file: item.file, pseudonym: m.pseudonym, task: m.task, status, problems });
    if (status !== 'counted' && status !== 'included') continue;
    const scores = check?.replayed ?? (item.trace.scorecard ? scoresOf(item.trace.scorecard) : null);
    if (scores)
      s.counted.push({ group: 'human', task: key, scores, timeMs: humanTime(item.trace, m), calls: item.trace.steps.length, participant: m.pseudonym });
  }
  return [...studies.entries()].map(([id, s]) => {
    const tasks = [...s.tasks.values()].sort((a, b) => a.number - b.number);
    const keys = new Set(tasks.map((t) => t.key));
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
    const all = [...s.counted, ...agents];
    const participants = new Set(s.counted.map((r) => r.participant)).size;
    const names = [...new Set(agents.map((r) => r.group))].sort();
    const groups: BaselineGroup[] = [
      { key: 'human', kind: 'human', name: 'human', label: `human (n = ${participants})`, participants, runs: s.counted.length },
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
    return { id, title: s.title, tasks, groups, rows: [rowOf(null), ...tasks.map(rowOf)], humans: s.humans };
  });
}
