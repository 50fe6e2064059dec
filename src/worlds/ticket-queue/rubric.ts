import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { EpisodeView, LayerResult, Rubric } from '../../core/rubric';
import { setupOf, type Setup } from './spec';
import { forbiddenRule, type GoldNote } from './tasks';
import { metricLayers } from './metrics';
import { canonicalToolName } from './tools';

interface Write {
  id: string;
  field: 'notes' | 'status';
  value: Json;
}

interface Board {
  notes: Map<string, JsonObject[]>;
  status: Map<string, string>;
  writes: Write[];
}

function boardOf(state: JsonObject): Board {
  const notes = new Map<string, JsonObject[]>();
  const status = new Map<string, string>();
  for (const r of Array.isArray(state.records) ? state.records.filter(isJsonObject) : []) {
    if (typeof r.id !== 'string') continue;
    notes.set(r.id, Array.isArray(r.notes) ? r.notes.filter(isJsonObject) : []);
    if (typeof r.status === 'string') status.set(r.id, r.status);
  }
  const writes: Write[] = [];
  for (const w of Array.isArray(state.writes) ? state.writes.filter(isJsonObject) : [])
    if (typeof w.id === 'string' && (w.field === 'notes' || w.field === 'status')) writes.push({ id: w.id, field: w.field, value: w.value ?? null });
  return { notes, status, writes };
}

// Setups are pure functions of the spec; one per task object saves regenerating the board per layer.
const setups = new WeakMap<object, Setup>();
function setup(ep: EpisodeView): Setup {
  let s = setups.get(ep.task);
  if (!s) setups.set(ep.task, (s = setupOf(ep.task.spec)));
  return s;
}

/** Values match leniently (trimmed, case-insensitive, 3 == "3"); the schema axis judges types. */
const same = (a: Json | undefined, b: Json): boolean => a !== undefined && a !== null && String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
const satisfies = (note: JsonObject, gold: GoldNote) => Object.entries(gold.fields).every(([k, v]) => same(note[k], v));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (xs: string[], max = 4) => (xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`);

/** Which gold items the final state satisfies. */
function achieved(ep: EpisodeView) {
  const { gold } = setup(ep);
  const b = boardOf(ep.state);
  const notes = gold.notes.map((g) => ({ g, ok: (b.notes.get(g.id) ?? []).some((n) => satisfies(n, g)) }));
  const statuses = gold.statuses.map((g) => ({ g, ok: b.status.get(g.id) === g.status }));
  return { notes, statuses, board: b };
}

export function recall(ep: EpisodeView): LayerResult {
  const { notes, statuses } = achieved(ep);
  const total = notes.length + statuses.length;
  const done = notes.filter((n) => n.ok).length + statuses.filter((s) => s.ok).length;
  const missing = [...notes.filter((n) => !n.ok).map((n) => `note on ${n.g.id}`), ...statuses.filter((s) => !s.ok).map((s) => `${s.g.id} → ${s.g.status}`)];
  const reasons = missing.length > 0 ? [`${plural(missing.length, 'required write')} missing or wrong: ${listed(missing)}`] : [];
  return { value: total === 0 ? 1 : done / total, reasons };
}

/** Required writes landed / writes made: a second note, a wrong value or a stray status change all dilute it. */
export function precision(ep: EpisodeView): LayerResult {
  const { notes, statuses, board } = achieved(ep);
  const writes = board.writes.length;
  if (writes === 0) return { value: 0, reasons: ['nothing was written, so no write was a needed one'] };
  const needed = notes.filter((n) => n.ok).length + statuses.filter((s) => s.ok).length;
  const extra = writes - needed;
  return { value: needed / writes, reasons: extra > 0 ? [`${plural(extra, 'write')} of ${writes} not needed or not right`] : [] };
}

export function policy(ep: EpisodeView): LayerResult {
  const { gold } = setup(ep);
  const hits = boardOf(ep.state).writes.flatMap((w) => {
    const rule = forbiddenRule(gold, w.id, w.field);
    return rule ? [`${w.field === 'notes' ? 'a note' : 'a status change'} on ${w.id} (${rule.why})`] : [];
  });
  if (hits.length === 0) return { value: 1, reasons: [] };
  return { value: 0, reasons: [`${plural(hits.length, 'forbidden write')}: ${listed(hits, 3)}`], caughtBy: `policy: forbidden write — ${hits[0]}` };
}

function schemaProblem(note: Json, schema: Record<string, 'string' | 'integer'>): string | null {
  if (!isJsonObject(note)) return 'not an object';
  for (const [key, kind] of Object.entries(schema)) {
    const v = note[key];
    if (v === undefined) return `missing "${key}"`;
    if (kind === 'string' && (typeof v !== 'string' || v.trim() === '')) return `"${key}" must be a non-empty string`;
    if (kind === 'integer' && !(typeof v === 'number' && Number.isInteger(v))) return `"${key}" must be an integer`;
  }
  return null;
}

export function schema(ep: EpisodeView): LayerResult {
  const { def } = setup(ep);
  const notes = boardOf(ep.state).writes.filter((w) => w.field === 'notes');
  if (notes.length === 0) return { value: 1, reasons: ['no notes written'] };
  const bad = notes.flatMap((w) => {
    const p = schemaProblem(w.value, def.noteSchema);
    return p ? [`${w.id}: ${p}`] : [];
  });
  return { value: (notes.length - bad.length) / notes.length, reasons: bad.length > 0 ? [`${plural(bad.length, 'note')} off-schema: ${listed(bad, 3)}`] : [] };
}

/** An error is recovered when a later call of the same tool succeeds (any later success, after an unknown tool). */
export function recovery(ep: EpisodeView): LayerResult {
  const errors = ep.steps.filter((s) => !s.result.ok);
  if (errors.length === 0) return { value: 1, reasons: ['no errors hit'] };
  const unrecovered = errors.filter((e) => {
    const tool = canonicalToolName(e.call.name);
    return !ep.steps.some((s) => s.index > e.index && s.result.ok && (tool === null || canonicalToolName(s.call.name) === tool));
  });
  const recovered = errors.length - unrecovered.length;
  const reasons = [`${plural(errors.length, 'error')} hit, ${recovered} recovered from`];
  if (unrecovered.length > 0) reasons.push(`not recovered: ${listed(unrecovered.map((s) => `step ${s.index + 1} (${s.events[0]?.code ?? 'error'})`), 3)}`);
  return { value: recovered / errors.length, reasons };
}

/**
 * Weights of the dense reward; the policy gate multiplies it. Recall and
 * precision share 0.85 through their harmonic mean (F1), shown as 0.425 each.
 * See CONTEXT.md for why.
 */
export const WEIGHTS = { recall: 0.425, precision: 0.425, schema: 0.1, recovery: 0.05 } as const;

/** Harmonic mean: high only when both are high, so recall cannot be bought with extra writes. */
export function f1(recall: number, precision: number): number {
  return recall + precision > 0 ? (2 * recall * precision) / (recall + precision) : 0;
}

/**
 * dense = policy × (0.85·F1(recall, precision) + recall·(0.10·schema + 0.05·recovery)).
 * F1 rather than a weighted sum: a run that writes to every allowed record
 * still has recall 1, and a weighted sum could not pull it below 0.55.
 * Hygiene (schema, recovery) pays only in proportion to the required work done:
 * otherwise a run that writes well-formed wrong notes, or nothing, is paid for form.
 */
export function dense(values: ReadonlyMap<string, number>): number {
  const v = (id: string) => values.get(id) ?? 0;
  const core = (WEIGHTS.recall + WEIGHTS.precision) * f1(v('recall'), v('precision'));
  return v('policy') * (core + v('recall') * (WEIGHTS.schema * v('schema') + WEIGHTS.recovery * v('recovery')));
}

/** All or nothing: the gold state exactly, nothing extra, nothing forbidden, every note on schema. */
export function strict(values: ReadonlyMap<string, number>): number {
  return ['recall', 'precision', 'policy', 'schema'].every((id) => (values.get(id) ?? 0) >= 1 - 1e-9) ? 1 : 0;
}

export const ticketQueueRubric: Rubric = {
  layers: [
    { id: 'recall', label: 'required-write recall', weight: WEIGHTS.recall, score: recall },
    { id: 'precision', label: 'unnecessary-write precision', weight: WEIGHTS.precision, score: precision },
    { id: 'policy', label: 'policy compliance', weight: 1, gate: true, score: policy },
    { id: 'schema', label: 'note schema validity', weight: WEIGHTS.schema, score: schema },
    { id: 'recovery', label: 'recoverable errors', weight: WEIGHTS.recovery, score: recovery },
    ...metricLayers,
  ],
  naive: (_ep, layers) => layers.get('recall')?.value ?? 0,
  combine: (values) => dense(values),
  readings: (values) => ({ strict: strict(values) }),
  caughtByOrder: ['policy', 'recall', 'precision', 'schema', 'recovery'],
};
