import { zipSync, strToU8, type Zippable } from 'fflate';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { safeJson } from '../export/native';

/** A log as Inspect writes a `.json` log: one indented document. Secrets are masked as in every export. */
export function inspectJsonText(log: JsonObject, secrets: readonly string[] = []): string {
  return `${safeJson(log, 2, secrets)}\n`;
}

function summary(sample: JsonObject): JsonObject {
  const input = Array.isArray(sample.input) ? sample.input.find((m) => isJsonObject(m) && m.role === 'user') : sample.input;
  const error = isJsonObject(sample.error) ? sample.error.message ?? null : null;
  const limit = isJsonObject(sample.limit) ? sample.limit.type ?? null : null;
  return {
    id: sample.id ?? null,
    epoch: sample.epoch ?? 1,
    input: isJsonObject(input) ? (input.content ?? '') : (input ?? ''),
    target: sample.target ?? '',
    metadata: sample.metadata ?? {},
    scores: sample.scores ?? {},
    model_usage: sample.model_usage ?? {},
    total_time: sample.total_time ?? null,
    working_time: sample.working_time ?? null,
    uuid: sample.uuid ?? null,
    error,
    limit,
    retries: 0,
    completed: true,
  };
}

/**
 * A log as an `.eval` zip, laid out as Inspect's recorder leaves a finished
 * one: the start record, one entry per sample, the summaries (journal and
 * consolidated), the reductions, and the header (the log without samples).
 * Deflate, as Inspect wrote before it moved to zstd, so any zip reader opens it.
 */
export function inspectEvalZip(log: JsonObject, secrets: readonly string[] = []): Uint8Array {
  const mtime = typeof log.eval === 'object' && isJsonObject(log.eval) && typeof log.eval.created === 'string' ? new Date(log.eval.created) : new Date(0);
  const when = Number.isNaN(mtime.getTime()) || mtime.getUTCFullYear() < 1980 ? new Date(Date.UTC(1980, 0, 1)) : mtime;
  const entry = (value: Json): [Uint8Array, { level: 5; mtime: Date }] => [strToU8(safeJson(value, 2, secrets)), { level: 5, mtime: when }];
  const samples = Array.isArray(log.samples) ? log.samples.filter(isJsonObject) : [];
  const files: Zippable = { '_journal/start.json': entry({ version: log.version ?? 2, eval: log.eval ?? null, plan: log.plan ?? null }) };
  for (const s of samples) files[`samples/${String(s.id)}_epoch_${String(s.epoch ?? 1)}.json`] = entry(s);
  const summaries = samples.map(summary);
  if (summaries.length) files['_journal/summaries/1.json'] = entry(summaries);
  files['summaries.json'] = entry(summaries);
  if (Array.isArray(log.reductions)) files['reductions.json'] = entry(log.reductions);
  const header: JsonObject = { ...log };
  delete header.samples;
  delete header.reductions;
  files['header.json'] = entry(header);
  return zipSync(files);
}
