import type { JsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import type { World } from '../../core/world';
import type { ImportedItem } from '../import/types';
import { vfRolloutToTrace } from '../import/vfToCalls';
import { buildInspectLogs, type ExportEntry } from '../inspect/exportLog';
import { inspectEvalZip, inspectJsonText } from '../inspect/writeLog';
import { replayCalls } from '../replay';
import { csvTable } from './csvTable';
import { exportTraceJson, exportTracesJsonl, safeJson } from './native';
import { flattenedParts, rolloutToVfRow } from './rolloutVf';
import { renamedInCurrentShape, RENAMED_TEXT, rolloutAsWritten, type Renamed } from './vfAsWritten';
import { traceToVfRow } from './vfResults';

export type TargetFormat = 'native' | 'vf' | 'inspect' | 'csv';
export const TARGET_FORMATS: readonly TargetFormat[] = ['native', 'vf', 'inspect', 'csv'];

/** An imported item with the identity its import derived (see import/identity.ts). */
export interface ConvertItem {
  item: ImportedItem;
  source: string;
  env: string | null;
  model: string | null;
  run: string | null;
}

export interface ConvertOptions {
  worlds: readonly World[];
  /** The export's time, for formats that record one (Inspect's `created`). */
  created: string;
  secrets?: readonly string[];
  /** Inspect: a `.eval` zip instead of a `.json` log. */
  zip?: boolean;
  /** Native: one trace as a pretty-printed document instead of JSONL. */
  document?: boolean;
  /**
   * vf: a vf-eval row is written as its era wrote it (`as-written`, the default), or in today's shape
   * (`current`: example_id, timing, tool_defs, flat tool calls, env and model in info), the notes saying what was renamed.
   */
  vfShape?: 'as-written' | 'current';
}

export interface Output {
  /** What to append to the output file's stem when there are several ("-1"), else "". */
  suffix: string;
  data: string | Uint8Array;
  rows: number;
  /** What the file holds, for the message ("fault-api × careful"). */
  label: string;
}

export interface Converted {
  outputs: Output[];
  /** Rows written, over every output. */
  rows: number;
  /** What could not be represented, one sentence each. */
  notes: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Rollouts replayed into our worlds; those of other environments (or unreadable tasks) are counted, not guessed at. */
async function toTraces(items: readonly ConvertItem[], worlds: readonly World[], notes: string[]): Promise<Trace[]> {
  const traces: Trace[] = [];
  const foreign = new Map<string, number>();
  const unreadable: string[] = [];
  let rescored = 0;
  for (const { item, source, env } of items) {
    if (item.kind === 'native') {
      traces.push(item.trace);
      continue;
    }
    const r = item.rollout;
    const plan = vfRolloutToTrace(r, worlds);
    if (!plan.ok) {
      if (/is not one of the playground's worlds/.test(plan.error))
        foreign.set(env ?? 'an unnamed environment', (foreign.get(env ?? 'an unnamed environment') ?? 0) + 1);
      else unreadable.push(plan.error);
      continue;
    }
    const { trace } = await replayCalls(plan.value.world, plan.value.task, plan.value.calls, plan.value.agent, plan.value.stop);
    trace.meta = { ...(trace.meta ?? {}), source, replayed_from: r.inspect ? 'inspect' : r.v1 ? 'verifiers-v1' : 'vf-eval', recorded_reward: r.reward };
    if (r.reward !== null && trace.scorecard && Math.abs(trace.scorecard.reward - r.reward) > 1e-9) rescored++;
    traces.push(trace);
  }
  for (const [env, n] of foreign)
    notes.push(
      `${plural(n, 'row')} of ${env}: not one of the playground's worlds, so not representable as native traces (nothing to replay them into); not written`,
    );
  if (unreadable.length) notes.push(`${plural(unreadable.length, 'row')} of our worlds that cannot be replayed: not written (first: ${unreadable[0]})`);
  if (rescored)
    notes.push(
      `${plural(rescored, 'replayed row')} scored differently from the reward recorded in the file (today's verifiers; the recorded reward is in meta.recorded_reward)`,
    );
  return traces;
}

function toVf(items: readonly ConvertItem[], options: ConvertOptions, notes: string[]): Output {
  const ids = new Map<string, number>();
  let natives = 0;
  let parts = 0;
  const eras = new Map<string, number>();
  const renamed = new Map<Renamed, number>();
  let unnamed = 0;
  const rows: JsonObject[] = items.map(({ item, env, model }) => {
    if (item.kind === 'native') {
      natives++;
      const key = JSON.stringify([item.trace.world, item.trace.task]);
      if (!ids.has(key)) ids.set(key, ids.size);
      return traceToVfRow(item.trace, ids.get(key)!, options.worlds);
    }
    const r = item.rollout;
    const asWritten = options.vfShape === 'current' ? null : rolloutAsWritten(r);
    if (asWritten) {
      eras.set(r.era, (eras.get(r.era) ?? 0) + 1);
      // The env and model listed for it came from beside the row (a folder, metadata.json, an edit): not in the row as written.
      if ((env !== null && r.info?.world === undefined && r.task !== env) || (model !== null && r.info?.agent === undefined)) unnamed++;
      return asWritten;
    }
    parts += flattenedParts(r);
    if (r.written) {
      const info = r.info ?? {};
      const adds = (env !== null && info.world === undefined) || (model !== null && info.agent === undefined);
      for (const k of renamedInCurrentShape(r, adds)) renamed.set(k, (renamed.get(k) ?? 0) + 1);
    }
    return rolloutToVfRow(r, env, model);
  });
  if (eras.size > 1)
    notes.push(
      `rows of ${eras.size} vf-eval eras, each written as its era wrote it (${[...eras].map(([e, n]) => `${e}: ${plural(n, 'row')}`).join(', ')}); ask for today's shape to write them alike`,
    );
  if (unnamed)
    notes.push(
      `the env and model of ${plural(unnamed, 'vf-eval row')} written as their era wrote them: not in the rows (a results.jsonl leaves them to its folder and metadata.json); today's shape writes them into info`,
    );
  if (renamed.size)
    notes.push(`vf-eval rows written in today's shape, as asked: ${[...renamed].map(([k, n]) => `${RENAMED_TEXT[k]} (${plural(n, 'row')})`).join('; ')}`);
  if (natives)
    notes.push(
      `the per-step world events, step timings, layer reasons and meta of ${plural(natives, 'native trace')}: vf-eval rows have no field for them (replaying a row into its world derives the events and reasons again)`,
    );
  if (parts) notes.push(`${plural(parts, 'Inspect message')} with content parts (reasoning, images): written as their text`);
  const secrets = options.secrets ?? [];
  return { suffix: '', data: rows.map((r) => `${safeJson(r, undefined, secrets)}\n`).join(''), rows: rows.length, label: 'vf-eval results.jsonl' };
}

function toInspect(items: readonly ConvertItem[], options: ConvertOptions, notes: string[]): Output[] {
  const entries: ExportEntry[] = items.map(({ item, env, model, run }) =>
    item.kind === 'native' ? { kind: 'native', trace: item.trace } : { kind: 'rollout', rollout: item.rollout, env, model, run },
  );
  const built = buildInspectLogs(entries, options.worlds, options.created);
  notes.push(...built.notes);
  const secrets = options.secrets ?? [];
  return built.logs.map(({ env, model, log }, i) => ({
    suffix: built.logs.length > 1 ? `-${i + 1}` : '',
    data: options.zip ? inspectEvalZip(log, secrets) : inspectJsonText(log, secrets),
    rows: Array.isArray(log.samples) ? log.samples.length : 0,
    label: `${env} × ${model}`,
  }));
}

/** Inspect samples lost their transcript events on import: say so once, whatever the target. */
function importLosses(items: readonly ConvertItem[], format: TargetFormat, notes: string[]) {
  if (format === 'inspect') return;
  const samples = items.filter((i) => i.item.kind === 'vf' && (i.item.rollout.inspect?.droppedEvents ?? 0) > 0);
  if (samples.length) notes.push(`the transcript events of ${plural(samples.length, 'Inspect sample')}: not kept on import, so not written`);
}

/**
 * Convert imported items to one of the formats we write, and say what each
 * could not hold. Native needs a world to replay rollouts into, so rows of
 * other environments are left out (and counted); every other format writes
 * every row.
 */
export async function convert(items: readonly ConvertItem[], format: TargetFormat, options: ConvertOptions): Promise<Converted> {
  const notes: string[] = [];
  const secrets = options.secrets ?? [];
  let outputs: Output[];
  if (format === 'native') {
    const traces = await toTraces(items, options.worlds, notes);
    const single = options.document && traces.length === 1;
    outputs = traces.length
      ? [{ suffix: '', data: single ? exportTraceJson(traces[0]!, secrets) : exportTracesJsonl(traces, secrets), rows: traces.length, label: 'native traces' }]
      : [];
  } else if (format === 'vf') outputs = [toVf(items, options, notes)];
  else if (format === 'inspect') outputs = toInspect(items, options, notes);
  else {
    const table = csvTable(items, secrets);
    notes.push(...table.notes);
    outputs = [{ suffix: '', data: table.text, rows: items.length, label: 'CSV' }];
  }
  // After the rows left out: the first note is the one that explains an empty result.
  importLosses(items, format, notes);
  return { outputs, rows: outputs.reduce((n, o) => n + o.rows, 0), notes };
}
