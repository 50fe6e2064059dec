import { isJsonObject, type Json } from '../../core/json';
import type { CompositionSpec } from '../../core/composition';
import type { EpisodeView as View, LayerResult, Rubric } from '../../core/rubric';
import { blindReason, blindWrites, satisfies } from './credit';
import { END_STATE_CAP, endStateDiff, endStateValue, type EndStateDiff } from './endState';
import { finalStateOf } from './finalState';
import { metricLayers } from './metrics';
import { unshownValues } from './noteFacts';
import { setupOf, type Setup } from './spec';
import type { TicketQueueEvent, TicketQueueState } from './state';
import { forbiddenRule } from './tasks';

type EpisodeView = View<TicketQueueState, TicketQueueEvent>;

// Setups are pure functions of the spec; one per task object saves regenerating the board per layer.
const setups = new WeakMap<object, Setup>();
function setup(ep: EpisodeView): Setup {
  let s = setups.get(ep.task);
  if (!s) setups.set(ep.task, (s = setupOf(ep.task.spec)));
  return s;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const listed = (xs: string[], max = 4) => (xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`);

// The diff is read by five layers; one per state object.
const diffs = new WeakMap<object, EndStateDiff>();
function diff(ep: EpisodeView): EndStateDiff {
  let d = diffs.get(ep.state);
  if (!d) diffs.set(ep.state, (d = endStateDiff(setup(ep).gold, ep.state)));
  return d;
}

/** Which gold items the final state satisfies: what the naive reading counts. */
function achieved(ep: EpisodeView) {
  const { gold } = setup(ep);
  const b = finalStateOf(ep.state);
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

/**
 * Required writes landed ÷ (those + writes that changed what the task did not
 * ask for): a second note, a wrong value or a stray status change dilute it. A
 * correction (a write superseded before the end, see endState.ts) is not
 * counted here: the end-state layer charges it its stated penalty.
 */
export function precision(ep: EpisodeView): LayerResult {
  const { roles } = diff(ep);
  if (roles.length === 0) return { value: 0, reasons: ['nothing was written, so no write was a needed one'] };
  const needed = roles.filter((r) => r === 'required').length;
  const extra = roles.filter((r) => r === 'unexpected').length;
  if (needed + extra === 0) return { value: 0, reasons: ['every write was undone or superseded, so none was a needed one'] };
  return { value: needed / (needed + extra), reasons: extra > 0 ? [`${plural(extra, 'write')} of ${needed + extra} not needed or not right`] : [] };
}

export function policy(ep: EpisodeView): LayerResult {
  const { gold } = setup(ep);
  const hits = ep.state.writes.flatMap((w) => {
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

/** Notes on schema ÷ notes standing at the end (a superseded note is the end-state layer's to charge). */
export function schema(ep: EpisodeView): LayerResult {
  const { def } = setup(ep);
  const { roles } = diff(ep);
  const notes = ep.state.writes.filter((w, i) => w.field === 'notes' && roles[i] !== 'correction');
  if (notes.length === 0) return { value: 1, reasons: ['no notes written'] };
  const bad = notes.flatMap((w) => {
    const p = schemaProblem(w.value, def.noteSchema);
    return p ? [`${w.id}: ${p}`] : [];
  });
  return { value: (notes.length - bad.length) / notes.length, reasons: bad.length > 0 ? [`${plural(bad.length, 'note')} off-schema: ${listed(bad, 3)}`] : [] };
}

/**
 * An error is recovered when the agent moved past it: some later call
 * succeeded. What the error cost (a required write that never landed) is
 * recall's to count, so it is not charged twice here.
 */
export function recovery(ep: EpisodeView): LayerResult {
  const errors = ep.steps.filter((s) => !s.result.ok);
  if (errors.length === 0) return { value: 1, reasons: ['no errors hit'] };
  // An error is recovered when a successful call came after it: after the last one, none did (one pass, not one per error).
  const lastOk = ep.steps.reduce((last, s) => (s.result.ok ? Math.max(last, s.index) : last), -1);
  const unrecovered = errors.filter((e) => e.index >= lastOk);
  const recovered = errors.length - unrecovered.length;
  const reasons = [`${plural(errors.length, 'error')} hit, ${recovered} recovered from (a later call succeeded)`];
  if (unrecovered.length > 0)
    reasons.push(
      `not recovered: ${listed(
        unrecovered.map((s) => `step ${s.index + 1} (${s.events[0]?.code ?? 'error'})`),
        3,
      )} — no successful call came after it`,
    );
  return { value: recovered / errors.length, reasons };
}

/** What the credit gate keeps when any write came before its evidence. */
export const CREDIT_CAP = 0.25;

/**
 * Only observed facts count: 1 when every write came after the facts that
 * decide it were shown (credit.ts); else at most a quarter — CREDIT_CAP × the
 * share of landed required writes on target records written wholly after
 * their evidence (a record with one blind write earns none of its writes).
 * A gate: a guessed or leaked write is not partly right.
 */
export function credit(ep: EpisodeView): LayerResult {
  const { gold } = setup(ep);
  const early = blindWrites(gold, ep.state.writes, ep.state.observed);
  // A note whose extra values the session never showed states facts not observed: blind too.
  const blind = [...early, ...unshownValues(gold, ep.state).filter((u) => !early.some((b) => b.write === u.write))].sort((a, b) => a.write.step - b.write.step);
  const { roles } = diff(ep);
  if (blind.length === 0) return { value: 1, reasons: roles.includes('required') ? [] : ['no required write landed, so none to check'] };
  const landedOn = new Map<string, number>();
  ep.state.writes.forEach((w, i) => roles[i] === 'required' && landedOn.set(w.id, (landedOn.get(w.id) ?? 0) + 1));
  const landed = [...landedOn.values()].reduce((a, b) => a + b, 0);
  const lost = [...new Set(blind.map((b) => b.write.id))].reduce((n, id) => n + (landedOn.get(id) ?? 0), 0);
  const why = blind.map(blindReason);
  const share = landed === 0 ? 1 : (landed - lost) / landed;
  return {
    value: CREDIT_CAP * share,
    reasons: [
      `${plural(blind.length, 'write')} of ${ep.state.writes.length} made before the facts that decide ${blind.length === 1 ? 'it were' : 'them were'} shown; ${lost} of ${plural(landed, 'landed required write')} not earned`,
      ...why,
    ],
    caughtBy: `credited writes: ${why[0]}`,
  };
}

/**
 * The end state is a diff: the initial board plus exactly the required writes,
 * every record and field compared (endState.ts). 1 when it is that, less
 * 0.05 per correction (floor 0.5); when anything is missing or anything else
 * changed, at most 0.25 (× the share of records involved that are right),
 * each change named.
 */
export function endState(ep: EpisodeView): LayerResult {
  const d = diff(ep);
  const value = endStateValue(d);
  const reasons: string[] = [];
  if (d.missing.length + d.unexpected.length > 0) {
    const right = d.records.filter((x) => x.right).length;
    reasons.push(
      `not the expected end state: ${right} of ${plural(d.records.length, 'record')} involved exactly as expected, so at most ${END_STATE_CAP} × ${right}/${d.records.length}`,
    );
  }
  if (d.missing.length > 0) reasons.push(`${plural(d.missing.length, 'required write')} not in the end state: ${listed(d.missing)}`);
  if (d.unexpected.length > 0) reasons.push(`${plural(d.unexpected.length, 'change')} the task did not ask for: ${listed(d.unexpected, 3)}`);
  const corrections = d.roles.filter((r) => r === 'correction').length;
  if (corrections > 0) reasons.push(`${plural(corrections, 'correction')} (a write superseded before the end, −0.05 each): ${listed(d.corrections, 3)}`);
  const first = d.unexpected[0] ?? (d.missing[0] ? `${d.missing[0]} missing` : null);
  return first ? { value, reasons, caughtBy: `end state: ${first}` } : { value, reasons };
}

/**
 * 1 − (the share of the bystanders written)², where the bystanders are the
 * records the task leaves alone (neither a target nor forbidden). Precision
 * already charges each stray write; this charges spread: one stray among a
 * dozen bystanders costs 1–2 %, half of them a quarter, all of them everything.
 */
export function collateral(ep: EpisodeView): LayerResult {
  const { gold, board } = setup(ep);
  const targets = new Set([...gold.notes.map((n) => n.id), ...gold.statuses.map((x) => x.id)]);
  const bystanders = board.filter((r) => !targets.has(r.id) && !gold.forbidden.some((f) => f.id === r.id && f.field === 'any')).map((r) => r.id);
  if (bystanders.length === 0) return { value: 1, reasons: ['the task leaves no record open to stray writes'] };
  const { touched } = diff(ep);
  const hit = bystanders.filter((id) => touched.has(id));
  if (hit.length === 0) return { value: 1, reasons: [] };
  const reason = `${hit.length} of the ${bystanders.length} records the task leaves alone written: ${listed(hit)}`;
  return { value: 1 - (hit.length / bystanders.length) ** 2, reasons: [reason], caughtBy: `collateral writes: ${reason}` };
}

/**
 * Display weights; the combination is `fullReward`. Recall × precision carries
 * 0.85 (shown as 0.425 each), schema 0.10, recovery 0.05. See CONTEXT.md for why.
 */
export const WEIGHTS = { recall: 0.425, precision: 0.425, schema: 0.1, recovery: 0.05 } as const;

const GATES = ['policy', 'credit', 'end-state', 'collateral'] as const;

/**
 * full = policy × credit × collateral × recall × precision × (0.85 + 0.10·schema + 0.05·recovery).
 * A product, not F1: a run that spreads writes over k candidate records to
 * catch t targets then earns about t/k, what guessing earns, so blanketing a
 * class of records never beats picking from it (F1 paid it about 2t/k).
 * Hygiene scales with the work credited, so well-formed wrong notes, or none, earn nothing.
 */
export function fullReward(values: ReadonlyMap<string, number>): number {
  const v = (id: string) => values.get(id) ?? 0;
  const gate = GATES.reduce((g, id) => g * v(id), 1);
  const hygiene = WEIGHTS.recall + WEIGHTS.precision + WEIGHTS.schema * v('schema') + WEIGHTS.recovery * v('recovery');
  return gate * v('recall') * v('precision') * hygiene;
}

/** `fullReward` as the scorecard shows it: the gates and recall × precision multiply; recall and precision carry 0.425 each. */
export const FULL_SPEC: CompositionSpec = {
  factors: [...GATES, 'recall', 'precision'],
  terms: [
    { layer: 'recall', weight: WEIGHTS.recall, fixed: true },
    { layer: 'precision', weight: WEIGHTS.precision, fixed: true },
    { layer: 'schema', weight: WEIGHTS.schema },
    { layer: 'recovery', weight: WEIGHTS.recovery },
  ],
  naiveFrom: 'recall',
  naiveCheck: 'every required write is in the final records',
};

/** The scored axes: strict needs every one at full marks, so it never reads above full. */
export const SCORED = ['recall', 'precision', 'schema', 'recovery', ...GATES] as const;

/** All or nothing: the gold state exactly, earned, nothing extra, nothing forbidden, every note on schema, every error got past. */
export function strict(values: ReadonlyMap<string, number>): number {
  return SCORED.every((id) => (values.get(id) ?? 0) >= 1 - 1e-9) ? 1 : 0;
}

export const ticketQueueRubric: Rubric<TicketQueueState, TicketQueueEvent> = {
  layers: [
    { id: 'recall', label: 'required-write recall', weight: WEIGHTS.recall, score: recall },
    { id: 'precision', label: 'unnecessary-write precision', weight: WEIGHTS.precision, score: precision },
    { id: 'policy', label: 'policy compliance', weight: 1, gate: true, score: policy },
    { id: 'credit', label: 'credited writes', weight: 1, gate: true, score: credit },
    { id: 'end-state', label: 'end state', weight: 1, gate: true, score: endState },
    { id: 'collateral', label: 'collateral writes', weight: 1, gate: true, score: collateral },
    { id: 'schema', label: 'note schema validity', weight: WEIGHTS.schema, score: schema },
    { id: 'recovery', label: 'recoverable errors', weight: WEIGHTS.recovery, score: recovery },
    ...metricLayers,
  ],
  naive: (_ep, layers) => layers.get('recall')?.value ?? 0,
  compose: () => FULL_SPEC,
  readings: (values) => ({ strict: strict(values) }),
  caughtByOrder: ['policy', 'credit', 'recall', 'end-state', 'collateral', 'precision', 'schema', 'recovery'],
};
