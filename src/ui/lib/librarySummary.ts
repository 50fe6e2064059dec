import { isJsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import { divergesAs, type RunVerdicts } from '../../traces/divergence';
import type { Identity } from '../../traces/import/identity';
import { parentOf, type ForkLink } from '../../traces/fork';
import type { VfRollout } from '../../traces/import/types';
import { driverOf } from '../../agents/driverMode';
import { studyMetaOf } from '../../traces/study/results';
import type { NameSource } from './importRuns';
import { specLabel } from './specNames';
import { rolloutKind, rolloutPlace, rolloutStatus, traceStatus, type RowKind, type RowStatus } from './rowKind';

/** One row of the trace library: everything the table, filters and charts read, nothing big. */
export interface LibraryEntry {
  id: string;
  kind: 'native' | 'vf';
  source: string;
  /** The import run this row came from (see importRuns.ts); null for runs played or saved here. */
  run: string | null;
  world: string;
  task: string;
  agent: string;
  /** Where `world` and `agent` were read (an import's identity); null for runs played here. */
  envFrom: NameSource | null;
  modelFrom: NameSource | null;
  /** What pairs this row with another model's row on the same example: vf-eval's example id, else the task. */
  example: string;
  reward: number | null;
  naive: number | null;
  layers: Record<string, number>;
  verdictNaive: 'PASS' | 'FAIL' | null;
  verdictFull: 'PASS' | 'FAIL' | null;
  /** The world's strict reading, where it has one. */
  strict: number | null;
  /** Naive PASS while the full verifier FAILs: the reward-hacking surface. */
  disagreement: boolean;
  steps: number;
  tokens: number | null;
  durationMs: number | null;
  stop: string | null;
  /** Lower-cased tool calls and answers, for full-text search (capped). */
  text: string;
  /** A fork: the trace it continues (`meta.parent`), and from which step. */
  parent?: ForkLink | null;
  /** How a model agent was driven ('history' or 'scratchpad'); null for any other agent. */
  driver?: string | null;
  /** What the row is (an Inspect sample, a vf rollout, a native trace) and where in its file ("sample 3 (id 4, epoch 1)", "line 12"; '' for a run played here). */
  what: RowKind;
  place: string;
  /** How it ended (an error, unfinished, a limit, ok) and the error's message or the stop. */
  status: RowStatus;
  statusNote: string | null;
  /** A person's run played with the verifier's view revealed: not a human baseline (its agent says so too). */
  hints?: boolean;
  /**
   * The column `reward` was read from, for an imported row: "reward" (a vf-eval row's own), an Inspect
   * scorer, or one part of a dict score ("hack_scorer/tests_passed"); the run's chosen column once one is chosen.
   */
  rewardFrom?: string | null;
  /** The reward was read from a column chosen for the row's run, not the import's. */
  rewardChosen?: boolean;
}

/** An imported reward as a verdict: PASS at 1.00, as our worlds' are (vf-eval and Inspect carry rewards, not verdicts). */
export const rewardVerdict = (x: number | null): 'PASS' | 'FAIL' | null => (x === null ? null : x >= 1 - 1e-9 ? 'PASS' : 'FAIL');

/** The mark a run played with hints carries wherever its agent is named. */
export const HINTS_MARK = 'played with hints';

/**
 * Who ran a trace, as the library, compare view and report name it: a model by its
 * model, a study's participants by the study (they are one group), a hinted person's run says so.
 */
export function agentLabel(trace: Pick<Trace, 'agent' | 'meta'>): string {
  const { agent } = trace;
  if (agent.model) return agent.model;
  if (agent.kind !== 'human') return agent.name;
  const study = studyMetaOf(trace);
  const hints = agent.hints ? ` (${HINTS_MARK})` : '';
  return study?.ok ? `human · study “${study.value.title}”${hints}` : `human${hints}`;
}

const TEXT_CAP = 4000;

/**
 * What the library's search reads of a row: `parts` joined by newlines, the first TEXT_CAP characters, in lower case.
 * Parts are made only until the cap is reached: a long trace's calls were all serialized, then all but 4,000
 * characters dropped.
 */
export function searchText(count: number, part: (i: number) => string): string {
  let text = '';
  for (let i = 0; i < count && text.length < TEXT_CAP; i++) text += i === 0 ? part(i) : `\n${part(i)}`;
  return text.slice(0, TEXT_CAP).toLowerCase();
}

const callText = (call: { name: string; arguments: unknown }) => `${call.name} ${JSON.stringify(call.arguments)}`;

const statusOf = (s: { status: RowStatus; note: string | null }) => ({ status: s.status, statusNote: s.note });

/** What divergence reads from a library row. */
export const entryVerdicts = (e: LibraryEntry): RunVerdicts => ({ naive: e.verdictNaive, full: e.verdictFull, reward: e.reward, strict: e.strict });

export function summarizeNative(trace: Trace, id: string, source: string, run: string | null = null, line: number | null = null): LibraryEntry {
  const card = trace.scorecard;
  const tokens = trace.steps.reduce((n, s) => n + (s.usage ? s.usage.promptTokens + s.usage.completionTokens : 0), 0);
  const duration = trace.steps.reduce((n, s) => n + (s.model?.latencyMs ?? s.durationMs ?? 0), 0);
  const text = searchText(trace.steps.length, (i) => callText(trace.steps[i]!.call));
  const entry: LibraryEntry = {
    id,
    kind: 'native',
    source,
    run,
    world: trace.world,
    task: specLabel(trace.world, trace.task),
    agent: agentLabel(trace),
    envFrom: run === null ? null : 'trace',
    modelFrom: run === null ? null : 'trace',
    example: `${trace.world} ${specLabel(trace.world, trace.task)}`,
    reward: card?.reward ?? null,
    naive: card?.naive ?? null,
    layers: Object.fromEntries((card?.layers ?? []).map((l) => [l.id, l.value])),
    verdictNaive: card?.verdict.naive ?? null,
    verdictFull: card?.verdict.full ?? null,
    strict: card?.readings?.strict ?? null,
    disagreement: false,
    steps: trace.steps.length,
    tokens: tokens > 0 ? tokens : null,
    durationMs: duration > 0 ? duration : null,
    stop: trace.stop?.reason ?? null,
    text,
    parent: parentOf(trace),
    driver: driverOf(trace),
    what: 'native trace',
    place: line === null ? '' : `line ${line}`,
    ...statusOf(traceStatus(trace)),
    hints: trace.agent.hints === true,
  };
  entry.disagreement = divergesAs(entryVerdicts(entry), 'naive-pass-full-fail');
  return entry;
}

/** A vf-eval row (or an Inspect sample, a v1 trace) with the env and model its import derived. */
export function summarizeVf(r: VfRollout, id: string, source: string, identity: Identity, run: string | null = null): LibraryEntry {
  const info = r.info ?? {};
  const world = identity.env ?? 'unknown env';
  const task = isJsonObject(info.task) ? specLabel(world, info.task) : `example ${JSON.stringify(r.exampleId)}`;
  const text = searchText(r.calls.length + 1, (i) => (i < r.calls.length ? callText(r.calls[i]!.call) : r.completion.map((m) => m.content).join('\n')));
  const tokens = r.tokenUsage ? r.tokenUsage.inputTokens + r.tokenUsage.outputTokens : null;
  const naive = typeof r.metrics.naive_reward === 'number' ? r.metrics.naive_reward : null;
  const entry: LibraryEntry = {
    id,
    kind: 'vf',
    source,
    run,
    world,
    task,
    agent: identity.model ?? 'unknown model',
    envFrom: identity.envFrom,
    modelFrom: identity.modelFrom,
    // Our own worlds' rows carry their task; another env's rows pair by example id within the env.
    example: isJsonObject(info.task) ? `${world} ${task}` : `${world} ${JSON.stringify(r.exampleId)}`,
    reward: r.reward,
    naive,
    layers: r.metrics,
    verdictNaive: rewardVerdict(naive),
    verdictFull: rewardVerdict(r.reward),
    strict: typeof r.metrics.strict === 'number' ? r.metrics.strict : null,
    disagreement: false,
    steps: r.calls.length,
    tokens,
    durationMs: r.timing?.totalMs ?? null,
    stop: r.stopCondition,
    text,
    what: rolloutKind(r),
    place: rolloutPlace(r),
    ...statusOf(rolloutStatus(r)),
    rewardFrom: r.inspect ? (r.inspect.rewardFrom?.column ?? null) : r.reward === null ? null : 'reward',
  };
  entry.disagreement = divergesAs(entryVerdicts(entry), 'naive-pass-full-fail');
  return entry;
}
