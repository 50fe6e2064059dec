import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import type { Inference } from './inferred';
import { DEFAULT_LIMITS, tooDeep, undecodable } from './limits';
import type { VfMetadata } from './types';

const num = (v: Json | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);

/**
 * A hosted run's record (Prime's `{run: {base_model, environments: [{id}], …}}`),
 * as its exports write it in place of vf-eval's metadata.json.
 */
function hostedRun(o: JsonObject): JsonObject | null {
  const run = isJsonObject(o.run) ? o.run : null;
  return run && (Array.isArray(run.environments) || typeof run.base_model === 'string') ? run : null;
}

/** Does this object look like a vf-eval metadata.json (any version), or a hosted run's record? */
export function looksLikeVfMetadata(o: JsonObject): boolean {
  if ('prompt' in o || 'completion' in o) return false;
  return ((typeof o.env_id === 'string' || typeof o.env === 'string') && 'rollouts_per_example' in o) || hostedRun(o) !== null;
}

/** The hosted run's env: its first environment's id ("owner/name", a version after "@" dropped). */
function hostedEnv(run: JsonObject): string | null {
  const first = Array.isArray(run.environments) ? run.environments[0] : undefined;
  const id = isJsonObject(first) ? (str(first.id) ?? str(first.name)) : null;
  return id === null ? null : id.replace(/@[^/@]*$/, '');
}

function avgMetrics(o: JsonObject): Record<string, number> {
  const out: Record<string, number> = {};
  // v0.1.6+ nests them; v0.1.2.post1–v0.1.5 flattened them as avg_<metric> beside avg_reward.
  if (isJsonObject(o.avg_metrics)) {
    for (const [k, v] of Object.entries(o.avg_metrics)) if (typeof v === 'number') out[k] = v;
    return out;
  }
  for (const [k, v] of Object.entries(o)) if (k.startsWith('avg_') && k !== 'avg_reward' && k !== 'avg_error' && typeof v === 'number') out[k.slice(4)] = v;
  return out;
}

function durationMs(o: JsonObject): number | null {
  const ms = num(o.time_ms);
  if (ms !== null) return ms;
  // `time` is "HH:MM:SS" (a clock time) in v0.1.2.post1–v0.1.3 and seconds (a number) from v0.1.14.
  const s = num(o.time);
  return s === null ? null : s * 1000;
}

function date(o: JsonObject): string | null {
  const d = str(o.date);
  if (d === null) return null;
  const t = str(o.time);
  return t !== null && !d.includes(' ') ? `${d} ${t}` : d;
}

export function readVfMetadata(v: Json): Result<VfMetadata> {
  if (!isJsonObject(v)) return err('metadata.json: expected a JSON object');
  if (!looksLikeVfMetadata(v)) return err('metadata.json: not a vf-eval metadata file (no env_id/env and rollouts_per_example, nor a hosted run)');
  const version = isJsonObject(v.version_info) ? str(v.version_info.vf_version) : null;
  const run = hostedRun(v);
  const inferred: Inference[] = [];
  let envId = str(v.env_id) ?? str(v.env);
  if (envId === null && run && hostedEnv(run) !== null) {
    envId = hostedEnv(run);
    inferred.push('envFromRun');
  }
  let model = str(v.model);
  if (model === null && run && str(run.base_model) !== null) {
    model = str(run.base_model);
    inferred.push('modelFromBase');
  }
  return ok({
    envId,
    model,
    numExamples: num(v.num_examples) ?? (run ? num(run.num_examples) : null),
    rolloutsPerExample: num(v.rollouts_per_example) ?? (run ? num(run.rollouts_per_example) : null),
    samplingArgs: isJsonObject(v.sampling_args) ? v.sampling_args : null,
    date: date(v),
    durationMs: durationMs(v),
    avgReward: num(v.avg_reward),
    avgMetrics: avgMetrics(v),
    stateColumns: Array.isArray(v.state_columns) ? v.state_columns.filter((c): c is string => typeof c === 'string') : [],
    vfVersion: version,
    tools: Array.isArray(v.tools) ? v.tools : null,
    raw: v,
    inferred,
  });
}

export function parseVfMetadata(text: string): Result<VfMetadata> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return err('metadata.json is empty');
  const bad = undecodable(body);
  if (bad) return err(`metadata.json: ${bad}`);
  const parsed = tryParseJson(body);
  if (!parsed.ok) return err(`metadata.json is not JSON: ${parsed.error}`);
  const deep = tooDeep(parsed.value, DEFAULT_LIMITS.maxDepth);
  return deep ? err(`metadata.json: ${deep}`) : readVfMetadata(parsed.value);
}
