import { AGENT_JSON_DEPTH, isJsonObject, tryParseJson, type Json, type JsonObject } from './json';
import type { Session, Step, StepResult, Task, ToolCall, ToolErrorEvent, ToolSpec, WorldEvent } from './types';

/**
 * The other names a world accepts for its tools and their arguments, beyond
 * what every world accepts (an `mcp__<server>__` or `functions.` prefix, any
 * case or separator, camelCase ↔ snake_case arguments). Keys are snake_case.
 */
export interface Leniency {
  /** e.g. { execute_sql: 'run_sql' } */
  tools?: Readonly<Record<string, string>>;
  /** Per canonical tool, e.g. { run_sql: { sql: 'query' } } */
  args?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const NORMALISED = 'call-normalised';

/** The reading of a call, on the step that ran it: every world's events include this one. */
export type NormalisedEvent = {
  code: typeof NORMALISED;
  kind: 'info';
  layer: null;
  message: string;
  data: { tool: string; called?: string; parsed_arguments?: true; renamed?: Record<string, string>; decoded?: string[] };
};

/** A call no tool of the task answers to, or with two arguments meaning one parameter: the world never runs it. */
export type Refusal = { code: 'unknown_tool' | 'invalid_arguments'; message: string };

export type Normalised = { ok: true; call: ToolCall; event: NormalisedEvent | null } | ({ ok: false } & Refusal);

type Tools = Pick<Task, 'tools' | 'lenient'>;

const own = (record: Readonly<Record<string, string>> | undefined, key: string): string | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/** `runSQL`, `Run-Sql` and `run sql` are all `run_sql`. */
export function snakeCase(name: string): string {
  return name
    .trim()
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s]+/g, '_')
    .toLowerCase();
}

/** Harnesses namespace tools: `mcp__<server>__run_sql` (Claude's MCP), `functions.run_sql`, `default_api.run_sql`. */
const bare = (name: string) =>
  name
    .trim()
    .replace(/^mcp__.+?__/, '')
    .replace(/^[\w-]+\./, '');

export function canonicalTool({ tools, lenient }: Tools, name: string): string | null {
  const names = tools.map((t) => t.function.name);
  if (names.includes(name)) return name;
  const snake = snakeCase(bare(name));
  const alias = names.find((n) => snakeCase(n) === snake) ?? own(lenient?.tools, snake);
  return alias !== undefined && names.includes(alias) ? alias : null;
}

/** "a", "a and b", "a, b and c" */
const listed = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

function propertyNames(spec: ToolSpec): string[] {
  const props = spec.function.parameters.properties;
  return isJsonObject(props) ? Object.keys(props) : [];
}

type Args = { ok: true; value: Json; renamed: [string, string][]; parsed: boolean; decoded: string[] } | { ok: false; message: string };

/** The JSON type a schema property declares, when it is a list or an object (what a model sends as a JSON string). */
function structuredType(spec: ToolSpec, key: string): 'array' | 'object' | null {
  const props = spec.function.parameters.properties;
  const prop = isJsonObject(props) && Object.hasOwn(props, key) ? props[key] : undefined;
  const type = isJsonObject(prop) ? prop.type : undefined;
  return type === 'array' || type === 'object' ? type : null;
}

/**
 * A list or object argument sent as the JSON text of one (`"records": "[{…}]"`, as models stringify nested
 * arguments): read as that value, when the text parses to the type the schema declares; anything else stays as
 * sent, for the tool to refuse.
 */
function decoded(spec: ToolSpec, key: string, v: Json): Json | undefined {
  const type = typeof v === 'string' ? structuredType(spec, key) : null;
  if (type === null) return undefined;
  const json = tryParseJson((v as string).trim(), AGENT_JSON_DEPTH);
  if (!json.ok) return undefined;
  return (type === 'array' ? Array.isArray(json.value) : isJsonObject(json.value)) ? json.value : undefined;
}

/**
 * Argument names mapped onto the schema's. Keys that match nothing are kept as
 * sent, for the tool to judge; two keys meaning one argument are an error,
 * because choosing one would be a guess.
 */
function normaliseArgs(spec: ToolSpec, raw: Json, lenient: Leniency | undefined): Args {
  let value = raw;
  let parsed = false;
  if (typeof raw === 'string') {
    const text = raw.trim();
    const json = text === '' ? { ok: true as const, value: {} } : tryParseJson(text, AGENT_JSON_DEPTH);
    if (json.ok && isJsonObject(json.value)) [value, parsed] = [json.value, true];
  }
  if (!isJsonObject(value)) return { ok: true, value, renamed: [], parsed, decoded: [] };
  const tool = spec.function.name;
  const props = propertyNames(spec);
  const synonyms = lenient?.args?.[tool];
  const targetOf = (key: string): string => {
    if (props.includes(key)) return key;
    const snake = snakeCase(key);
    return props.find((p) => snakeCase(p) === snake) ?? own(synonyms, snake) ?? key;
  };
  const sources = new Map<string, string>();
  const entries: [string, Json][] = [];
  const renamed: [string, string][] = [];
  const decodedKeys: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const target = targetOf(key);
    const earlier = sources.get(target);
    if (earlier !== undefined) return { ok: false, message: `${tool}: the arguments "${earlier}" and "${key}" both mean "${target}"; send it once` };
    sources.set(target, key);
    const read = decoded(spec, target, v);
    if (read !== undefined) decodedKeys.push(target);
    entries.push([target, read ?? v]);
    if (target !== key) renamed.push([key, target]);
  }
  // fromEntries, not assignment: a "__proto__" key stays a plain property.
  const changed = renamed.length > 0 || decodedKeys.length > 0;
  return { ok: true, value: changed ? Object.fromEntries(entries) : value, renamed, parsed, decoded: decodedKeys };
}

/**
 * A call as the world's tools understand it, and what was read differently, as
 * an event for the trace (whose step keeps the call exactly as sent). The
 * episode reads every call through this before its session sees it
 * (`readingCalls`), so a trace replays the same reading.
 */
export function normaliseCall(call: ToolCall, task: Tools): Normalised {
  const name = canonicalTool(task, call.name);
  const spec = task.tools.find((t) => t.function.name === name);
  if (name === null || !spec)
    return { ok: false, code: 'unknown_tool', message: `unknown tool "${call.name}"; the tools are ${listed(task.tools.map((t) => t.function.name))}` };
  const args = normaliseArgs(spec, call.arguments, task.lenient);
  if (!args.ok) return { ok: false, code: 'invalid_arguments', message: args.message };
  const normalised: ToolCall = { ...call, name, arguments: args.value };
  const notes: string[] = [];
  const data: NormalisedEvent['data'] = { tool: name };
  if (name !== call.name) {
    notes.push(`${call.name} → ${name}`);
    data.called = call.name;
  }
  if (args.parsed) {
    notes.push('arguments read from a JSON string');
    data.parsed_arguments = true;
  }
  if (args.renamed.length > 0) {
    notes.push(`${args.renamed.length > 1 ? 'arguments' : 'argument'} ${args.renamed.map(([a, b]) => `${a} → ${b}`).join(', ')}`);
    data.renamed = Object.fromEntries(args.renamed);
  }
  if (args.decoded.length > 0) {
    notes.push(`${args.decoded.length > 1 ? 'arguments' : 'argument'} ${args.decoded.join(', ')} read from a JSON string`);
    data.decoded = args.decoded;
  }
  if (notes.length === 0) return { ok: true, call: normalised, event: null };
  return { ok: true, call: normalised, event: { code: NORMALISED, kind: 'info', layer: null, message: notes.join('; '), data } };
}

/**
 * The world's result with the reading appended, not prepended: a step's first
 * event stays the world's own (rubrics name an error step by it).
 */
export function withReading<E extends WorldEvent>(result: StepResult<E>, event: NormalisedEvent | null): StepResult<E | NormalisedEvent> {
  return event ? { ...result, events: [...result.events, event] } : result;
}

/** What the agent is told of a refused call in a world that does not say otherwise (`Session.refuse`). */
export function refusalResult({ code, message }: Refusal): StepResult<ToolErrorEvent> {
  return { ok: false, content: JSON.stringify({ error: code, message }), done: false, events: [{ code, kind: 'error', layer: null, message }] };
}

/**
 * The one lenient reading every world gets, applied by the episode to its
 * session (`Episode.open`): the session receives each call under its tools' own
 * names, or its `refuse` (else `refusalResult`) answers a call it cannot read.
 * Tests that drive a session without an episode wrap it the same way. `E`
 * includes the reading's event and the default refusal's: every world's event
 * union lists them.
 */
export function readingCalls<S extends JsonObject, E extends WorldEvent>(session: Session<S, E>): Session<S, E> {
  const read = async (call: ToolCall): Promise<StepResult<E>> => {
    const r = normaliseCall(call, session.task);
    if (!r.ok) {
      const refusal: Refusal = { code: r.code, message: r.message };
      return session.refuse ? session.refuse(refusal) : (refusalResult(refusal) as StepResult<WorldEvent> as StepResult<E>);
    }
    return withReading(await session.call(r.call), r.event) as StepResult<E>;
  };
  return {
    task: session.task,
    call: read,
    snapshot: () => session.snapshot(),
    ...(session.inspect ? { inspect: () => session.inspect!() } : {}),
    close: () => session.close(),
  };
}

/** The tool a step ran, as its world read it: what counters and charts should group by. */
export function toolOf(step: Pick<Step, 'call' | 'events'>): string {
  const read = step.events.find((e) => e.code === NORMALISED)?.data?.tool;
  return typeof read === 'string' ? read : step.call.name;
}
