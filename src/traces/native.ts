import { tryParseJson, type JsonObject } from '../core/json';
import { err, ok, type Result } from '../core/result';
import {
  TRACE_FORMAT,
  TRACE_VERSION,
  type AgentInfo,
  type Composition,
  type EpisodeEvent,
  type EventKind,
  type LayerScore,
  type Scorecard,
  type Step,
  type Stop,
  type StopReason,
  type Term,
  type Trace,
  type WorldEvent,
} from '../core/types';
import { migrateTrace } from './migrations';
import { arrayAt, booleanAt, numberAt, objectAt, oneOf, optional, ShapeError, stringAt } from './validate';

const AGENT_KINDS = ['human', 'model', 'scripted', 'replay'] as const;
const EVENT_KINDS: readonly EventKind[] = ['fault', 'access', 'trip', 'refused', 'write', 'error', 'info'];
const STOP_REASONS: readonly StopReason[] = ['submitted', 'budget', 'no-tool-call', 'abandoned', 'agent-error', 'world-error'];

/** `key` under `base`: paths stay located when a trace sits inside another record (a saved run's `trace`). */
const at = (base: string, key: string) => (base ? `${base}.${key}` : key);

function readEvent(v: unknown, path: string): WorldEvent {
  const o = objectAt(v, path);
  const event: WorldEvent = {
    code: stringAt(o.code, `${path}.code`),
    kind: oneOf(o.kind, `${path}.kind`, EVENT_KINDS),
    layer: o.layer === null || o.layer === undefined ? null : stringAt(o.layer, `${path}.layer`),
    message: stringAt(o.message, `${path}.message`),
  };
  if (o.data !== undefined) event.data = objectAt(o.data, `${path}.data`);
  return event;
}

function readStep(v: unknown, path: string, index: number): Step {
  const o = objectAt(v, path);
  const call = objectAt(o.call, `${path}.call`);
  const result = objectAt(o.result, `${path}.result`);
  const step: Step = {
    index,
    call: { name: stringAt(call.name, `${path}.call.name`), arguments: call.arguments ?? null },
    result: {
      ok: booleanAt(result.ok, `${path}.result.ok`),
      content: stringAt(result.content, `${path}.result.content`),
      done: booleanAt(result.done, `${path}.result.done`),
    },
    events: arrayAt(o.events ?? [], `${path}.events`).map((e, i) => readEvent(e, `${path}.events[${i}]`)),
  };
  if (o.index !== undefined && numberAt(o.index, `${path}.index`) !== index) throw new ShapeError(`${path}.index`, `expected ${index}: steps must be in order`);
  if (call.id !== undefined) step.call.id = stringAt(call.id, `${path}.call.id`);
  const duration = optional(o.durationMs, (d) => numberAt(d, `${path}.durationMs`));
  if (duration !== undefined) step.durationMs = duration;
  if (o.usage !== undefined) {
    const u = objectAt(o.usage, `${path}.usage`);
    step.usage = {
      promptTokens: numberAt(u.promptTokens, `${path}.usage.promptTokens`),
      completionTokens: numberAt(u.completionTokens, `${path}.usage.completionTokens`),
    };
  }
  if (o.model !== undefined) {
    const m = objectAt(o.model, `${path}.model`);
    step.model = {};
    const latency = optional(m.latencyMs, (x) => numberAt(x, `${path}.model.latencyMs`));
    if (latency !== undefined) step.model.latencyMs = latency;
    const finish = optional(m.finishReason, (x) => stringAt(x, `${path}.model.finishReason`));
    if (finish !== undefined) step.model.finishReason = finish;
    const cost = optional(m.costUsd, (x) => numberAt(x, `${path}.model.costUsd`));
    if (cost !== undefined) step.model.costUsd = cost;
  }
  return step;
}

/** An episode event: a world event's fields, and the number of steps taken when it happened. */
function readEpisodeEvent(v: unknown, path: string, steps: number): EpisodeEvent {
  const beforeStep = numberAt(objectAt(v, path).beforeStep, `${path}.beforeStep`);
  if (!Number.isInteger(beforeStep) || beforeStep < 0 || beforeStep > steps)
    throw new ShapeError(`${path}.beforeStep`, `expected a step count from 0 to ${steps}, got ${beforeStep}`);
  return { ...readEvent(v, path), beforeStep };
}

function readStop(v: unknown, base: string): Stop | null {
  if (v === null || v === undefined) return null;
  const path = at(base, 'stop');
  const o = objectAt(v, path);
  const stop: Stop = {
    reason: oneOf(o.reason, `${path}.reason`, STOP_REASONS),
    terminated: booleanAt(o.terminated, `${path}.terminated`),
    truncated: booleanAt(o.truncated, `${path}.truncated`),
  };
  const detail = optional(o.detail, (d) => stringAt(d, `${path}.detail`));
  if (detail !== undefined) stop.detail = detail;
  return stop;
}

function readComposition(v: unknown, path: string): Composition {
  const o = objectAt(v, path);
  const terms: Term[] = arrayAt(o.terms, `${path}.terms`).map((t, i) => {
    const p = `${path}.terms[${i}]`;
    const to = objectAt(t, p);
    const term: Term = { layer: stringAt(to.layer, `${p}.layer`), weight: numberAt(to.weight, `${p}.weight`), adds: numberAt(to.adds, `${p}.adds`) };
    if (to.fixed === true) term.fixed = true;
    return term;
  });
  return {
    factors: arrayAt(o.factors, `${path}.factors`).map((f, i) => stringAt(f, `${path}.factors[${i}]`)),
    terms,
    unused: arrayAt(o.unused ?? [], `${path}.unused`).map((u, i) => {
      const uo = objectAt(u, `${path}.unused[${i}]`);
      return { layer: stringAt(uo.layer, `${path}.unused[${i}].layer`), why: stringAt(uo.why, `${path}.unused[${i}].why`) };
    }),
    naiveFrom: o.naiveFrom === null || o.naiveFrom === undefined ? null : stringAt(o.naiveFrom, `${path}.naiveFrom`),
    naiveCheck: o.naiveCheck === null || o.naiveCheck === undefined ? null : stringAt(o.naiveCheck, `${path}.naiveCheck`),
  };
}

function readScorecard(v: unknown, base: string): Scorecard | null {
  if (v === null || v === undefined) return null;
  const path = at(base, 'scorecard');
  const o = objectAt(v, path);
  const verdict = objectAt(o.verdict, `${path}.verdict`);
  const layers: LayerScore[] = arrayAt(o.layers, `${path}.layers`).map((l, i) => {
    const p = `${path}.layers[${i}]`;
    const lo = objectAt(l, p);
    const layer: LayerScore = {
      id: stringAt(lo.id, `${p}.id`),
      label: stringAt(lo.label, `${p}.label`),
      value: numberAt(lo.value, `${p}.value`),
      weight: numberAt(lo.weight, `${p}.weight`),
      pass: booleanAt(lo.pass, `${p}.pass`),
      reasons: arrayAt(lo.reasons ?? [], `${p}.reasons`).map((r, j) => stringAt(r, `${p}.reasons[${j}]`)),
    };
    if (lo.gate === true) layer.gate = true;
    return layer;
  });
  const card: Scorecard = {
    layers,
    reward: numberAt(o.reward, `${path}.reward`),
    naive: numberAt(o.naive, `${path}.naive`),
    verdict: {
      naive: oneOf(verdict.naive, `${path}.verdict.naive`, ['PASS', 'FAIL'] as const),
      full: oneOf(verdict.full, `${path}.verdict.full`, ['PASS', 'FAIL'] as const),
      caughtBy: verdict.caughtBy === null || verdict.caughtBy === undefined ? null : stringAt(verdict.caughtBy, `${path}.verdict.caughtBy`),
    },
    final: o.final === undefined ? true : booleanAt(o.final, `${path}.final`),
  };
  if (o.composition !== undefined) card.composition = readComposition(o.composition, `${path}.composition`);
  if (o.readings !== undefined) {
    const r = objectAt(o.readings, `${path}.readings`);
    card.readings = Object.fromEntries(Object.entries(r).map(([k, x]) => [k, numberAt(x, `${path}.readings.${k}`)]));
  }
  return card;
}

/** An agent record, as traces and gotcha suites carry it; throws a ShapeError located at `path`. */
export function readAgent(v: unknown, path = 'agent'): AgentInfo {
  const o = objectAt(v, path);
  const agent: AgentInfo = { kind: oneOf(o.kind, `${path}.kind`, AGENT_KINDS), name: stringAt(o.name, `${path}.name`) };
  const model = optional(o.model, (m) => stringAt(m, `${path}.model`));
  if (model !== undefined) agent.model = model;
  if (o.hints !== undefined) agent.hints = booleanAt(o.hints, `${path}.hints`);
  return agent;
}

/**
 * A trace of any readable version, as the current version, from parsed JSON (or a
 * structured clone, as IndexedDB returns it); throws a ShapeError located under `base`.
 */
export function traceAt(value: unknown, base = ''): Trace {
  const raw = objectAt(value, base);
  if (raw.format !== TRACE_FORMAT)
    throw new ShapeError(at(base, 'format'), `expected "${TRACE_FORMAT}", got ${JSON.stringify(raw.format ?? null)}: not a verifier-playground trace`);
  const migrated = migrateTrace(raw);
  if (!migrated.ok) throw new ShapeError(at(base, 'version'), migrated.error);
  const o = migrated.value;
  // Field by field in file order, so a file wrong in several places is reported at the first.
  const world = stringAt(o.world, at(base, 'world'));
  const task = objectAt(o.task, at(base, 'task'));
  const agent = readAgent(o.agent, at(base, 'agent'));
  const steps = arrayAt(o.steps, at(base, 'steps')).map((s, i) => readStep(s, at(base, `steps[${i}]`), i));
  const trace: Trace = {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    world,
    task,
    agent,
    steps,
    stop: readStop(o.stop, base),
    scorecard: readScorecard(o.scorecard, base),
    events: arrayAt(o.events, at(base, 'events')).map((e, i) => readEpisodeEvent(e, at(base, `events[${i}]`), steps.length)),
  };
  if (o.meta !== undefined) trace.meta = objectAt(o.meta, at(base, 'meta')) as JsonObject;
  return trace;
}

/** Read a native trace of any readable version from parsed JSON. Never throws: bad input is a located error. */
export function readTrace(value: unknown): Result<Trace> {
  try {
    return ok(traceAt(value));
  } catch (e) {
    if (e instanceof ShapeError) return err(e.message);
    throw e;
  }
}

/** Parse a native trace from text. */
export function parseTrace(text: string): Result<Trace> {
  if (text.trim() === '') return err('the file is empty');
  const parsed = tryParseJson(text);
  if (!parsed.ok) return err(`not JSON: ${parsed.error}`);
  return readTrace(parsed.value);
}

export function serializeTrace(trace: Trace): string {
  return JSON.stringify(trace, null, 2);
}
