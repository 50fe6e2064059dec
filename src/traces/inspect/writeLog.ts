import { zipSync, strToU8, type Zippable } from 'fflate';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { safeJson } from '../export/native';

/** A log as Inspect writes a `.json` log: one indented document. Secrets are masked as in every export. */
export function inspectJsonText(log: JsonObject, secrets: readonly string[] = []): string {
  return `${safeJson(log, 2, secrets)}\n`;
}

function summary(sample: JsonObject): JsonObject {
  const input = Array.isArray(sample.input) ? sample.input.find((m) => isJsonObject(m) && m.role === 'user') : sample.input;
  const error = isJsonObject(sample.error) ? (sample.error.message ?? null) : null;
  const limit = isJsonObject(sample.limit) ? (sample.limit.type ?? null) : null;
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

/** Longest sample id kept whole in an entry name: the name also carries "samples/" and "_epoch_N.json". */
const MAX_ID = 100;

/**
 * Ids safe as a zip entry's file name, one per distinct sample id: letters,
 * digits, ".", "_" and "-" only (no separator, so no `..` path and no absolute
 * one), at most 100 characters, never "." or "..", unique. An id already safe
 * is kept as it is (Inspect View finds a sample by its id); another becomes its
 * sanitised form, with "-2", "-3" … when two would collide.
 */
export function safeSampleIds(ids: readonly Json[]): Map<string, Json> {
  const out = new Map<string, Json>();
  const used = new Set<string>();
  const isSafe = (s: string) => s.length <= MAX_ID && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(s);
  const keys = [...new Set(ids.map((id) => JSON.stringify(id ?? null)))];
  // Safe ids first, so a sanitised one never takes the name of an id that was already fine.
  for (const key of keys) {
    const raw = JSON.parse(key) as Json;
    if ((typeof raw === 'number' && Number.isInteger(raw)) || (typeof raw === 'string' && isSafe(raw))) {
      out.set(key, raw);
      used.add(String(raw));
    }
  }
  for (const key of keys) {
    if (out.has(key)) continue;
    const raw = JSON.parse(key) as Json;
    const base0 = String(typeof raw === 'string' ? raw : JSON.stringify(raw))
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/\.{2,}/g, '_')
      .replace(/_+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, MAX_ID - 8);
    const base = base0 === '' ? 'sample' : base0;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    out.set(key, name);
  }
  return out;
}

/** The log with every sample id made safe as an entry name (see safeSampleIds): sample, summaries, reductions and dataset agree. */
function withSafeIds(log: JsonObject): JsonObject {
  const samples = Array.isArray(log.samples) ? log.samples.filter(isJsonObject) : [];
  const safe = safeSampleIds(samples.map((s) => s.id ?? null));
  const idOf = (id: Json | undefined) => safe.get(JSON.stringify(id ?? null)) ?? id ?? null;
  if ([...safe].every(([k, v]) => JSON.stringify(v) === k)) return log;
  const out: JsonObject = { ...log };
  out.samples = samples.map((s) => {
    const id = idOf(s.id);
    if (JSON.stringify(id) === JSON.stringify(s.id ?? null)) return s;
    // The id as written goes with the sample, so nothing is lost.
    return { ...s, id, metadata: { ...(isJsonObject(s.metadata) ? s.metadata : {}), original_id: s.id ?? null } };
  });
  if (Array.isArray(log.reductions))
    out.reductions = log.reductions.map((r) =>
      isJsonObject(r) && Array.isArray(r.samples)
        ? { ...r, samples: r.samples.map((x) => (isJsonObject(x) && 'sample_id' in x ? { ...x, sample_id: idOf(x.sample_id) } : x)) }
        : r,
    );
  if (isJsonObject(log.eval) && isJsonObject(log.eval.dataset) && Array.isArray(log.eval.dataset.sample_ids))
    out.eval = { ...log.eval, dataset: { ...log.eval.dataset, sample_ids: log.eval.dataset.sample_ids.map((id) => idOf(id)) } };
  return out;
}

/**
 * A log as an `.eval` zip, laid out as Inspect's recorder leaves a finished
 * one: the start record, one entry per sample, the summaries (journal and
 * consolidated), the reductions, and the header (the log without samples).
 * Deflate, as Inspect wrote before it moved to zstd, so any zip reader opens it.
 */
export function inspectEvalZip(original: JsonObject, secrets: readonly string[] = []): Uint8Array {
  // An imported id such as "../../etc/passwd" must not become an entry that unpacks outside its folder.
  const log = withSafeIds(original);
  const mtime = typeof log.eval === 'object' && isJsonObject(log.eval) && typeof log.eval.created === 'string' ? new Date(log.eval.created) : new Date(0);
  const when = Number.isNaN(mtime.getTime()) || mtime.getUTCFullYear() < 1980 ? new Date(Date.UTC(1980, 0, 1)) : mtime;
  const entry = (value: Json): [Uint8Array, { level: 5; mtime: Date }] => [strToU8(safeJson(value, 2, secrets)), { level: 5, mtime: when }];
  const samples = Array.isArray(log.samples) ? log.samples.filter(isJsonObject) : [];
  const files: Zippable = { '_journal/start.json': entry({ version: log.version ?? 2, eval: log.eval ?? null, plan: log.plan ?? null }) };
  for (const s of samples) {
    const epoch = typeof s.epoch === 'number' && Number.isInteger(s.epoch) && s.epoch > 0 ? s.epoch : 1;
    let name = `samples/${String(s.id)}_epoch_${epoch}.json`;
    // Two samples with one id and epoch would silently overwrite each other: the second gets a name of its own.
    for (let n = 2; name in files; n++) name = `samples/${String(s.id)}_epoch_${epoch}-${n}.json`;
    files[name] = entry(s);
  }
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
