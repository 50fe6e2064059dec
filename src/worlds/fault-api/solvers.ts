import { policyAgent, type Agent } from '../../core/agent';
import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import type { Step, Task, ToolCall } from '../../core/types';

/** What a fetch_page step told the agent, read from the text it saw. */
interface PageView {
  cursor: string | null;
  ok: boolean;
  error: string | null;
  records: JsonObject[];
  next: string | null;
  total: number | null;
}

function cursorArg(call: ToolCall): string | null {
  return isJsonObject(call.arguments) && typeof call.arguments.cursor === 'string' ? call.arguments.cursor : null;
}

// Steps are immutable once taken; each agent decision re-reads every page, so parse each once.
const pageCache = new WeakMap<Step, PageView>();

export function readPage(step: Step): PageView {
  let view = pageCache.get(step);
  if (!view) {
    view = parsePage(step);
    pageCache.set(step, view);
  }
  return view;
}

function parsePage(step: Step): PageView {
  const parsed = tryParseJson(step.result.content);
  const body: JsonObject = parsed.ok && isJsonObject(parsed.value) ? parsed.value : {};
  const records = Array.isArray(body.records) ? body.records.filter(isJsonObject) : [];
  return {
    cursor: cursorArg(step.call),
    ok: step.result.ok,
    error: typeof body.error === 'string' ? body.error : null,
    records,
    next: typeof body.next_cursor === 'string' ? body.next_cursor : null,
    total: typeof body.total === 'number' ? body.total : null,
  };
}

const fetchPage = (cursor: string | null): ToolCall => ({ name: 'fetch_page', arguments: { cursor } });
const submit = (records: Json[]): ToolCall => ({ name: 'submit_records', arguments: { records } });

/** A numeric string as the integer it spells; anything else unchanged. */
export function coerceAmount(v: Json | undefined): Json {
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number.parseInt(v, 10);
  return v ?? null;
}

/**
 * What an agent has gathered so far, updated incrementally: each decision
 * reads only the steps taken since the last one (an agent plays one episode).
 */
class Collector {
  readonly pages: PageView[] = [];
  readonly unique = new Map<string, JsonObject>();
  readonly served = new Set<string | null>();
  private seen = 0;

  ingest(steps: readonly Step[]): this {
    for (; this.seen < steps.length; this.seen++) {
      const step = steps[this.seen]!;
      if (step.call.name !== 'fetch_page') continue;
      const page = readPage(step);
      this.pages.push(page);
      if (page.ok) this.served.add(page.cursor);
      for (const r of page.records) if (typeof r.id === 'string' && !this.unique.has(r.id)) this.unique.set(r.id, { id: r.id, amount: coerceAmount(r.amount) });
    }
    return this;
  }

  get last(): PageView | undefined {
    return this.pages[this.pages.length - 1];
  }

  /** How many of the latest pages in a row satisfy `pred`. */
  streak(pred: (p: PageView) => boolean): number {
    let n = 0;
    for (let i = this.pages.length - 1; i >= 0 && pred(this.pages[i]!); i--) n++;
    return n;
  }
}

/** Last call the budget allows: submit rather than let the turn budget truncate. */
const lastTurn = (steps: readonly Step[], task: Task) => steps.length >= task.maxTurns - 1;

/** The obvious strategy, trusting what the API reports: follow next_cursor, keep everything as sent, stop at the first failure. */
export function trustingSolver(): Agent {
  const c = new Collector();
  return policyAgent('trusting', (steps, task) => {
    const last = c.ingest(steps).last;
    if (!last) return fetchPage(null);
    if (!last.ok || last.next === null || lastTurn(steps, task))
      return submit(c.pages.flatMap((p) => p.records.map((r) => ({ id: r.id ?? null, amount: r.amount ?? null }))));
    return fetchPage(last.next);
  });
}

/** Retries in a row before the stubborn solver gives up: "forever" would never halt after a 429. */
export const STUBBORN_RETRY_CAP = 3;

/**
 * The impatient strategy: dedupe and coerce, retry every failure immediately
 * (up to STUBBORN_RETRY_CAP in a row), and trust `total`: when the listing
 * ends short of it, start again from the first page.
 */
export function stubbornSolver(): Agent {
  const c = new Collector();
  return policyAgent('stubborn', (steps, task) => {
    const last = c.ingest(steps).last;
    if (!last) return fetchPage(null);
    const rows = () => [...c.unique.values()];
    if (lastTurn(steps, task)) return submit(rows());
    if (!last.ok) return c.streak((p) => !p.ok) > STUBBORN_RETRY_CAP ? submit(rows()) : fetchPage(last.cursor);
    if (last.next !== null) return fetchPage(last.next);
    if (last.total !== null && c.unique.size < last.total) return fetchPage(null);
    return submit(rows());
  });
}

/** Retries of one request (timeout or repeated cursor) before the careful solver gives up on it. */
export const CAREFUL_RETRIES = 3;

/**
 * The careful strategy: dedupe, coerce, retry a timeout or a repeated cursor a
 * few times, ignore `total`, and stop at the first 429.
 */
export function carefulSolver(): Agent {
  const c = new Collector();
  return policyAgent('careful', (steps, task) => {
    const last = c.ingest(steps).last;
    if (!last) return fetchPage(null);
    const rows = () => [...c.unique.values()];
    if (lastTurn(steps, task) || last.error === 'rate_limited') return submit(rows());
    const attempts = c.streak((p) => p.cursor === last.cursor);
    if (!last.ok) return attempts > CAREFUL_RETRIES ? submit(rows()) : fetchPage(last.cursor);
    if (last.next === null) return submit(rows());
    if (c.served.has(last.next)) return attempts > CAREFUL_RETRIES ? submit(rows()) : fetchPage(last.cursor);
    return fetchPage(last.next);
  });
}
