import { describe, expect, it } from 'vitest';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Session, StepResult } from '../../core/types';
import { ticketQueueWorld } from './index';
import { setupOf } from './spec';
import { canonicalTool, readingCalls } from '../../core/lenient';
import { TICKET_QUEUE_LENIENCY, TICKET_QUEUE_TOOLS } from './tools';

const SPEC = { id: 'vendor-outage-triage', seed: 1 };

async function open(spec: JsonObject = SPEC): Promise<Session> {
  const t = ticketQueueWorld.makeTask(spec);
  if (!t.ok) throw new Error(t.error);
  // As the episode drives it: calls read leniently first.
  return readingCalls(await ticketQueueWorld.open(t.value));
}

const canonicalToolName = (name: string) => canonicalTool({ tools: TICKET_QUEUE_TOOLS, lenient: TICKET_QUEUE_LENIENCY }, name);

const body = (r: StepResult): JsonObject => {
  const v = JSON.parse(r.content) as Json;
  if (!isJsonObject(v)) throw new Error('tool content is not an object');
  return v;
};

const { board, gold } = setupOf(SPEC);
const target = gold.notes[0]!.id;
const held = gold.forbidden[0]!.id;

function expectError(r: StepResult, code: string) {
  expect(r.ok).toBe(false);
  expect(r.done).toBe(false);
  expect(body(r).error).toBe(code);
  expect(r.events).toEqual([expect.objectContaining({ code, kind: 'error' })]);
}

describe('ticket-queue tool names', () => {
  it.each([
    ['read_record', 'read_record'],
    ['mcp__tickets__read_record', 'read_record'],
    ['mcp__support_desk__write_note', 'write_note'],
    ['readRecord', 'read_record'],
    ['Update-Status', 'update_status'],
    ['get_ticket', 'read_record'],
    ['list_tickets', 'list_records'],
    ['done', 'finish'],
  ])('%s means %s', (name, canonical) => expect(canonicalToolName(name)).toBe(canonical));

  it('rejects names with no intent behind them', () => expect(canonicalToolName('delete_record')).toBeNull());

  it('answers an mcp-prefixed call with the argument variants', async () => {
    const s = await open();
    const variants: Json[] = [{ id: target }, { record_id: target }, { ticket_id: target }, { ticketId: target.toLowerCase() }, JSON.stringify({ id: target })];
    for (const args of variants) {
      const r = await s.call({ name: 'mcp__queue__read_record', arguments: args });
      expect(r.ok).toBe(true);
      expect(body(r).id).toBe(target);
    }
  });
});

describe('ticket-queue tools', () => {
  it('lists every record without a filter, and filters by status, tag, assignee and text', async () => {
    const s = await open();
    expect(body(await s.call({ name: 'list_records', arguments: {} })).count).toBe(board.length);
    const open_ = body(await s.call({ name: 'list_records', arguments: { filter: { status: 'Open' } } }));
    expect(open_.count).toBe(board.filter((r) => r.status === 'open').length);
    const tagged = body(await s.call({ name: 'list_records', arguments: { tag: 'vendor-outage' } }));
    expect(tagged.count).toBe(board.filter((r) => r.tags.includes('vendor-outage')).length);
    const unassigned = body(await s.call({ name: 'list_records', arguments: { filter: { assignee: null } } }));
    expect(unassigned.count).toBe(board.filter((r) => r.assignee === null).length);
    const text = body(await s.call({ name: 'list_records', arguments: { filter: 'legal hold' } }));
    expect(text.count).toBe(board.filter((r) => r.body.toLowerCase().includes('legal hold')).length);
    const odd = body(await s.call({ name: 'list_records', arguments: { filter: { colour: 'red' } } }));
    expect(odd.ignored_filter_keys).toEqual(['colour']);
  });

  it('writes a note and a status, each with a write event naming the record and field', async () => {
    const s = await open();
    const n = await s.call({ name: 'write_note', arguments: { id: target, note: { type: 'x' } } });
    expect(n.ok).toBe(true);
    expect(n.events).toEqual([expect.objectContaining({ kind: 'write', layer: null, data: { id: target, field: 'notes' } })]);
    const st = await s.call({ name: 'update_status', arguments: { record_id: target, status: 'in progress' } });
    expect(st.events[0]?.data).toEqual({ id: target, field: 'status' });
    const snap = await s.snapshot();
    expect(snap.writes).toHaveLength(2);
    expect(await s.call({ name: 'read_record', arguments: { id: target } }).then(body)).toMatchObject({ status: 'in_progress', notes: [{ type: 'x' }] });
  });

  it('accepts a note sent as a JSON string', async () => {
    const s = await open();
    expect((await s.call({ name: 'write_note', arguments: { id: target, note: '{"type": "x"}' } })).ok).toBe(true);
  });

  it('marks a write the task forbids on the event, without refusing it', async () => {
    const s = await open();
    const r = await s.call({ name: 'update_status', arguments: { id: held, status: 'waiting' } });
    expect(r.ok).toBe(true);
    expect(r.events[0]).toMatchObject({ kind: 'write', layer: 'policy' });
  });

  it('treats setting the current status as no write', async () => {
    const s = await open();
    const current = board.find((r) => r.id === target)!.status;
    const r = await s.call({ name: 'update_status', arguments: { id: target, status: current } });
    expect(body(r).unchanged).toBe(true);
    expect(r.events).toEqual([]);
    expect((await s.snapshot()).writes).toEqual([]);
  });

  it('logs what each successful read or list showed, by step, for the rubric to credit writes on', async () => {
    const s = await open();
    await s.call({ name: 'list_records', arguments: { filter: { tag: 'vendor-outage' } } });
    await s.call({ name: 'read_record', arguments: { id: 'TQ-0' } });
    await s.call({ name: 'read_record', arguments: { ticket_id: target.toLowerCase() } });
    await s.call({ name: 'list_records', arguments: { filter: '  Legal HOLD ' } });
    expect((await s.snapshot()).observed).toEqual([
      { step: 0, via: 'list', ids: board.filter((r) => r.tags.includes('vendor-outage')).map((r) => r.id), text: null, filter: { tag: 'vendor-outage' } },
      { step: 2, via: 'read', ids: [target], text: null },
      { step: 3, via: 'list', ids: board.filter((r) => r.body.includes('Legal hold')).map((r) => r.id), text: 'legal hold', filter: { text: 'legal hold' } },
    ]);
  });

  it('finish ends the episode, and any later call is a recoverable error', async () => {
    const s = await open();
    const r = await s.call({ name: 'finish', arguments: { summary: 'ok' } });
    expect(r).toMatchObject({ ok: true, done: true });
    expect((await s.snapshot()).finished).toBe('ok');
    expectError(await s.call({ name: 'list_records', arguments: {} }), 'episode_over');
  });
});

describe('ticket-queue errors are observations, not crashes', () => {
  it.each([
    ['an unknown tool', { name: 'delete_record', arguments: { id: 'TQ-1' } }, 'unknown_tool'],
    ['non-object arguments', { name: 'read_record', arguments: [1, 2] }, 'invalid_arguments'],
    ['unparseable string arguments', { name: 'read_record', arguments: '{oops' }, 'invalid_arguments'],
    ['a missing id', { name: 'read_record', arguments: {} }, 'invalid_arguments'],
    ['an unknown id', { name: 'read_record', arguments: { id: 'TQ-99999' } }, 'unknown_id'],
    ['an unknown id on write', { name: 'write_note', arguments: { id: 'NOPE', note: { type: 'x' } } }, 'unknown_id'],
    ['a bad status', { name: 'update_status', arguments: { id: target, status: 'done' } }, 'bad_status'],
    ['a missing status', { name: 'update_status', arguments: { id: target } }, 'bad_status'],
    ['a bad status filter', { name: 'list_records', arguments: { filter: { status: 'pending' } } }, 'bad_status'],
    ['a filter of the wrong type', { name: 'list_records', arguments: { filter: 3 } }, 'invalid_arguments'],
    ['a note that is a plain string', { name: 'write_note', arguments: { id: target, note: 'vendor is down' } }, 'malformed_note'],
    ['a note that is an array', { name: 'write_note', arguments: { id: target, note: ['a'] } }, 'malformed_note'],
    ['an empty note', { name: 'write_note', arguments: { id: target, note: {} } }, 'malformed_note'],
    ['a missing note', { name: 'write_note', arguments: { id: target } }, 'malformed_note'],
  ])('%s', async (_label, call, code) => {
    const s = await open();
    expectError(await s.call(call), code);
    expect((await s.snapshot()).writes).toEqual([]);
    expect((await s.call({ name: 'read_record', arguments: { id: target } })).ok).toBe(true);
  });
});
