import { isJsonObject, tryParseJson, type Json } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { rolloutUsage } from '../../agents/aggregate';
import { runBatch, type BatchProgress } from '../../agents/batch';
import { secretsOf } from '../../agents/credentials';
import { checkEndpoint, type EndpointConfig } from '../../agents/endpoint';
import { DRIVER_MODES, driverOf, isDriverMode, type DriverMode } from '../../agents/driverMode';
import { ModelAgent } from '../../agents/modelAgent';
import { DIVERGENCE_KINDS, divergence, divergenceLabel, type Divergence, type DivergenceKind, type RunVerdicts } from '../../traces/divergence';
import { exportTracesJsonl, scrubber } from '../../traces/export/index';
import { printedScorecard, type PrintedScorecard } from '../../traces/printedScorecard';
import { LIMITS, overLimit } from '../../core/limits';
import { checkWritable, CliError, fmt, readTextFile, table, writeWhole } from '../io';
import { requireWorld } from '../worlds';

export interface EvalOptions {
  world: string;
  /** One or more task specs as JSON text (`--task`). */
  task?: string | string[];
  /** A JSON array of specs (or of `tasks --json` rows), or one spec per line. */
  tasksFile?: string;
  rollouts?: number;
  concurrency?: number;
  baseUrl: string;
  model: string;
  /** The NAME of the environment variable holding the key; the key is never an argument. */
  apiKeyEnv?: string;
  out?: string;
  temperature?: number;
  maxTokens?: number;
  timeoutMs?: number;
  /** The largest reply accepted (`--max-response-bytes`); it also bounds the history re-sent. */
  maxResponseBytes?: number;
  /** `--driver history|scratchpad` (agents/driverMode.ts); default history. */
  driver?: string;
  /** Where the key is looked up; process.env unless a test injects one. */
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  onProgress?: (p: BatchProgress) => void;
  /** The world to use instead of looking `world` up (tests, worlds not in the CLI registry). */
  worldImpl?: World;
}

/** `score`'s scorecard, plus what the model cost: one per rollout. */
export interface EvalScorecard extends PrintedScorecard {
  model: string;
  /** How the model was driven: 'history' or 'scratchpad'. */
  driver: DriverMode;
  rollout: number;
  usage: { prompt_tokens: number; completion_tokens: number; peak_prompt_tokens: number };
  latency_ms: number;
  cost_usd: number | null;
  /** Why the episode stopped, in words (the error for 'agent-error'). */
  stop_detail?: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function readKey(name: string | undefined, env: Record<string, string | undefined>): string | undefined {
  if (name === undefined) return undefined;
  // Never echo a value that is not a variable name: it may be the key itself.
  if (!ENV_NAME.test(name)) throw new CliError('--api-key-env takes the NAME of an environment variable (letters, digits, _), not the key itself');
  const key = env[name];
  if (key === undefined || key.trim() === '') throw new CliError(`the environment variable ${name} (--api-key-env) is not set or empty`);
  return key.trim();
}

function specsFromFile(file: string): Json[] {
  const text = readTextFile(file);
  const whole = tryParseJson(text);
  if (whole.ok) return Array.isArray(whole.value) ? whole.value : [whole.value];
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((line, i) => {
      const p = tryParseJson(line);
      if (!p.ok) throw new CliError(`${file} line ${i + 1} is not JSON: ${p.error}`);
      return p.value;
    });
}

function resolveTasks(world: World, opts: EvalOptions): Task[] {
  const specs: Json[] = [];
  for (const t of typeof opts.task === 'string' ? [opts.task] : (opts.task ?? [])) {
    const p = tryParseJson(t);
    if (!p.ok) throw new CliError(`--task is not JSON: ${p.error}`);
    specs.push(p.value);
  }
  // A loop, not push(...): a --tasks file of 100,000 specs would overflow the stack as arguments.
  if (opts.tasksFile) for (const spec of specsFromFile(opts.tasksFile)) specs.push(spec);
  if (specs.length === 0) throw new CliError('eval needs --task JSON or --tasks FILE');
  return specs.map((raw, i) => {
    // Rows of `tasks --json` carry {world, task}: take the spec, refuse other worlds.
    const spec = isJsonObject(raw) && isJsonObject(raw.task) ? raw.task : raw;
    if (isJsonObject(raw) && isJsonObject(raw.task) && raw.world !== undefined && raw.world !== world.id)
      throw new CliError(`task ${i + 1} is for world "${String(raw.world)}", not "${world.id}"`);
    const task = world.makeTask(spec);
    if (!task.ok) throw new CliError(`task ${i + 1}: ${task.error}`);
    return task.value;
  });
}

function intOption(v: number | undefined, name: string, fallback: number, max: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 1 || v > max) throw new CliError(`--${name} must be an integer from 1 to ${max}, got ${v}`);
  return v;
}

export function evalScorecard(trace: Trace, rollout: number, model: string): EvalScorecard {
  const u = rolloutUsage(trace);
  const card: EvalScorecard = {
    ...printedScorecard(trace, 'n/a'),
    agent: model,
    model,
    driver: driverOf(trace) ?? 'history',
    rollout,
    usage: { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, peak_prompt_tokens: u.peakPromptTokens },
    latency_ms: u.latencyMs,
    cost_usd: u.costUsd,
  };
  if (trace.stop?.detail) card.stop_detail = trace.stop.detail;
  return card;
}

/** Run a model over tasks × rollouts and score every rollout. Throws CliError on bad input. */
export async function runEval(opts: EvalOptions): Promise<EvalScorecard[]> {
  // A model's SQL is untrusted: tripwire runs behind the watchdog.
  const world = opts.worldImpl ?? requireWorld(opts.world, true);
  const rollouts = intOption(opts.rollouts, 'rollouts', 1, 10_000);
  const tasks = resolveTasks(world, opts);
  // Before any request: the whole run must fit, or none of it starts.
  const planned = tasks.length * rollouts;
  if (planned > LIMITS.evalRollouts.value)
    throw new CliError(
      `${overLimit('evalRollouts', 'vp eval', `${tasks.length.toLocaleString('en-US')} tasks × ${rollouts.toLocaleString('en-US')} rollouts = ${planned.toLocaleString('en-US')}`)}: nothing was sent; split the tasks or lower --rollouts`,
    );
  const concurrency = intOption(opts.concurrency, 'concurrency', 2, 64);
  const config: EndpointConfig = { baseUrl: opts.baseUrl ?? '', model: opts.model ?? '' };
  const key = readKey(opts.apiKeyEnv, opts.env ?? process.env);
  if (key) config.apiKey = key;
  if (opts.temperature !== undefined) config.temperature = opts.temperature;
  if (opts.maxTokens !== undefined) config.maxTokens = opts.maxTokens;
  if (opts.timeoutMs !== undefined) config.timeoutMs = opts.timeoutMs;
  if (opts.maxResponseBytes !== undefined) config.maxResponseBytes = opts.maxResponseBytes;
  if (opts.driver !== undefined) {
    if (!isDriverMode(opts.driver)) throw new CliError(`--driver must be one of ${DRIVER_MODES.join(', ')}, got ${JSON.stringify(opts.driver)}`);
    config.driver = opts.driver;
  }
  const problem = checkEndpoint(config);
  if (problem) throw new CliError(problem);
  // Before the first request: a path that cannot be written must not cost a whole run.
  if (opts.out) checkWritable(opts.out);

  const result = await runBatch({
    world,
    tasks,
    rollouts,
    concurrency,
    signal: opts.signal,
    onProgress: opts.onProgress,
    makeAgent: (_rollout, signal) => new ModelAgent({ config, signal, summarize: world.summarize }),
    episode: { clock: () => Date.now() },
  });
  // Everything below leaves memory (the file, stdout): a server that echoed the key or a URL credential must not get it written.
  const scrub = scrubber(secretsOf(config));
  const runs = result.runs.map((r) => ({ rollout: r.rollout, trace: scrub.value(r.trace) }));
  if (opts.out) writeWhole(opts.out, exportTracesJsonl(runs.map((r) => r.trace)));
  if (result.failed.length > 0) throw new CliError(scrub.text(`the world failed to open: ${result.failed[0]!.error}`));
  const cards = runs.map((r) => evalScorecard(r.trace, r.rollout.index, config.model));
  if (cards.length > 0 && cards.every((c) => c.stop === 'agent-error'))
    throw new CliError(`every rollout failed: ${cards[0]!.stop_detail ?? 'the model request failed'}`);
  return cards;
}

/** The text form of `vp eval`: one row per rollout, then the divergence line. */
export function formatEval(cards: readonly EvalScorecard[]): string {
  const rows = table(
    ['task', 'rollout', 'naive', 'full', 'verdicts', 'stop', 'steps', 'tok in', 'tok out', 'peak ctx', 'latency s', 'cost $'],
    cards.map((c) => [
      JSON.stringify(c.task),
      String(c.rollout),
      fmt(c.naive),
      fmt(c.reward),
      `${c.verdict.naive}/${c.verdict.full}`,
      c.stop,
      String(c.steps),
      String(c.usage.prompt_tokens),
      String(c.usage.completion_tokens),
      String(c.usage.peak_prompt_tokens),
      fmt(c.latency_ms / 1000, 1),
      c.cost_usd === null ? '-' : fmt(c.cost_usd, 4),
    ]),
  );
  return `${rows}\n${formatDivergence(evalDivergence(cards))}`;
}

const summaryVerdicts = (c: PrintedScorecard): RunVerdicts => ({
  naive: c.verdict.naive,
  full: c.verdict.full,
  reward: c.reward,
  strict: c.readings?.strict ?? null,
});

/** Naive-vs-full and strict-vs-full divergence over the rollouts; indices are positions in `runs`. */
export const evalDivergence = (cards: readonly PrintedScorecard[]): Divergence => divergence(cards.map(summaryVerdicts));

const JSON_KEY: Record<DivergenceKind, string> = {
  'naive-pass-full-fail': 'naive_pass_full_fail',
  'naive-fail-full-pass': 'naive_fail_full_pass',
  'strict-vs-dense': 'strict_zero_dense',
};

/** The divergence as `vp eval --json` prints it: per kind {count, of, rate, runs}, then every diverging run. */
export function divergenceJson(d: Divergence) {
  const out: Record<string, unknown> = { runs: d.runs, dense_at: d.denseAt };
  for (const k of DIVERGENCE_KINDS) {
    const c = d.kinds[k];
    out[JSON_KEY[k]] = { count: c.count, of: c.of, rate: c.rate, runs: c.indices };
  }
  out.diverging = d.diverging;
  return out;
}

/** `vp eval --json`: the scorecards and, over them, where the verifiers diverge. */
export const evalJson = (cards: readonly EvalScorecard[]) => ({ runs: cards, divergence: divergenceJson(evalDivergence(cards)) });

/** One line: each kind as "count of n (rate)", the rollouts that diverge by index. */
export function formatDivergence(d: Divergence): string {
  const parts = DIVERGENCE_KINDS.map((k) => {
    const c = d.kinds[k];
    if (c.of === 0) return `${divergenceLabel(k, d.denseAt)}: ${k === 'strict-vs-dense' ? 'no strict reading' : 'no verdicts'}`;
    return `${divergenceLabel(k, d.denseAt)}: ${c.count} of ${c.of} (${Math.round((c.rate ?? 0) * 100)}%)`;
  });
  const which = d.diverging.length ? `; diverging runs (0-based): ${d.diverging.join(', ')}` : '';
  return `divergence: ${parts.join(' · ')}${which}`;
}
