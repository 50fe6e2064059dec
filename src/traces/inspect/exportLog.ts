import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { hashString } from '../../core/hash';
import type { Trace } from '../../core/types';
import type { World } from '../../core/world';
import { agentLabel } from '../import/identity';
import { conformNotes, conformTo } from './conformLog';
import { INSPECT_SCHEMA_COMMIT, LOG_SHAPES } from './logShape';
import type { VfRollout } from '../import/types';
import { scoreToNumber } from './scores';
import { rolloutSample, traceSample } from './toSample';
import type { InspectRun } from './types';

/** A rollout's run (an Inspect run id, a vf-eval run folder) keeps it apart from other runs of the same env and model. */
export type ExportEntry =
  { kind: 'native'; trace: Trace } | { kind: 'rollout'; rollout: VfRollout; env: string | null; model: string | null; run?: string | null };

export interface InspectLogOut {
  env: string;
  model: string;
  log: JsonObject;
}

export interface InspectExport {
  logs: InspectLogOut[];
  /** What could not be written as it was, one sentence each. */
  notes: string[];
}

const GENERATE_KEYS = [
  'max_retries',
  'timeout',
  'max_connections',
  'system_message',
  'max_tokens',
  'top_p',
  'temperature',
  'stop_seqs',
  'best_of',
  'frequency_penalty',
  'presence_penalty',
  'logit_bias',
  'seed',
  'top_k',
  'num_choices',
  'logprobs',
  'top_logprobs',
  'parallel_tool_calls',
  'internal_tools',
  'max_tool_output',
  'cache_prompt',
  'reasoning_effort',
  'reasoning_tokens',
  'reasoning_summary',
  'reasoning_history',
  'response_schema',
  'extra_body',
  'batch',
];
const CONFIG_KEYS = [
  'limit',
  'sample_id',
  'epochs',
  'epochs_reducer',
  'approval',
  'fail_on_error',
  'retry_on_error',
  'message_limit',
  'token_limit',
  'time_limit',
  'working_limit',
  'max_samples',
  'max_tasks',
  'max_subprocesses',
  'max_sandboxes',
  'sandbox_cleanup',
  'log_samples',
  'log_realtime',
  'log_images',
  'log_buffer',
  'log_shared',
  'score_display',
];
const nulls = (keys: string[]): JsonObject => Object.fromEntries(keys.map((k) => [k, null]));

const idOf = (...parts: Json[]) => {
  const text = JSON.stringify(parts);
  return `${hashString(text).toString(36)}${hashString(`${text}.`).toString(36)}`.padEnd(14, '0');
};

/**
 * A task spec as a sample id: short, stable, and safe in a zip entry name
 * (samples/<id>_epoch_<n>.json). Any world's spec: its `id`, else its text
 * fields in order (a profile), then its seed.
 */
function sampleIdOf(task: JsonObject): string {
  const names = typeof task.id === 'string' ? [task.id] : Object.entries(task).flatMap(([k, v]) => (k !== 'world' && typeof v === 'string' ? [v] : []));
  const label = [...names, ...(typeof task.seed === 'number' ? [`seed-${task.seed}`] : [])].join('-') || 'task';
  return label.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80);
}

interface Group {
  env: string;
  model: string;
  samples: JsonObject[];
  epochs: Map<string, number>;
  /** The Inspect runs the samples came from (one copy per run: rows posted by a worker in batches are copies). */
  runs: Map<string, InspectRun>;
  /** Rows that are not an Inspect sample (our traces, vf-eval rows). */
  others: number;
  /** When our traces began and ended (meta.started_at / ended_at, the page's clock), and how many recorded none. */
  times: { start: string | null; end: string | null; missing: number };
}

const runKey = (r: InspectRun) => JSON.stringify([r.runId, r.evalId, r.task, r.model, r.created]);

/** The group's one Inspect run, when every one of its samples is here and nothing else is: its header is written back as it was. */
function wholeRun(g: Group): InspectRun | null {
  const run = g.runs.size === 1 ? [...g.runs.values()][0]! : null;
  return run && g.others === 0 && run.sampleCount !== null && run.sampleCount === g.samples.length ? run : null;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function scorerNames(samples: JsonObject[]): string[] {
  const names: string[] = [];
  for (const s of samples) for (const k of Object.keys(isJsonObject(s.scores) ? s.scores : {})) if (!names.includes(k)) names.push(k);
  return names;
}

function valuesOf(samples: JsonObject[], scorer: string): { id: Json; value: number }[] {
  const out: { id: Json; value: number }[] = [];
  for (const s of samples) {
    const sc = isJsonObject(s.scores) ? s.scores[scorer] : undefined;
    const n = isJsonObject(sc) ? scoreToNumber(sc.value ?? null) : null;
    if (n !== null) out.push({ id: s.id ?? null, value: n });
  }
  return out;
}

function usageTotal(samples: JsonObject[]): JsonObject {
  const total: Record<string, JsonObject> = {};
  for (const s of samples) {
    if (!isJsonObject(s.model_usage)) continue;
    for (const [m, u] of Object.entries(s.model_usage)) {
      if (!isJsonObject(u)) continue;
      const t = (total[m] ??= {
        input_tokens: 0,
        output_tokens: 0,
        total_tokens: 0,
        input_tokens_cache_write: null,
        input_tokens_cache_read: null,
        reasoning_tokens: null,
      });
      for (const k of ['input_tokens', 'output_tokens', 'total_tokens'] as const) t[k] = (t[k] as number) + (typeof u[k] === 'number' ? u[k] : 0);
    }
  }
  return total;
}

/** The spec fields worth keeping from the one Inspect run a group came from (its ids, args, packages). */
function fromRun(run: JsonObject | null): JsonObject {
  if (!run) return {};
  const keep: JsonObject = {};
  for (const k of ['eval_id', 'run_id', 'task_id', 'created']) if (typeof run[k] === 'string') keep[k] = run[k];
  for (const k of ['task_args', 'model_args', 'task_attribs']) if (isJsonObject(run[k])) keep[k] = run[k];
  if (typeof run.task_version === 'number' || typeof run.task_version === 'string') keep.task_version = run.task_version;
  if (isJsonObject(run.packages) && Object.values(run.packages).every((v) => typeof v === 'string')) keep.packages = run.packages;
  const rev = run.revision;
  if (isJsonObject(rev) && rev.type === 'git' && typeof rev.origin === 'string' && typeof rev.commit === 'string')
    keep.revision = { type: 'git', origin: rev.origin, commit: rev.commit };
  return keep;
}

/** The run's times: as the Inspect log wrote them, else our traces' own, else the export's (said in the notes). */
function statsTimes(g: Group, created: string): { started_at: string; completed_at: string } {
  const header = g.runs.size === 1 ? [...g.runs.values()][0]!.header.stats : null;
  if (isJsonObject(header) && typeof header.started_at === 'string' && typeof header.completed_at === 'string')
    return { started_at: header.started_at, completed_at: header.completed_at };
  if (g.runs.size === 0 && g.times.start && g.times.end && g.times.missing === 0) return { started_at: g.times.start, completed_at: g.times.end };
  return { started_at: created, completed_at: created };
}

function buildLog(g: Group, created: string): JsonObject {
  const ids: Json[] = [];
  for (const s of g.samples) if (!ids.some((x) => x === s.id)) ids.push(s.id ?? null);
  const scorers = scorerNames(g.samples);
  const run = g.runs.size === 1 ? [...g.runs.values()][0]!.spec : null;
  const generate = nulls(GENERATE_KEYS);
  const spec: JsonObject = {
    eval_id: idOf('eval', g.env, g.model, ids),
    run_id: idOf('run', g.env, g.model, ids),
    created,
    task: g.env,
    task_id: idOf('task', g.env),
    task_version: 0,
    task_file: null,
    task_registry_name: null,
    task_attribs: {},
    task_args: {},
    task_args_passed: {},
    solver: null,
    solver_args: null,
    tags: null,
    dataset: { name: g.env, location: null, samples: ids.length, sample_ids: ids, shuffled: false },
    sandbox: null,
    model: g.model,
    model_generate_config: generate,
    model_base_url: null,
    model_args: {},
    model_roles: null,
    config: {
      ...nulls(CONFIG_KEYS),
      epochs: Math.max(1, ...g.samples.map((s) => (typeof s.epoch === 'number' ? s.epoch : 1))),
      epochs_reducer: ['mean'],
      log_samples: true,
    },
    revision: null,
    packages: { 'verifier-playground': '0.1.0' },
    metadata: { exported_by: 'verifier-playground' },
    scorers: scorers.map((name) => ({ name, options: null, metrics: [{ name: 'mean', options: null }], metadata: null })),
    metrics: null,
    ...fromRun(run),
  };
  const scores = scorers.map((name): JsonObject => {
    const values = valuesOf(g.samples, name);
    const metrics: JsonObject = values.length ? { mean: { name: 'mean', value: mean(values.map((v) => v.value)), params: {}, metadata: null } } : {};
    return {
      name,
      scorer: name,
      reducer: 'mean',
      scored_samples: values.length,
      unscored_samples: g.samples.length - values.length,
      params: {},
      metrics,
      metadata: null,
    };
  });
  const reductions = scorers.map((name) => {
    const values = valuesOf(g.samples, name);
    return {
      scorer: name,
      reducer: 'mean',
      samples: ids.flatMap((id) => {
        const mine = values.filter((v) => v.id === id).map((v) => v.value);
        return mine.length ? [{ value: mean(mine), answer: null, explanation: null, metadata: null, sample_id: id }] : [];
      }),
    };
  });
  const built: JsonObject = {
    version: 2,
    status: 'success',
    eval: spec,
    plan: { name: 'plan', steps: [{ solver: 'verifier_playground', params: {} }], finish: null, config: generate },
    results: { total_samples: g.samples.length, completed_samples: g.samples.filter((s) => s.error === null).length, scores, metadata: null },
    stats: { ...statsTimes(g, created), model_usage: usageTotal(g.samples) },
    error: null,
    samples: g.samples,
    reductions,
  };
  const whole = wholeRun(g);
  if (!whole) return built;
  // Every sample of one log: its header as written (results with their metrics and stderr, stats, plan, status),
  // the spec's missing required fields filled in, the reductions as written.
  const h = versionTwo(whole.header);
  const log: JsonObject = { ...built, ...h, eval: { ...spec, ...whole.spec }, samples: g.samples, reductions: whole.reductions };
  // A log written without reductions (the R writer's) stays without.
  if (whole.reductions === null) delete log.reductions;
  return log;
}

/**
 * A version-1 header in version 2's shape, as Inspect View migrates it: the one
 * scorer and its metrics become results.scores[0] (the samples are written with
 * `scores` already).
 */
function versionTwo(h: JsonObject): JsonObject {
  if (h.version !== 1 || !isJsonObject(h.results)) return h;
  const { scorer, metrics, ...rest } = h.results;
  const scores = isJsonObject(scorer) ? [{ ...scorer, scorer: scorer.name ?? null, metrics: metrics ?? {} }] : [];
  return { ...h, version: 2, results: { ...rest, scores } };
}

/** What the results of a part of a run cannot carry: the log's own metrics were over all its samples. */
function partNote(g: Group): string | null {
  if (g.runs.size === 0 || wholeRun(g)) return null;
  const runs = [...g.runs.values()];
  const metrics = new Set<string>();
  for (const r of runs) {
    const results = r.header.results;
    if (isJsonObject(results) && Array.isArray(results.scores))
      for (const sc of results.scores) if (isJsonObject(sc) && isJsonObject(sc.metrics)) for (const m of Object.keys(sc.metrics)) metrics.add(m);
  }
  const what = metrics.size ? ` (${[...metrics].join(', ')})` : '';
  const of =
    runs.length === 1 && runs[0]!.sampleCount !== null
      ? `${g.samples.length - g.others} of its ${runs[0]!.sampleCount} samples`
      : `samples of ${runs.length} runs`;
  return `${g.env} × ${g.model}: the log's own results${what} were computed over every sample it holds; this export has ${of}${g.others ? ' and other rows' : ''}, so its results are recomputed as means per scorer and its reductions rebuilt`;
}

/**
 * Traces and rollouts as Inspect logs, one per (env, model, run): an Inspect
 * log is one run of one task by one model. `created` is the clock's time (kept out of here
 * so the output is a pure function of its input).
 */
export function buildInspectLogs(entries: readonly ExportEntry[], worlds: readonly World[], created: string): InspectExport {
  const groups = new Map<string, Group>();
  let badArguments = 0;
  let droppedTools = 0;
  let droppedEvents = 0;
  let eventSamples = 0;
  let inspectSamples = 0;
  const droppedFields = new Map<string, number>();
  const newerFields = new Set<string>();
  for (const e of entries) {
    const env = e.kind === 'native' ? e.trace.world : (e.env ?? 'unknown env');
    const model = e.kind === 'native' ? agentLabel(e.trace.agent) : (e.model ?? 'unknown model');
    const key = JSON.stringify([env, model, e.kind === 'rollout' ? (e.run ?? null) : null]);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { env, model, samples: [], epochs: new Map(), runs: new Map(), others: 0, times: { start: null, end: null, missing: 0 } }));
    const baseId: string | number =
      e.kind === 'native'
        ? sampleIdOf(e.trace.task)
        : (e.rollout.inspect?.sampleId ??
          (typeof e.rollout.exampleId === 'number' || typeof e.rollout.exampleId === 'string' ? e.rollout.exampleId : `row-${e.rollout.rowIndex}`));
    // A sample is (id, epoch): a task played again is the next epoch of the same sample, as Inspect counts them.
    const seen = g.epochs.get(JSON.stringify(baseId)) ?? 0;
    const epoch = Math.max(seen + 1, e.kind === 'rollout' ? (e.rollout.inspect?.epoch ?? 1) : 1);
    g.epochs.set(JSON.stringify(baseId), epoch);
    const written =
      e.kind === 'native'
        ? traceSample(
            e.trace,
            worlds.find((w) => w.id === e.trace.world),
            String(baseId),
            epoch,
          )
        : rolloutSample(e.rollout, baseId, epoch, model);
    if (e.kind === 'rollout' && e.rollout.inspect) {
      const o = e.rollout.inspect;
      if (!g.runs.has(runKey(o.run))) g.runs.set(runKey(o.run), o.run);
      inspectSamples++;
      for (const k of Object.keys(e.rollout.extra)) if (k !== 'store') newerFields.add(k);
      for (const k of o.droppedFields ?? []) droppedFields.set(k, (droppedFields.get(k) ?? 0) + 1);
      if (o.droppedEvents > 0) {
        droppedEvents += o.droppedEvents;
        eventSamples++;
      }
    } else g.others++;
    if (e.kind === 'native') {
      const meta = e.trace.meta ?? {};
      const start = typeof meta.started_at === 'string' ? meta.started_at : null;
      const end = typeof meta.ended_at === 'string' ? meta.ended_at : null;
      if (start && end) {
        if (g.times.start === null || start < g.times.start) g.times.start = start;
        if (g.times.end === null || end > g.times.end) g.times.end = end;
      } else g.times.missing++;
    }
    badArguments += written.badArguments;
    if (written.droppedTools) droppedTools++;
    g.samples.push(written.sample);
  }
  const notes: string[] = [];
  const n = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  if (badArguments)
    notes.push(
      `${n(badArguments, 'tool call')} whose arguments were not a JSON object: Inspect's ToolCall takes an object, so each is written as {} with the original in parse_error`,
    );
  if (droppedTools)
    notes.push(
      `the tool schemas of ${n(droppedTools, 'vf-eval row')}: not written (Inspect keeps tools in transcript events, which this export does not write)`,
    );
  if (newerFields.size)
    notes.push(
      `sample fields the log schema this export follows (Inspect ${INSPECT_SCHEMA_COMMIT}) has no place for: ${[...newerFields].sort().join(', ')} (not written)`,
    );
  if (eventSamples)
    notes.push(`the transcript events of ${n(eventSamples, 'Inspect sample')} (${n(droppedEvents, 'event')}): not kept on import, so not written`);
  for (const [k, c] of droppedFields) notes.push(`the ${k} of ${n(c, 'Inspect sample')}: not kept on import, so not written`);
  if (inspectSamples)
    notes.push(`the message ids of ${n(inspectSamples, 'Inspect sample')}: not kept on import, written anew (attachments are written inline)`);
  const v1 = [...groups.values()].filter((g) => wholeRun(g)?.header.version === 1).length;
  if (v1)
    notes.push(
      `${n(v1, 'version-1 log')} (Inspect's first schema) written as version 2: the one scorer and its metrics moved into results.scores, as Inspect View moves them`,
    );
  const untimed = [...groups.values()].reduce((k, g) => k + g.times.missing, 0);
  if (untimed)
    notes.push(
      `${n(untimed, 'trace')} recorded no start and end time (played before traces carried them, or not in the page): their log's started_at and completed_at are the export's time`,
    );
  for (const g of groups.values()) {
    const part = partNote(g);
    if (part) notes.push(part);
  }
  // Every log made to fit the schema the export targets: what another writer wrote that it has no place for is dropped,
  // what it left out is filled in as Inspect reads it, and the notes name both.
  const changes = { dropped: new Map<string, number>(), filled: new Map<string, number>(), renamed: new Map<string, number>(), problems: [] as string[] };
  const logs = [...groups.values()].map((g) => {
    const c = conformTo(LOG_SHAPES, 'EvalLog', buildLog(g, created));
    for (const [k, n] of c.dropped) changes.dropped.set(k, (changes.dropped.get(k) ?? 0) + n);
    for (const [k, n] of c.filled) changes.filled.set(k, (changes.filled.get(k) ?? 0) + n);
    for (const [k, n] of c.renamed) changes.renamed.set(k, (changes.renamed.get(k) ?? 0) + n);
    changes.problems.push(...c.problems.map((p) => `${g.env} × ${g.model}: ${p}`));
    return { env: g.env, model: g.model, log: c.value as JsonObject };
  });
  notes.push(...conformNotes(changes, `Inspect ${INSPECT_SCHEMA_COMMIT}`));
  return { logs, notes };
}
