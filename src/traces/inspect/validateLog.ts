import { isJsonObject, type Json } from '../../core/json';

/**
 * The JSON Schema subset Inspect's log schema uses, reduced to what a check
 * needs (see scripts/inspect-log-schema.mjs): anyOf as a list of alternatives;
 * each a type name, "any", a $ref to a definition, an array or a map of
 * alternatives, or an enum (a const is an enum of one).
 */
export type Alt = string | { ref: string } | { array: Alt[] } | { map: Alt[] } | { enum: Json[] };

export interface Shape {
  required: string[];
  /** additionalProperties: false — an unknown property is a problem. */
  closed: boolean;
  props: Record<string, Alt[]>;
  /** What Inspect's reader takes for an absent property (its default), where the schema states one. */
  defaults?: Record<string, Json>;
}

export type LogShapes = Record<string, Shape | { alias: Alt[] }>;

const kindOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function describeAlt(a: Alt): string {
  if (typeof a === 'string') return a;
  if ('ref' in a) return a.ref;
  if ('array' in a) return 'array';
  if ('map' in a) return 'object';
  return a.enum.map((e) => JSON.stringify(e)).join(' | ');
}

export class Checker {
  constructor(private readonly shapes: LogShapes) {}

  /** Problems with `v` against the best-fitting alternative; [] when one fits. */
  alts(alts: readonly Alt[], v: Json, path: string): string[] {
    let best: string[] | null = null;
    for (const a of alts) {
      const problems = this.alt(a, v, path);
      if (problems.length === 0) return [];
      // An alternative of another JSON type says only "wrong type"; one of the right type says what is wrong inside.
      if (problems[0] === WRONG_KIND) continue;
      if (best === null || weight(problems) < weight(best)) best = problems;
    }
    return best ?? [`${path}: expected ${alts.map(describeAlt).join(' or ')}, got ${kindOf(v)}`];
  }

  alt(a: Alt, v: Json, path: string): string[] {
    if (typeof a === 'string') return this.primitive(a, v);
    if ('enum' in a) {
      if (a.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return [];
      return typeof v === 'string' || typeof v === 'number' ? [`${path}: ${JSON.stringify(v)}${NOT_ONE_OF}${describeAlt(a)}`] : [WRONG_KIND];
    }
    if ('array' in a) return Array.isArray(v) ? v.flatMap((x, i) => this.alts(a.array, x, `${path}[${i}]`)) : [WRONG_KIND];
    if ('map' in a) return isJsonObject(v) ? Object.entries(v).flatMap(([k, x]) => this.alts(a.map, x, `${path}.${k}`)) : [WRONG_KIND];
    return this.ref(a.ref, v, path);
  }

  private primitive(t: string, v: Json): string[] {
    const ok =
      t === 'any' ||
      (t === 'integer' && Number.isInteger(v)) ||
      (t === 'number' && typeof v === 'number') ||
      (t === 'object' && isJsonObject(v)) ||
      (t !== 'integer' && t !== 'number' && t !== 'object' && kindOf(v) === t);
    return ok ? [] : [WRONG_KIND];
  }

  ref(name: string, v: Json, path: string): string[] {
    const shape = this.shapes[name];
    if (!shape) return [`${path}: the schema has no definition ${name}`];
    if ('alias' in shape) return this.alts(shape.alias, v, path);
    if (!isJsonObject(v)) return [WRONG_KIND];
    const out: string[] = [];
    for (const r of shape.required) if (!(r in v)) out.push(`${path}: missing required "${r}" (${name})`);
    for (const [k, x] of Object.entries(v)) {
      const allowed = shape.props[k];
      if (allowed) out.push(...this.alts(allowed, x, `${path}.${k}`));
      else if (shape.closed) out.push(`${path}: unknown property "${k}" (${name} allows ${Object.keys(shape.props).join(', ')})`);
    }
    return out;
  }
}

const WRONG_KIND = '\u0000wrong kind';
const NOT_ONE_OF = ' is not one of ';

/** A definition whose discriminator (role, type, event) does not match is the wrong one, however few its other problems. */
const weight = (problems: string[]) => problems.length + (problems.some((p) => p.includes(NOT_ONE_OF)) ? 1000 : 0);

/** Problems of a value against a definition of the log schema, as "path: what", at most `max`. */
export function validateAgainst(shapes: LogShapes, definition: string, value: Json, max = 20): string[] {
  const problems = new Checker(shapes).ref(definition, value, definition);
  return problems.map((p) => (p === WRONG_KIND ? `${definition}: expected an object, got ${kindOf(value)}` : p)).slice(0, max);
}
