import { isJsonObject, type Json, type JsonObject } from '../../core/json';

/**
 * A tool's JSON schema without `type` arrays, which strict MCP clients (and
 * the MCP Inspector's portability check) do not take: `{type: ["string",
 * "null"], description}` becomes `{anyOf: [{type: "string"}, {type: "null"}],
 * description}`, as Pydantic writes an Optional. Keywords that belong to one
 * branch (`items` to an array, `properties` to an object) go with it. Nested
 * schemas are rewritten alike; the worlds' own schemas (what vf-eval and
 * Inspect exports carry) are left as they are.
 */
export function portableSchema(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(portableSchema);
  if (!isJsonObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === 'enum' || k === 'const' || k === 'required' || k === 'default' || k === 'examples' ? v : portableSchema(v);
  if (!Array.isArray(out.type)) return out;
  const types = out.type.filter((t): t is string => typeof t === 'string');
  if (types.length === 1) return { ...out, type: types[0]! };
  const { type: _, ...rest } = out;
  const BRANCH: Record<string, string[]> = {
    array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'],
    object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'propertyNames'],
    string: ['minLength', 'maxLength', 'pattern', 'format'],
    number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
    integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  };
  const owned = new Set(types.flatMap((t) => BRANCH[t] ?? []));
  const shared: JsonObject = {};
  for (const [k, v] of Object.entries(rest)) if (!owned.has(k)) shared[k] = v;
  const anyOf = types.map((t) => {
    const branch: JsonObject = { type: t };
    for (const k of BRANCH[t] ?? []) if (k in rest) branch[k] = rest[k]!;
    return branch;
  });
  return { ...shared, anyOf };
}
