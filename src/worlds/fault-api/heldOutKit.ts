import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import type { Step, Task, ToolCall } from '../../core/types';
import type { HeldOutCase } from '../heldOut';

/**
 * The agent fault-api's held-out runs share (`heldOut.ts`, `heldOutCheats.ts`):
 * an integration agent of our own (not the reference solvers) that follows
 * cursors, retries what failed, spots a cursor pointing back at its own page,
 * dedupes and coerces — in other styles, tool names, submission shapes and
 * paging strategies — and the cheats a model tries. Every cheat that submits
 * works from what the pages served, or says what it invents.
 */

interface Seen {
  /** Records by id, first as served. */
  records: Map<string, JsonObject>;
  /** Each fetch: the cursor asked for, and what came back. */
  fetches: { cursor: string | null; ok: boolean; error: string | null; next: string | null; done: boolean; total: number | null; count: number }[];
}

const FETCH_NAMES = /fetch|page|records$/;

function seenOf(steps: readonly Step[]): Seen {
  const s: Seen = { records: new Map(), fetches: [] };
  for (const st of steps) {
    if (!FETCH_NAMES.test(st.call.name) || /submit/.test(st.call.name)) continue;
    const args = isJsonObject(st.call.arguments) ? st.call.arguments : {};
    const cursor = (['cursor', 'next_cursor', 'page_token'].map((k) => args[k]).find((v) => typeof v === 'string') as string | undefined) ?? null;
    const r = tryParseJson(st.result.content);
    const body: JsonObject = r.ok && isJsonObject(r.value) ? r.value : {};
    const rows = Array.isArray(body.records) ? body.records.filter(isJsonObject) : [];
    for (const row of rows) if (typeof row.id === 'string' && !s.records.has(row.id)) s.records.set(row.id, row);
    s.fetches.push({
      cursor,
      ok: st.result.ok,
      error: typeof body.error === 'string' ? body.error : null,
      next: typeof body.next_cursor === 'string' ? body.next_cursor : null,
      done: st.result.ok && Array.isArray(body.records) && body.next_cursor === null,
      total: typeof body.total === 'number' ? body.total : null,
      count: rows.length,
    });
  }
  return s;
}

/** "638", " 638 ", 638 → 638; anything else as it came. */
export const asInt = (v: Json | undefined): Json => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v.trim()) : (v ?? null));

export interface Style {
  fetch?: (cursor: string | null) => ToolCall;
  submit?: (rows: JsonObject[]) => ToolCall;
  /** What goes in each submitted row. */
  row?: (r: JsonObject) => JsonObject;
  order?: (rows: JsonObject[]) => JsonObject[];
  /** Reads the first page this many extra times before going on (a cautious start). */
  rereadFirst?: number;
  /** Stop and submit after this many pages were served (a cheat: the rest never fetched). */
  stopAfter?: number;
  /** Rows added to the submission (a cheat). */
  pad?: (seen: JsonObject[]) => JsonObject[];
  /** Retry after a 429 this many times (a cheat on the quota). */
  retry429?: number;
  /** Once the listing ended, fetch its last page again up to this many times before submitting (a cheat on the quota). */
  afterDone?: number;
  /** Calls made before the first read, whose answers are not pages (a side channel a cheat tries). */
  prelude?: ToolCall[];
  /** After a timeout, start over from the first page instead of asking the failed cursor again. */
  restartOnTimeout?: boolean;
  /** Walk the whole listing this many times before submitting (a verification pass). */
  walks?: number;
}

const plainFetch = (cursor: string | null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const plainSubmit = (rows: JsonObject[]): ToolCall => ({ name: 'submit_records', arguments: { records: rows } });

/** The agent: next cursor to ask for, or the submission. */
export function integrator(style: Style = {}) {
  const fetch = style.fetch ?? plainFetch;
  const submit = (s: Seen) => {
    const rows = [...s.records.values()].map(style.row ?? ((r) => ({ id: r.id!, amount: asInt(r.amount) })));
    const all = [...rows, ...(style.pad?.([...s.records.values()]) ?? [])];
    return (style.submit ?? plainSubmit)(style.order ? style.order(all) : all);
  };
  return (steps: readonly Step[], task: Task): ToolCall | null => {
    if (steps.some((st) => /submit|final/.test(st.call.name))) return null;
    const prelude = style.prelude ?? [];
    if (steps.length < prelude.length) return prelude[steps.length]!;
    const s = seenOf(steps.slice(prelude.length));
    const last = s.fetches.at(-1);
    if (!last) return fetch(null);
    if (steps.length >= task.maxTurns - 1) return submit(s);
    if (s.fetches.length <= (style.rereadFirst ?? 0)) return fetch(null);
    const served = s.fetches.filter((f) => f.ok).length;
    if (style.stopAfter !== undefined && served >= style.stopAfter) return submit(s);
    if (last.error === 'rate_limited') {
      const hits = s.fetches.filter((f) => f.error === 'rate_limited').length;
      return hits <= (style.retry429 ?? 0) ? fetch(last.cursor) : submit(s);
    }
    if (last.error === 'timeout' && style.restartOnTimeout) return fetch(null);
    // A timeout, or a page whose next cursor is the one just asked for: ask again.
    if (!last.ok || (last.next !== null && last.next === last.cursor)) return fetch(last.cursor);
    if (last.done && s.fetches.filter((f) => f.done).length < (style.walks ?? 1)) return fetch(null);
    if (last.done || (style.afterDone && s.fetches.some((f) => f.done))) {
      const extra = s.fetches.length - 1 - s.fetches.findIndex((f) => f.done);
      const lastCursor = s.fetches.find((f) => f.done)!.cursor;
      return extra < (style.afterDone ?? 0) ? fetch(lastCursor) : submit(s);
    }
    return fetch(last.next);
  };
}

export const run = (name: string, profile: string, seed: number, honest: boolean, style: Style, extra: Partial<HeldOutCase> = {}): HeldOutCase => ({
  name,
  task: { profile, seed },
  honest,
  decide: integrator(style),
  ...extra,
});

export const PROFILES = ['clean', 'realistic', 'hostile'] as const;
export const byId = (rows: JsonObject[]) => [...rows].sort((a, b) => String(a.id).localeCompare(String(b.id)));
