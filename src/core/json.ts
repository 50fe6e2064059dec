import { LIMITS } from './limits';

/** The nesting an agent's own JSON text may have (`tryParseJson`'s `maxDepth` for answers and string arguments). */
export const AGENT_JSON_DEPTH = LIMITS.jsonDepth.value;

/** JSON values as they cross every boundary: tool arguments, results, traces. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON with object keys sorted, so two equal values always give the same text
 * (trace comparison, checksums, byte-identical determinism tests).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** How deep arrays and objects nest in a JSON text, read without parsing (strings skipped); stops counting past `cap`. */
export function jsonNesting(text: string, cap = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > deepest && (deepest = depth) > cap) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

/**
 * Parse text as JSON without throwing. With `maxDepth` (text an agent wrote: an answer,
 * arguments sent as a string), nesting deeper than it is refused before parsing: every
 * walk of the value after it (readers, canonical JSON) recurses once per level, and
 * 10,000 levels overflow the stack. Callers that check depth themselves, with a
 * message of their own (`vp play`, MCP, imports), parse without it.
 */
export function tryParseJson(text: string, maxDepth = Infinity): { ok: true; value: Json } | { ok: false; error: string } {
  if (maxDepth !== Infinity && jsonNesting(text, maxDepth) > maxDepth)
    return { ok: false, error: `nested deeper than ${maxDepth} levels (the jsonDepth limit)` };
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
