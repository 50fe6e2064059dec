import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { VfMetadata } from '../import/types';
import { objectAt, ShapeError, stringAt } from '../validate';
import type { InspectRun } from './types';

const str = (v: Json | undefined): string | null => (typeof v === 'string' ? v : null);
const num = (v: Json | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** An Inspect EvalLog (or the `start.json` of a log still running): `eval` holds the spec, plus a status or samples. */
export function looksLikeInspectLog(o: JsonObject): boolean {
  return isJsonObject(o.eval) && ('samples' in o || 'status' in o || 'plan' in o) && !('prompt' in o) && !('format' in o);
}

/** Scorer names, primary first: the results' order, else the spec's scorer list (a log without results yet). */
function scorerNames(log: JsonObject, spec: JsonObject): string[] {
  const names: string[] = [];
  const add = (n: Json | undefined) => {
    if (typeof n === 'string' && !names.includes(n)) names.push(n);
  };
  const results = isJsonObject(log.results) ? log.results : null;
  if (results && Array.isArray(results.scores)) for (const s of results.scores) if (isJsonObject(s)) add(s.scorer ?? s.name);
  // Log schema version 1 had one scorer (results.scorer) and one score per sample, as Inspect View still reads.
  if (results && isJsonObject(results.scorer)) add(results.scorer.name);
  if (Array.isArray(spec.scorers)) for (const s of spec.scorers) if (isJsonObject(s)) add(s.name);
  return names;
}

/** The log as written, less its samples and reductions: what a re-export writes back unchanged. */
function headerOf(log: JsonObject): JsonObject {
  const header: JsonObject = {};
  for (const [k, v] of Object.entries(log)) if (k !== 'samples' && k !== 'reductions') header[k] = v;
  return header;
}

/** The run of one log from its header (or start record). Throws a ShapeError located in the log. */
export function readInspectRun(
  log: JsonObject,
  format: InspectRun['format'],
  sampleCount: number | null = null,
  reductions: Json = log.reductions ?? null,
): InspectRun {
  const spec = objectAt(log.eval, 'eval');
  const config = isJsonObject(spec.config) ? spec.config : {};
  const dataset = isJsonObject(spec.dataset) ? spec.dataset : {};
  return {
    format,
    version: num(log.version),
    status: str(log.status),
    evalId: str(spec.eval_id),
    runId: str(spec.run_id),
    task: stringAt(spec.task, 'eval.task'),
    taskId: str(spec.task_id),
    model: stringAt(spec.model, 'eval.model'),
    created: str(spec.created),
    scorers: scorerNames(log, spec),
    epochs: num(config.epochs),
    datasetSamples: num(dataset.samples),
    spec,
    header: headerOf(log),
    sampleCount,
    reductions,
  };
}

/**
 * The run as the metadata vf-eval rows carry: the env is the task, the model
 * is the eval's model. The library, the replay lookup and the CLI read a
 * rollout's identity from here whichever format it came from.
 */
export function runMetadata(run: InspectRun): VfMetadata {
  return {
    envId: run.task,
    model: run.model,
    numExamples: run.datasetSamples,
    rolloutsPerExample: run.epochs,
    samplingArgs: isJsonObject(run.spec.model_generate_config) ? run.spec.model_generate_config : null,
    date: run.created,
    durationMs: null,
    avgReward: null,
    avgMetrics: {},
    stateColumns: [],
    vfVersion: null,
    tools: null,
    raw: run.spec,
  };
}

const reductionKey = (sampleId: Json, epoch: number | null) => JSON.stringify([sampleId, epoch]);

/**
 * Reduced scores per sample: {scorer: value} keyed by sample id. Reductions
 * span epochs, so the key's epoch is null unless a reducer kept one per epoch.
 */
export class Reductions {
  private readonly bySample = new Map<string, Record<string, number>>();

  constructor(value: Json | undefined, path: string) {
    if (value === undefined || value === null) return;
    if (!Array.isArray(value)) throw new ShapeError(path, 'expected a list of reductions');
    value.forEach((r, i) => {
      if (!isJsonObject(r) || typeof r.scorer !== 'string' || !Array.isArray(r.samples)) throw new ShapeError(`${path}[${i}]`, 'expected {scorer, samples}');
      for (const s of r.samples) {
        if (!isJsonObject(s) || typeof s.value !== 'number' || s.sample_id === undefined) continue;
        const key = reductionKey(s.sample_id, null);
        const entry = this.bySample.get(key) ?? {};
        entry[r.scorer] = s.value;
        this.bySample.set(key, entry);
      }
    });
  }

  of(sampleId: Json): Record<string, number> {
    return { ...(this.bySample.get(reductionKey(sampleId, null)) ?? {}) };
  }
}
