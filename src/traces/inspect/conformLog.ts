import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { Checker, type Alt, type LogShapes, type Shape } from './validateLog';

/**
 * A log made to fit the log schema an export targets, and what that took. Inspect writes with
 * `exclude_none` and newer Inspect adds fields an older schema closes its objects against, so a
 * log read from another writer rarely fits as written: a property the schema has no place for is
 * dropped, an absent required one is written as Inspect's reader would take it (the schema's
 * default, else null where null is allowed, else an empty object or list). Nothing else is
 * changed; what still does not fit is reported, not guessed at.
 */
export interface Conformed {
  value: Json;
  /** "EvalSample.started_at" → how many were dropped. */
  dropped: Map<string, number>;
  /** "ModelOutput.error" → how many were written because they were absent. */
  filled: Map<string, number>;
  /** "ModelUsage.cache_read_input_tokens → input_tokens_cache_read" → how many were moved (RENAMED). */
  renamed: Map<string, number>;
  /** What still does not fit, as "path: what" (the first few). */
  problems: string[];
}

interface Changes {
  dropped: Map<string, number>;
  filled: Map<string, number>;
  renamed: Map<string, number>;
}

/**
 * Properties other writers name differently from the target schema, moved to its name when that is not
 * set: the R writer (vitals) writes Anthropic's cache counts under their API names; Inspect's first
 * schema called a metric's parameters `options`.
 */
const RENAMED: Record<string, Record<string, string>> = {
  ModelUsage: { cache_creation_input_tokens: 'input_tokens_cache_write', cache_read_input_tokens: 'input_tokens_cache_read' },
  EvalMetric: { options: 'params' },
};

const bump = (m: Map<string, number>, k: string, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

function merge(into: Changes, from: Changes) {
  for (const [k, n] of from.dropped) bump(into.dropped, k, n);
  for (const [k, n] of from.filled) bump(into.filled, k, n);
  for (const [k, n] of from.renamed) bump(into.renamed, k, n);
}

const fresh = (): Changes => ({ dropped: new Map(), filled: new Map(), renamed: new Map() });

/** What an absent required property is written as, or undefined when the schema gives nothing to write. */
function absentValue(shape: Shape, key: string): Json | undefined {
  if (shape.defaults && key in shape.defaults) return structuredClone(shape.defaults[key]!);
  const alts = shape.props[key] ?? [];
  if (alts.includes('null')) return null;
  if (alts.some((a) => a === 'object' || (typeof a === 'object' && 'map' in a))) return {};
  if (alts.some((a) => typeof a === 'object' && 'array' in a)) return [];
  return undefined;
}

class Conformer {
  private readonly checker: Checker;

  constructor(private readonly shapes: LogShapes) {
    this.checker = new Checker(shapes);
  }

  /** Whether `v` is of the JSON kind an alternative takes (its object, list, string …), whatever is inside. */
  private kindOf(a: Alt, v: Json): boolean {
    if (typeof a === 'string') return this.checker.alt(a, v, '').length === 0;
    if ('enum' in a) return a.enum.some((e) => e === v);
    if ('array' in a) return Array.isArray(v);
    if ('map' in a) return isJsonObject(v);
    const shape = this.shapes[a.ref];
    if (!shape) return false;
    return 'alias' in shape ? shape.alias.some((x) => this.kindOf(x, v)) : isJsonObject(v);
  }

  /** Of several object definitions, the one whose discriminating constants (role, type, event) `v` carries, if exactly one. */
  private discriminate(alts: readonly Alt[], v: Json): Alt | null {
    if (!isJsonObject(v)) return null;
    const fits = alts.filter((a) => {
      const shape = typeof a === 'object' && 'ref' in a ? this.shapes[a.ref] : undefined;
      if (!shape || 'alias' in shape) return false;
      return Object.entries(shape.props).every(([k, allowed]) => {
        const only = allowed.length === 1 ? allowed[0]! : null;
        if (!only || typeof only !== 'object' || !('enum' in only) || only.enum.length !== 1) return true;
        return v[k] === undefined || v[k] === only.enum[0];
      });
    });
    return fits.length === 1 ? fits[0]! : null;
  }

  /**
   * `v` as the alternative it fits. Most unions are told apart by the JSON kind or a constant (a message's
   * role, a content part's type): that alternative is taken and conformed, nothing else is tried. Only
   * where that leaves several, each is conformed and checked, and the first that then fits is taken.
   */
  alts(alts: readonly Alt[], v: Json, changes: Changes): Json {
    const kinds = alts.filter((a) => this.kindOf(a, v));
    if (kinds.length === 0 || kinds.some((a) => typeof a === 'string' || 'enum' in a)) return v;
    const pick = kinds.length === 1 ? kinds[0]! : this.discriminate(kinds, v);
    if (pick) return this.alt(pick, v, changes) ?? v;
    if (kinds.some((a) => this.checker.alt(a, v, '').length === 0)) return v;
    let fallback: { value: Json; changes: Changes; problems: number } | null = null;
    for (const a of kinds) {
      const trial = fresh();
      const value = this.alt(a, v, trial);
      if (value === undefined) continue;
      const problems = this.checker.alt(a, value, '').length;
      if (problems === 0) {
        merge(changes, trial);
        return value;
      }
      if (fallback === null || problems < fallback.problems) fallback = { value, changes: trial, problems };
    }
    if (!fallback) return v;
    merge(changes, fallback.changes);
    return fallback.value;
  }

  /** `v` conformed to one alternative; undefined when it is not of that alternative's JSON kind at all. */
  private alt(a: Alt, v: Json, changes: Changes): Json | undefined {
    if (typeof a === 'string' || 'enum' in a) return undefined;
    if ('array' in a) {
      if (!Array.isArray(v)) return undefined;
      const out = v.map((x) => this.alts(a.array, x, changes));
      return out.some((x, i) => x !== v[i]) ? out : v;
    }
    if ('map' in a) {
      if (!isJsonObject(v)) return undefined;
      const out = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.alts(a.map, x, changes)]));
      return Object.keys(out).some((k) => out[k] !== v[k]) ? out : v;
    }
    return this.ref(a.ref, v, changes);
  }

  ref(name: string, v: Json, changes: Changes): Json | undefined {
    const shape = this.shapes[name];
    if (!shape) return undefined;
    if ('alias' in shape) return this.alts(shape.alias, v, changes);
    if (!isJsonObject(v)) return undefined;
    const out: JsonObject = {};
    // An object that already fits is returned as it is (not copied): most of a log.
    let changed = false;
    for (const [k, x] of Object.entries(v)) {
      const allowed = shape.props[k];
      const to = RENAMED[name]?.[k];
      if (allowed) {
        out[k] = this.alts(allowed, x, changes);
        if (out[k] !== x) changed = true;
      } else if (to && (v[to] === undefined || v[to] === null) && shape.props[to]) {
        out[to] = this.alts(shape.props[to], x, changes);
        bump(changes.renamed, `${name}.${k} → ${to}`);
        changed = true;
      } else if (shape.closed) {
        bump(changes.dropped, `${name}.${k}`);
        changed = true;
      } else out[k] = x;
    }
    for (const r of shape.required) {
      if (r in out) continue;
      const absent = absentValue(shape, r);
      if (absent === undefined) continue;
      out[r] = absent;
      bump(changes.filled, `${name}.${r}`);
      changed = true;
    }
    return changed ? out : v;
  }
}

/** `log` made to fit definition `definition` of `shapes` (see Conformed). The input is not changed. */
export function conformTo(shapes: LogShapes, definition: string, log: Json): Conformed {
  const changes = fresh();
  const value = new Conformer(shapes).ref(definition, log, changes) ?? log;
  const problems = new Checker(shapes).ref(definition, value, definition).slice(0, 5);
  return { value, ...changes, problems };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * The notes a conformed export carries: each dropped property with its count, the filled
 * ones by definition, and anything still out of shape. `schema` names the target ("Inspect dbad73cf").
 */
export function conformNotes(c: Pick<Conformed, 'dropped' | 'filled' | 'renamed' | 'problems'>, schema: string): string[] {
  const notes: string[] = [];
  if (c.renamed.size) notes.push(`fields written under the name the ${schema} schema gives them: ${[...c.renamed].map(([k, n]) => `${k} (${n}×)`).join(', ')}`);
  if (c.dropped.size)
    notes.push(
      `fields the log schema this export targets (${schema}) has no place for, not written: ${[...c.dropped].map(([k, n]) => `${k} (${n}×)`).join(', ')}`,
    );
  if (c.filled.size) {
    const byDef = new Map<string, string[]>();
    for (const k of c.filled.keys()) {
      const [def, field] = [k.slice(0, k.indexOf('.')), k.slice(k.indexOf('.') + 1)];
      byDef.set(def, [...(byDef.get(def) ?? []), field]);
    }
    const parts = [...byDef].map(([def, fields]) => (fields.length > 4 ? `${def} (${plural(fields.length, 'field')})` : `${def}.${fields.join(`, ${def}.`)}`));
    notes.push(
      `fields the writer left out (Inspect writes none that are empty) but the ${schema} schema requires, written as Inspect reads them (its default, else null): ${parts.join(', ')}`,
    );
  }
  if (c.problems.length) notes.push(`what still does not fit the ${schema} log schema (written as it was): ${c.problems.join('; ')}`);
  return notes;
}
