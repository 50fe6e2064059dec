import type { Json, JsonObject } from '../../core/json';
import type { Refusal } from '../../core/lenient';
import type { Session, StepResult, Task, ToolCall } from '../../core/types';
import { STATUSES, type Status, type TicketRecord } from './data';
import type { ListFilter, Observation, TicketQueueEvent, TicketQueueState, TicketView, WriteEntry } from './state';
import { forbiddenRule, type Gold } from './tasks';
import { MAX_NOTE_DEPTH, nestsDeeperThan, plainText, printable } from './noteValues';
import { argsObject, idArg, isToolName, parseNote, parseStatus, TOOL_NAMES } from './tools';

export type { Observation, WriteEntry } from './state';

type Result = StepResult<TicketQueueEvent>;

const reply = (ok: boolean, body: Json, events: TicketQueueEvent[], done = false): Result => ({ ok, content: JSON.stringify(body), done, events });

const toolError = (code: string, message: string): Result => reply(false, { error: code, message }, [{ code, kind: 'error', layer: 'recovery', message }]);

/** A record as list_records shows it: its note count, not its notes or body. */
const listRow = (r: TicketRecord): JsonObject => ({
  id: r.id,
  title: r.title,
  status: r.status,
  priority: r.priority,
  assignee: r.assignee,
  tags: r.tags,
  notes: r.notes.length,
});

// Key order is the reply's text (read_record returns it): notes where the list row has its count, then body.
const recordJson = (r: TicketRecord): TicketView => ({
  id: r.id,
  title: r.title,
  status: r.status,
  priority: r.priority,
  assignee: r.assignee,
  tags: r.tags,
  notes: r.notes.map((n) => ({ ...n })),
  body: r.body,
});

const FILTER_KEYS = ['status', 'priority', 'tag', 'assignee', 'text'];

export class TicketQueueSession implements Session<TicketQueueState, TicketQueueEvent> {
  private readonly records: TicketRecord[];
  private readonly initialStatus: Record<string, Status>;
  private readonly writes: WriteEntry[] = [];
  private readonly observed: Observation[] = [];
  private calls = 0;
  private finished: string | null = null;

  constructor(
    readonly task: Task,
    board: TicketRecord[],
    private readonly gold: Gold,
  ) {
    this.records = board.map((r) => ({ ...r, tags: [...r.tags], notes: [] }));
    this.initialStatus = Object.fromEntries(board.map((r) => [r.id, r.status]));
  }

  async call(call: ToolCall): Promise<Result> {
    const step = this.calls++;
    if (this.finished !== null) return toolError('episode_over', 'finish was already called; the episode is over');
    return this.run(step, call);
  }

  /** A refused call is a step, and an error the recovery layer counts. */
  refuse({ code, message }: Refusal): Result {
    this.calls++;
    return toolError(code, message);
  }

  private run(step: number, call: ToolCall): Result {
    const name = call.name;
    if (!isToolName(name)) return toolError('unknown_tool', `unknown tool "${name}"; the tools are ${TOOL_NAMES.join(', ')}`);
    const args = argsObject(call.arguments);
    if (!args) return toolError('invalid_arguments', `${name} takes a JSON object of arguments, got ${printable(call.arguments)}`);
    switch (name) {
      case 'list_records':
        return this.list(step, args);
      case 'read_record':
        return this.withRecord(args, name, (r) => {
          this.observed.push({ step, via: 'read', ids: [r.id], text: null });
          return reply(true, recordJson(r), []);
        });
      case 'write_note':
        return this.withRecord(args, name, (r) => this.writeNote(step, r, args));
      case 'update_status':
        return this.withRecord(args, name, (r) => this.updateStatus(step, r, args));
      case 'finish':
        return this.finish(args);
    }
  }

  private withRecord(args: JsonObject, tool: string, then: (r: TicketRecord) => Result): Result {
    const id = idArg(args);
    if (id === null) return toolError('invalid_arguments', `${tool} needs a ticket id, e.g. {"id": "${this.records[0]?.id ?? 'TQ-101'}"}`);
    const record = this.records.find((r) => r.id.toLowerCase() === id.toLowerCase());
    if (!record) return toolError('unknown_id', `no ticket "${id}"; call list_records to see the ids`);
    return then(record);
  }

  private list(step: number, args: JsonObject): Result {
    // Accept {"filter": {...}}, a bare filter object, or a filter string (free-text search).
    const raw = args.filter ?? (FILTER_KEYS.some((k) => k in args) ? args : null);
    const filter: JsonObject = typeof raw === 'string' ? { text: raw } : raw === null ? {} : (argsObject(raw) ?? {});
    if (raw !== null && typeof raw !== 'string' && !argsObject(raw))
      return toolError('invalid_arguments', `filter must be an object like {"status": "open"} or a search string, got ${printable(raw)}`);
    const status = filter.status === undefined ? undefined : parseStatus(filter.status);
    if (status === null) return toolError('bad_status', `unknown status ${printable(filter.status)} in filter; statuses are ${STATUSES.join(', ')}`);
    const low = (v: Json | undefined) => (typeof v === 'string' ? v.trim().toLowerCase() : null);
    const rows = this.records.filter(
      (r) =>
        (status === undefined || r.status === status) &&
        (filter.priority === undefined || r.priority === low(filter.priority)) &&
        (filter.tag === undefined || r.tags.includes(low(filter.tag) ?? '')) &&
        (filter.assignee === undefined || (filter.assignee === null ? r.assignee === null : r.assignee?.toLowerCase() === low(filter.assignee))) &&
        (filter.text === undefined || `${r.title} ${r.body}`.toLowerCase().includes(low(filter.text) ?? '')),
    );
    const text = low(filter.text);
    const applied: ListFilter = {};
    if (status !== undefined) applied.status = status;
    if (filter.priority !== undefined) applied.priority = low(filter.priority) ?? plainText(filter.priority);
    if (filter.tag !== undefined) applied.tag = low(filter.tag) ?? plainText(filter.tag);
    if (filter.assignee !== undefined) applied.assignee = filter.assignee === null ? null : (low(filter.assignee) ?? plainText(filter.assignee));
    if (filter.text !== undefined) applied.text = low(filter.text) ?? plainText(filter.text);
    this.observed.push({ step, via: 'list', ids: rows.map((r) => r.id), text: text ? text : null, filter: applied });
    const ignored = Object.keys(filter).filter((k) => !FILTER_KEYS.includes(k));
    const body: JsonObject = { records: rows.map(listRow), count: rows.length };
    if (ignored.length > 0) body.ignored_filter_keys = ignored;
    return reply(true, body, []);
  }

  private writeNote(step: number, record: TicketRecord, args: JsonObject): Result {
    const raw = args.note;
    const note = parseNote(raw);
    if (!note)
      return toolError('malformed_note', `note must be a non-empty JSON object like {"type": "..."}, got ${raw === undefined ? 'nothing' : printable(raw)}`);
    // Every reader of a note after this walks it; none needs a stack deeper than this.
    if (nestsDeeperThan(note, MAX_NOTE_DEPTH)) return toolError('malformed_note', `note nests deeper than ${MAX_NOTE_DEPTH} levels; write a flat JSON object`);
    record.notes.push(note);
    this.writes.push({ step, id: record.id, field: 'notes', value: note });
    return reply(true, { id: record.id, notes: record.notes.length }, [
      this.writeEvent(record.id, 'notes', `Note ${record.notes.length} written on ${record.id}.`),
    ]);
  }

  private updateStatus(step: number, record: TicketRecord, args: JsonObject): Result {
    const raw = args.status;
    const status = parseStatus(raw);
    if (!status) return toolError('bad_status', `unknown status ${printable(raw ?? null)}; statuses are ${STATUSES.join(', ')}`);
    const previous = record.status;
    // Setting the status it already has changes nothing, so it is not a write.
    if (status === previous) return reply(true, { id: record.id, status, unchanged: true }, []);
    record.status = status;
    this.writes.push({ step, id: record.id, field: 'status', value: status });
    return reply(true, { id: record.id, status, previous }, [this.writeEvent(record.id, 'status', `${record.id}: ${previous} → ${status}.`)]);
  }

  private writeEvent(id: string, field: 'notes' | 'status', message: string): TicketQueueEvent {
    const rule = forbiddenRule(this.gold, id, field);
    return {
      code: field === 'notes' ? 'note-written' : 'status-changed',
      kind: 'write',
      layer: rule ? 'policy' : null,
      message: rule ? `${message} Forbidden: ${id} is ${rule.why}.` : message,
      data: { id, field },
    };
  }

  private finish(args: JsonObject): Result {
    const raw = args.summary;
    this.finished = typeof raw === 'string' ? raw : raw === undefined ? '' : printable(raw);
    return reply(true, { finished: true, writes: this.writes.length }, [], true);
  }

  async snapshot(): Promise<TicketQueueState> {
    return {
      records: this.records.map(recordJson),
      initial_status: { ...this.initialStatus },
      writes: this.writes.map((w) => ({ ...w })),
      observed: this.observed.map((o) => ({ ...o, ids: [...o.ids], ...(o.filter ? { filter: { ...o.filter } } : {}) })),
      finished: this.finished,
    };
  }

  async close(): Promise<void> {}
}
