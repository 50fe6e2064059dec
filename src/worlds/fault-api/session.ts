import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Session, StepResult, Task, ToolCall } from '../../core/types';
import { makeRecords, pageRecords, unservedIds, type ApiRecord } from './data';
import { outcomeOf } from './outcome';
import { preview, readSubmission } from './reading';
import { some } from './scoring';
import { pagesNeeded, quotaFor, type FaultApiParams } from './params';
import type { FaultApiEvent, FaultApiState } from './state';

interface State {
  requests: number;
  rateLimited: number;
  timeouts: number;
  pagesServed: number[];
  submitted: Json[] | null;
}

type Result = StepResult<FaultApiEvent>;

const result = (ok: boolean, body: Json, events: FaultApiEvent[], done = false): Result => ({
  ok,
  content: JSON.stringify(body),
  done,
  events,
});

const toolError = (code: string, message: string): Result => result(false, { error: code, message }, [{ code, kind: 'error', layer: null, message }]);

export class FaultApiSession implements Session<FaultApiState, FaultApiEvent> {
  private readonly records: readonly ApiRecord[];
  private readonly pages: number;
  private readonly quota: number | null;
  private readonly state: State = { requests: 0, rateLimited: 0, timeouts: 0, pagesServed: [], submitted: null };

  constructor(
    readonly task: Task,
    private readonly params: FaultApiParams,
  ) {
    this.records = makeRecords(params);
    this.pages = pagesNeeded(params);
    this.quota = quotaFor(params);
  }

  async call(call: ToolCall): Promise<Result> {
    if (this.state.submitted) return toolError('episode_over', 'records were already submitted; the episode is over');
    if (call.name === 'fetch_page') return this.fetchPage(call.arguments);
    return this.submit(call.arguments);
  }

  private fetchPage(args: Json): Result {
    const a = args ?? {};
    if (!isJsonObject(a)) return toolError('invalid_arguments', 'fetch_page takes an object like {"cursor": "..."}');
    const cursor = a.cursor ?? null;
    if (cursor !== null && typeof cursor !== 'string') return toolError('invalid_arguments', `cursor must be a string or null, got ${preview(cursor)}`);

    const index = this.state.requests++;
    const requestNote = { request: index + 1, quota: this.quota };
    const outcome = outcomeOf(this.params, index, cursor);
    if (outcome.kind === 'rate-limited') {
      this.state.rateLimited++;
      return result(false, { error: 'rate_limited', status: 429 }, [
        {
          code: 'rate-limited',
          kind: 'fault',
          layer: 'budget_discipline',
          message: `Request ${index + 1} was over the hidden quota of ${outcome.quota}: 429, and it never resets.`,
          data: requestNote,
        },
      ]);
    }
    if (outcome.kind === 'timeout') {
      this.state.timeouts++;
      return result(false, { error: 'timeout' }, [
        { code: 'timeout', kind: 'fault', layer: null, message: `Request ${index + 1} timed out; it still spent quota.`, data: requestNote },
      ]);
    }
    if (outcome.kind === 'invalid-cursor') {
      return result(false, { error: 'invalid_cursor', message: `unknown cursor ${JSON.stringify(cursor)}` }, [
        {
          code: 'invalid-cursor',
          kind: 'error',
          layer: null,
          message: `Unknown cursor ${JSON.stringify(cursor)}; the request still counted.`,
          data: requestNote,
        },
      ]);
    }
    const { page, next, faults } = outcome;
    this.state.pagesServed.push(page);
    const events: FaultApiEvent[] = [];
    const slice = pageRecords(this.records, page, this.params.pageSize);
    const rows: JsonObject[] = slice.map((r) => ({ ...r, amount: faults.typeDrift ? String(r.amount) : r.amount }));
    if (faults.typeDrift)
      events.push({
        code: 'type-drift',
        kind: 'fault',
        layer: 'type_handling',
        message: `Page ${page + 1} sent every amount as a numeric string.`,
        data: { page: page + 1 },
      });
    if (faults.cursorRepeat) {
      events.push({
        code: 'cursor-repeat',
        kind: 'fault',
        layer: 'completeness',
        message: `next_cursor pointed back at page ${page + 1}, the page just served.`,
        data: { page: page + 1 },
      });
    }
    let total = this.records.length;
    if (faults.inflatedTotal !== null) {
      total = faults.inflatedTotal;
      events.push({
        code: 'inflated-total',
        kind: 'fault',
        layer: 'completeness',
        message: `total said ${total}; there are ${this.records.length} records.`,
        data: { reported: total, real: this.records.length },
      });
    }
    return result(true, { records: rows, next_cursor: next, total }, events);
  }

  private submit(args: Json): Result {
    if (!isJsonObject(args) || !Array.isArray(args.records))
      return toolError('invalid_arguments', 'submit_records takes {"records": [{"id": "...", "amount": 123}, ...]}');
    this.state.submitted = args.records;
    return result(true, { received: args.records.length }, this.provenanceEvents(args.records), true);
  }

  /** A trip on the timeline for submitted ids no successful page carried (the provenance gate scores it). */
  private provenanceEvents(rows: Json[]): FaultApiEvent[] {
    const submitted = readSubmission(rows).rows.flatMap(({ id }) => (id === null ? [] : [id]));
    const ids = unservedIds(this.params, this.state.pagesServed, submitted);
    if (ids.length === 0) return [];
    const message = `${ids.length} submitted ${ids.length === 1 ? 'id was' : 'ids were'} never served by the API (${some(ids)}).`;
    return [{ code: 'unserved-ids', kind: 'trip', layer: 'provenance', message, data: { count: ids.length, ids } }];
  }

  async snapshot(): Promise<FaultApiState> {
    return {
      requests: this.state.requests,
      quota: this.quota,
      rate_limited: this.state.rateLimited,
      timeouts: this.state.timeouts,
      pages_served: [...this.state.pagesServed],
      pages: this.pages,
      submitted: this.state.submitted,
    };
  }

  async close(): Promise<void> {}
}
