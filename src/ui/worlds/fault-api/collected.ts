import { isJsonObject, tryParseJson, type JsonObject } from '../../../core/json';
import { toolOf } from '../../../core/lenient';
import type { Step } from '../../../core/types';

/**
 * Every record the agent has seen so far, in order, with how often it was
 * seen: what the agent's own pages said, read from the results it got (the
 * world's state keeps only which pages it served).
 */
export function collected(steps: readonly Step[]): { rows: JsonObject[]; seen: Map<string, number> } {
  const rows: JsonObject[] = [];
  const seen = new Map<string, number>();
  for (const s of steps) {
    for (const r of pageRows(s)) {
      rows.push(r);
      const id = String(r.id);
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  return { rows, seen };
}

// A step never changes once taken: its page is read once, not on every step shown after it (5,000 pages: 90 ms a step).
const pages = new WeakMap<Step, readonly JsonObject[]>();

function pageRows(s: Step): readonly JsonObject[] {
  const known = pages.get(s);
  if (known) return known;
  const rows: JsonObject[] = [];
  if (toolOf(s) === 'fetch_page' && s.result.ok) {
    const body = tryParseJson(s.result.content);
    if (body.ok && isJsonObject(body.value) && Array.isArray(body.value.records))
      for (const r of body.value.records) if (isJsonObject(r)) rows.push({ page_step: s.index + 1, ...r });
  }
  pages.set(s, rows);
  return rows;
}

/**
 * The cursor the next fetch most likely wants: the one the last page served pointed to. When that page said
 * next_cursor null (`ended`, the end of the listing), the cursor that fetched it is kept: an empty one would
 * silently start the listing again from page 1.
 */
export function lastCursor(steps: readonly Step[]): { cursor: string; ended: boolean } {
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i]!;
    if (toolOf(s) !== 'fetch_page' || !s.result.ok) continue;
    const body = tryParseJson(s.result.content);
    if (body.ok && isJsonObject(body.value)) {
      const next = body.value.next_cursor;
      if (typeof next === 'string') return { cursor: next, ended: false };
      const used = isJsonObject(s.call.arguments) ? s.call.arguments.cursor : null;
      return { cursor: typeof used === 'string' ? used : '', ended: next === null };
    }
  }
  return { cursor: '', ended: false };
}
