import { isJsonObject, type Json, type JsonObject } from '../core/json';

/**
 * A validator for the JSON Schema subset tool specs use: type (one or a list),
 * properties, required, additionalProperties: false, items, enum. Returns the
 * first few problems as paths a model can act on ("records[2].amount: …").
 */
export function validateArgs(schema: JsonObject, value: Json, max = 5): string[] {
  const problems: string[] = [];
  check(schema, value, '', problems);
  return problems.slice(0, max);
}

function typeOf(v: Json): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function matchesType(t: string, v: Json): boolean {
  const actual = typeOf(v);
  if (t === 'number') return actual === 'number' || actual === 'integer';
  return t === actual;
}

const at = (path: string) => (path === '' ? 'arguments' : path);

function check(schema: Json, value: Json, path: string, out: string[]): void {
  if (!isJsonObject(schema)) return;
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((t) => typeof t === 'string') : [];
  if (types.length > 0 && !types.some((t) => matchesType(t, value))) {
    out.push(`${at(path)}: expected ${types.join(' or ')}, got ${typeOf(value)}`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    out.push(`${at(path)}: must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (isJsonObject(value)) checkObject(schema, value, path, out);
  const items = schema.items;
  if (Array.isArray(value) && items !== undefined) value.forEach((item, i) => check(items, item, `${path}[${i}]`, out));
}

function checkObject(schema: JsonObject, value: JsonObject, path: string, out: string[]): void {
  const props = isJsonObject(schema.properties) ? schema.properties : {};
  const prefix = path === '' ? '' : `${path}.`;
  if (Array.isArray(schema.required))
    for (const name of schema.required) if (typeof name === 'string' && !(name in value)) out.push(`${at(path)}: missing required "${name}"`);
  for (const [name, v] of Object.entries(value)) {
    const sub = props[name];
    if (sub !== undefined) check(sub, v, `${prefix}${name}`, out);
    else if (schema.additionalProperties === false) out.push(`${at(path)}: unexpected property "${name}"`);
  }
}
