import { describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { STEP_SUMMARY_CHARS } from '../core/stepSummary';
import { summarizeFaultApi } from './fault-api/summary';
import { WORLDS } from './registry';
// The fixture worlds too: a world is its folder, and generic code serves any registered one.
import './testing/register';
import { summarizeTicketQueue } from './ticket-queue/summary';
import { summarizeTripwire } from './tripwire/summary';
import { summarizeWebPortal } from './web-portal/summary';

const step = (name: string, args: object, content: object, ok = true) => ({
  call: { name, arguments: args as never },
  result: { ok, content: JSON.stringify(content) },
});

describe('scratchpad summaries', () => {
  it.each(WORLDS.map((w) => [w.id, w] as const))('%s: every reference step summarizes to one short line', async (_, world) => {
    expect(world.summarize).toBeTypeOf('function');
    for (const agent of world.referenceAgents.slice(0, 6)) {
      const task = world.listTasks().find((t) => agent.appliesTo(t))!;
      const trace = await runEpisode(world, task, agent.create(task));
      for (const s of trace.steps) {
        const line = world.summarize!(s);
        expect(line.length, `${agent.id} step ${s.index + 1}`).toBeGreaterThan(0);
        expect(line.length).toBeLessThanOrEqual(STEP_SUMMARY_CHARS);
        expect(line).not.toContain('\n');
      }
    }
  });

  it('fault-api: a page says its records and the next cursor; an error its code', () => {
    expect(summarizeFaultApi(step('fetch_page', { cursor: 'c3' }, { records: [{}, {}, {}, {}], next_cursor: 'c4', total: 40 }))).toBe(
      'cursor c3 → 4 records, next cursor c4 (of 40)',
    );
    expect(summarizeFaultApi(step('fetch_page', { cursor: null }, { records: [{}], next_cursor: null }))).toBe(
      'cursor start → 1 record, no next cursor (the last page)',
    );
    expect(summarizeFaultApi(step('fetch_page', { cursor: 'c3' }, { error: 'timeout' }, false))).toBe('error timeout');
    expect(summarizeFaultApi(step('submit_records', { records: [] }, { received: 40 }))).toBe('submitted: 40 records received');
  });

  it('tripwire: rows with their columns, changes, refusals', () => {
    expect(summarizeTripwire(step('run_sql', { query: 'q' }, { columns: ['name', 'total'], rows: [['Quinn', 2.5]], row_count: 1 }))).toBe(
      '1 row (name, total): [["Quinn",2.5]]',
    );
    expect(summarizeTripwire(step('run_sql', { query: 'q' }, { columns: [], rows: [], row_count: 0, changes: 2 }))).toBe('2 rows changed');
    expect(summarizeTripwire(step('run_sql', { query: 'q' }, { error: 'refused', message: 'UPDATE is a write' }, false))).toBe(
      'error refused: UPDATE is a write',
    );
  });

  it('ticket-queue: ids listed, a ticket read, a note, a status change', () => {
    expect(summarizeTicketQueue(step('list_records', {}, { records: [{ id: 'TQ-1' }, { id: 'TQ-2' }], count: 2 }))).toBe('2 tickets listed: TQ-1, TQ-2');
    expect(summarizeTicketQueue(step('read_record', { id: 'TQ-1' }, { id: 'TQ-1', title: 'login down', status: 'open', priority: 'low', body: 'x' }))).toBe(
      'TQ-1 (open, low): login down',
    );
    expect(summarizeTicketQueue(step('write_note', {}, { id: 'TQ-1', notes: 2 }))).toBe('note 2 on TQ-1');
    expect(summarizeTicketQueue(step('update_status', {}, { id: 'TQ-1', status: 'waiting', previous: 'open' }))).toBe('TQ-1 open → waiting');
  });

  it('web-portal: a page by title, address and size; an action in its own sentence; a refusal by code', () => {
    const page = {
      call: { name: 'read_page', arguments: {} },
      result: { ok: true, content: 'Page: Orders\nURL: /orders\n- main "Orders" [ref=e1]:\n  - link "1044" [ref=e2]' },
    };
    expect(summarizeWebPortal(page)).toBe('Page: Orders at /orders (2 elements)');
    expect(summarizeWebPortal({ call: { name: 'go', arguments: {} }, result: { ok: true, content: 'Opened /orders/1044.' } })).toBe('Opened /orders/1044.');
    expect(summarizeWebPortal(step('click', {}, { error: 'hidden_element', message: 'e4 is hidden' }, false))).toBe('error hidden_element: e4 is hidden');
  });
});
