import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { STOP_CONDITION } from '../export/vfResults';
import type { Infer } from '../import/inferred';
import { pairToolCalls } from '../import/messages';
import type { VfError, VfMetadata, VfRollout, VfTokenUsage } from '../import/types';
import { ShapeError } from '../validate';
import { resolveAttachments, splitConversation } from './messages';
import type { Reductions } from './readRun';
import { readReward, readScore, scoreMetrics } from './scores';
import type { InspectOrigin, InspectRun, InspectScore } from './types';

export interface SampleContext {
  run: InspectRun;
  /** The run as vf-eval metadata, shared by every sample of the log. */
  metadata: VfMetadata;
  reductions: Reductions;
  /** The line the log starts at (a .json log) or 0 (an .eval zip, where samples are entries). */
  line: number;
  rowIndex: number;
  /** Where this sample is, for messages: "samples[3]" or "samples/4_epoch_1.json". */
  path: string;
  /** Hears what was read between the lines (a role-less message, a version-1 score). */
  infer?: Infer;
}

/**
 * Fields mapped to the rollout or its origin, and the transcript: `events` is counted; its
 * pools (`events_data`, newer logs), `timelines` and the events of `error_retries` are
 * dropped with it; `output` repeats the last assistant message.
 */
const MAPPED = new Set([
  'id',
  'epoch',
  'input',
  'target',
  'messages',
  'output',
  'scores',
  'score',
  'metadata',
  'events',
  'events_data',
  'timelines',
  'error_retries',
  'model_usage',
  'total_time',
  'working_time',
  'uuid',
  'error',
  'attachments',
  'limit',
  'started_at',
  'completed_at',
]);

/** Read and not kept: the transcript's pools and timelines repeat the events; a retried attempt's transcript likewise. */
const DROPPED = ['events_data', 'timelines', 'error_retries'];

const num = (v: Json | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const seconds = (v: Json | undefined) => (num(v) === null ? null : num(v)! * 1000);

function tokenUsage(usage: JsonObject | null): VfTokenUsage | null {
  if (!usage) return null;
  let input = 0;
  let output = 0;
  let seen = false;
  for (const u of Object.values(usage)) {
    if (!isJsonObject(u)) continue;
    const i = num(u.input_tokens);
    const o = num(u.output_tokens);
    if (i === null && o === null) continue;
    seen = true;
    input += i ?? 0;
    output += o ?? 0;
  }
  return seen ? { inputTokens: input, outputTokens: output } : null;
}

function errorOf(e: Json | undefined): VfError | null {
  if (e === undefined || e === null) return null;
  if (!isJsonObject(e)) return { message: typeof e === 'string' ? e : JSON.stringify(e), raw: e };
  const out: VfError = { message: typeof e.message === 'string' ? e.message : JSON.stringify(e), raw: e };
  if (typeof e.traceback === 'string') out.chain = e.traceback;
  return out;
}

const STOP_NAMES = new Map<string, string>(Object.entries(STOP_CONDITION));

/**
 * How the sample ended, as a vf-eval stop_condition: our own exports carry the
 * native stop in metadata; otherwise a limit Inspect hit ("message_limit") or
 * nothing.
 */
function stopCondition(metadata: JsonObject | null, limit: JsonObject | null): string | null {
  const stop = metadata?.stop;
  if (isJsonObject(stop) && typeof stop.reason === 'string' && STOP_NAMES.has(stop.reason)) return STOP_NAMES.get(stop.reason)!;
  if (limit && typeof limit.type === 'string') return `${limit.type}_limit`;
  return null;
}

/** The tools the model was offered, from the first model call the transcript recorded. */
function toolsOf(events: Json | undefined): Json[] | null {
  if (!Array.isArray(events)) return null;
  const call = events.find((e) => isJsonObject(e) && e.event === 'model' && Array.isArray(e.tools));
  return isJsonObject(call) && Array.isArray(call.tools) ? call.tools : null;
}

function targetText(target: Json): string | null {
  if (typeof target === 'string') return target === '' ? null : target;
  if (Array.isArray(target) && target.every((t) => typeof t === 'string')) return target.length ? target.join('\n') : null;
  return null;
}

const METRIC_NAMES = new WeakMap<InspectRun, Map<string, string[]>>();

/** The names the log's results give a scorer's scores, then their metrics', in order (see scores.ts `readReward`). */
function metricNamesOf(run: InspectRun, scorer: string): string[] {
  let byScorer = METRIC_NAMES.get(run);
  if (!byScorer) {
    byScorer = new Map();
    const results = run.header.results;
    const metrics = new Map<string, string[]>();
    if (isJsonObject(results) && Array.isArray(results.scores))
      for (const s of results.scores) {
        if (!isJsonObject(s) || typeof s.name !== 'string') continue;
        const of = typeof s.scorer === 'string' ? s.scorer : s.name;
        byScorer.set(of, [...(byScorer.get(of) ?? []), s.name]);
        if (isJsonObject(s.metrics)) metrics.set(of, [...(metrics.get(of) ?? []), ...Object.keys(s.metrics)]);
      }
    // The scores' own names first (a dict of metrics), then their metrics' names ("mean_reward").
    for (const [of, names] of metrics) byScorer.set(of, [...(byScorer.get(of) ?? []), ...names]);
    METRIC_NAMES.set(run, byScorer);
  }
  return byScorer.get(scorer) ?? [];
}

/** One Inspect EvalSample as a rollout. Throws a ShapeError located in the sample for one we cannot read. */
export function readInspectSample(o: JsonObject, ctx: SampleContext): VfRollout {
  const p = ctx.path;
  const id = o.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw new ShapeError(`${p}.id`, 'expected a sample id (a string or a number)');
  const epoch = num(o.epoch) ?? 1;
  const attachments = isJsonObject(o.attachments) ? o.attachments : null;
  const { prompt, completion } = splitConversation(
    resolveAttachments(o.messages ?? null, attachments),
    resolveAttachments(o.input ?? null, attachments),
    p,
    ctx.infer,
  );
  const scores: Record<string, InspectScore> = {};
  if (o.scores !== undefined && o.scores !== null) {
    if (!isJsonObject(o.scores)) throw new ShapeError(`${p}.scores`, 'expected an object of scores by scorer');
    for (const [name, s] of Object.entries(o.scores)) scores[name] = readScore(s, `${p}.scores.${name}`);
  } else if (isJsonObject(o.score)) {
    // Log schema version 1: one score per sample, under the run's one scorer (as Inspect View migrates it).
    scores[ctx.run.scorers[0] ?? 'score'] = readScore(o.score, `${p}.score`);
    ctx.infer?.('scoresFromScore');
  }
  const primary = ctx.run.scorers.find((s) => s in scores) ?? Object.keys(scores)[0] ?? null;
  const read = readReward(scores, primary, primary === null ? [] : metricNamesOf(ctx.run, primary));
  if (read.rule === 'metric' || read.rule === 'first-numeric') ctx.infer?.(read.rule === 'metric' ? 'rewardFromMetric' : 'rewardFromFirstPart', read.column!);
  const metadata = isJsonObject(o.metadata) && Object.keys(o.metadata).length > 0 ? o.metadata : null;
  const limit = isJsonObject(o.limit) ? o.limit : null;
  const usage = isJsonObject(o.model_usage) ? o.model_usage : null;
  const error = errorOf(o.error);
  const origin: InspectOrigin = {
    run: ctx.run,
    sampleId: id,
    epoch,
    uuid: typeof o.uuid === 'string' ? o.uuid : null,
    target: o.target ?? null,
    scores,
    reduced: ctx.reductions.of(id),
    limit,
    totalTimeMs: seconds(o.total_time),
    workingTimeMs: seconds(o.working_time),
    modelUsage: usage,
    droppedEvents: Array.isArray(o.events) ? o.events.length : 0,
    startedAt: typeof o.started_at === 'string' ? o.started_at : null,
    completedAt: typeof o.completed_at === 'string' ? o.completed_at : null,
    // Attachments are put back here too: the re-export writes none.
    output: isJsonObject(o.output) ? (resolveAttachments(o.output, attachments) as JsonObject) : null,
    rewardFrom: read.column === null ? null : { column: read.column, rule: read.rule! },
    droppedFields: DROPPED.filter(
      (k) => o[k] !== undefined && o[k] !== null && !(Array.isArray(o[k]) && o[k].length === 0) && !(isJsonObject(o[k]) && Object.keys(o[k]).length === 0),
    ),
  };
  const extra: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (MAPPED.has(k) || v === null) continue;
    if ((Array.isArray(v) && v.length === 0) || (isJsonObject(v) && Object.keys(v).length === 0) || v === 0) continue;
    extra[k] = v;
  }
  const timing =
    origin.totalTimeMs === null ? null : { totalMs: origin.totalTimeMs, raw: { total_time: o.total_time ?? null, working_time: o.working_time ?? null } };
  return {
    line: ctx.line,
    rowIndex: ctx.rowIndex,
    exampleId: id,
    exampleIdSource: 'example_id',
    mode: 'chat',
    prompt,
    completion,
    calls: pairToolCalls(completion).calls,
    reward: read.reward,
    metrics: scoreMetrics(scores, primary),
    answer: targetText(o.target ?? null),
    info: metadata,
    task: null,
    error,
    timing,
    tokenUsage: tokenUsage(usage),
    isCompleted: error === null,
    isTruncated: limit !== null,
    stopCondition: stopCondition(metadata, limit),
    tools: toolsOf(o.events),
    era: 'inspect',
    extra,
    metadata: ctx.metadata,
    inspect: origin,
  };
}
