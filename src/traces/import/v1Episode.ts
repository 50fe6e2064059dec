import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { ShapeError } from '../validate';
import { normalizeMessage, pairToolCalls } from './messages';
import type { VfError, VfMessage, VfRollout } from './types';

/**
 * verifiers v1 (`eval`, v0.2.0+) writes one Episode per line of traces.jsonl:
 * {id, env: {id, name}, task: {type, data, key, hash}, run, ok, errors, traces}.
 * Each Trace keeps its messages as a tree (`nodes[i].parent`), a model call
 * list, and named rewards {score, weight} whose weighted sum is the reward.
 * Read from verifiers/v1/{episode,trace,graph,types}.py at a60a606ec
 * (TRACE_VERSION 1), written with exclude_none: any field may be absent.
 */
export const V1_TRACE_VERSION = 1;

export interface V1Origin {
  episodeId: string | null;
  env: string | null;
  model: string | null;
  run: string | null;
  version: number;
  /** Messages on other branches of the tree than the one shown (the path to the last node). */
  offBranch: number;
}

const num = (v: Json | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: Json | undefined): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The conversation as it ended: the path from the root to the last node written. */
function lastBranch(nodes: Json[], path: string): { messages: { message: VfMessage; sampled: boolean }[]; offBranch: number } {
  if (nodes.length === 0) return { messages: [], offBranch: 0 };
  const chain: number[] = [];
  for (let i = nodes.length - 1; ;) {
    const node: Json = nodes[i] ?? null;
    if (!isJsonObject(node)) throw new ShapeError(`${path}.nodes[${i}]`, 'expected a message node');
    chain.push(i);
    if (node.parent === undefined || node.parent === null) break;
    // Nodes are appended as the conversation grows: a parent always comes earlier, so this walk ends.
    if (typeof node.parent !== 'number' || !Number.isInteger(node.parent) || node.parent < 0 || node.parent >= i)
      throw new ShapeError(`${path}.nodes[${i}].parent`, `${JSON.stringify(node.parent)} is not an earlier node`);
    i = node.parent;
  }
  chain.reverse();
  const messages = chain.map((i) => {
    const node = nodes[i] as JsonObject;
    return { message: normalizeMessage(node.message ?? null, `${path}.nodes[${i}].message`), sampled: node.sampled === true };
  });
  return { messages, offBranch: nodes.length - chain.length };
}

function rewards(v: Json | undefined): { reward: number | null; metrics: Record<string, number> } {
  const metrics: Record<string, number> = {};
  if (!isJsonObject(v)) return { reward: null, metrics };
  let reward = 0;
  let any = false;
  for (const [name, r] of Object.entries(v)) {
    if (!isJsonObject(r)) continue;
    const score = num(r.score);
    if (score === null) continue;
    metrics[name] = score;
    reward += score * (num(r.weight) ?? 1);
    any = true;
  }
  return { reward: any ? reward : null, metrics };
}

function errorOf(errors: Json | undefined): VfError | null {
  const first = Array.isArray(errors) ? errors.find(isJsonObject) : undefined;
  if (!first) return null;
  const out: VfError = { message: str(first.message) ?? JSON.stringify(first), raw: first };
  if (typeof first.type === 'string') out.type = first.type;
  if (typeof first.traceback === 'string') out.chain = first.traceback;
  return out;
}

/** Every trace of one Episode line as a rollout. Throws a ShapeError located in the episode. */
export function readV1Episode(o: JsonObject, line: number, firstRow: number): VfRollout[] {
  const env = isJsonObject(o.env) ? (str(o.env.name) ?? str(o.env.id)) : null;
  const task = isJsonObject(o.task) ? o.task : {};
  const run = isJsonObject(o.run) ? str(o.run.id) : null;
  if (!Array.isArray(o.traces)) throw new ShapeError('traces', 'expected a list of traces');
  return o.traces.map((t, k) => {
    const path = `traces[${k}]`;
    if (!isJsonObject(t)) throw new ShapeError(path, 'expected a trace object');
    const version = num(t.version) ?? V1_TRACE_VERSION;
    if (version > V1_TRACE_VERSION) throw new ShapeError(`${path}.version`, `trace version ${version} is newer than this importer reads (${V1_TRACE_VERSION})`);
    const { messages, offBranch } = lastBranch(Array.isArray(t.nodes) ? t.nodes : [], path);
    const firstSampled = messages.findIndex((m) => m.sampled || m.message.role === 'assistant');
    const cut = firstSampled < 0 ? messages.length : firstSampled;
    const prompt = messages.slice(0, cut).map((m) => m.message);
    const completion = messages.slice(cut).map((m) => m.message);
    const calls = Array.isArray(t.calls) ? t.calls.filter(isJsonObject) : [];
    const model = calls.map((c) => str(c.model)).find((m) => m !== null) ?? (isJsonObject(t.agent) ? str(t.agent.name) : null);
    let input = 0;
    let output = 0;
    for (const c of calls) {
      const u = isJsonObject(c.usage) ? c.usage : {};
      input += num(u.prompt_tokens) ?? 0;
      output += num(u.completion_tokens) ?? 0;
    }
    const { reward, metrics } = rewards(t.rewards);
    for (const [k2, v] of Object.entries(isJsonObject(t.metrics) ? t.metrics : {})) if (num(v) !== null && !(k2 in metrics)) metrics[k2] = v as number;
    const info: JsonObject = { ...(isJsonObject(t.info) ? t.info : {}) };
    // The task's data is what our worlds read a task spec from, as from a vf-eval row's info.task.
    if (info.task === undefined && task.data !== undefined) info.task = task.data;
    const timing = isJsonObject(t.timing) ? t.timing : null;
    const agent = timing && isJsonObject(timing.agent) ? timing.agent : null;
    const rollout: VfRollout = {
      line,
      rowIndex: firstRow + k,
      exampleId: str(task.key) ?? str(task.hash) ?? str(o.id) ?? null,
      exampleIdSource: 'example_id',
      mode: 'chat',
      prompt,
      completion,
      calls: pairToolCalls(completion).calls,
      reward,
      metrics,
      answer: null,
      info: Object.keys(info).length ? info : null,
      task: env,
      error: errorOf(t.errors) ?? errorOf(o.errors),
      timing:
        agent && num(agent.start) !== null && num(agent.end) !== null
          ? { startTime: num(agent.start)!, totalMs: (num(agent.end)! - num(agent.start)!) * 1000, raw: timing! }
          : null,
      tokenUsage: calls.length ? { inputTokens: input, outputTokens: output } : null,
      isCompleted: typeof t.is_completed === 'boolean' ? t.is_completed : null,
      isTruncated: null,
      stopCondition: str(t.stop_condition),
      tools: Array.isArray(t.tools) ? t.tools : null,
      era: 'verifiers-v1',
      extra: {},
      v1: { episodeId: str(o.id), env, model, run, version, offBranch },
    };
    return rollout;
  });
}
