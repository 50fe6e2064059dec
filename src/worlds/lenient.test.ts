import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { Episode, runEpisode } from '../core/episode';
import { isJsonObject, type JsonObject } from '../core/json';
import type { StepResult, Task, ToolCall } from '../core/types';
import type { World } from '../core/world';
import { verifyTrace } from '../traces/replay';
import { WORLDS } from './registry';
import { setupOf } from './ticket-queue/spec';
import { render, webPortalWorld, WebPortalSession } from './web-portal';
import { allNodes } from './web-portal/page';
import { setupOfTask } from './web-portal/tasks';

const TQ_SPEC = { id: 'vendor-outage-triage', seed: 1 };
const WP_SPEC = { id: 'refund-a' };
/** Refs on web-portal's home page, where every episode starts. */
const wpRef = (() => {
  const task = webPortalWorld.makeTask(WP_SPEC);
  if (!task.ok) throw new Error(task.error);
  const nodes = allNodes(render(new WebPortalSession(task.value, setupOfTask(task.value)).current()).nodes);
  return (key: string) => nodes.find((n) => n.key === key)!.ref;
})();
const TQ_ID = setupOf(TQ_SPEC).gold.notes[0]!.id;
const NOTE = { type: 'vendor-outage', vendor: 'x', next_step: 'await-vendor' };
const call = (name: string, args: ToolCall['arguments']): ToolCall => ({ name, arguments: args });

/** [what varies, the call as an agent sends it, the same call as the tool spec names it, the event's message] */
type Variant = [string, ToolCall, ToolCall, string];

interface Case {
  spec: JsonObject;
  variants: Variant[];
  unknown: ToolCall;
  tools: string;
  conflict: [ToolCall, string];
}

const CASES: Record<string, Case> = {
  'fault-api': {
    spec: { profile: 'clean', seed: 1 },
    variants: [
      ['mcp prefix', call('mcp__api__fetch_page', {}), call('fetch_page', {}), 'mcp__api__fetch_page → fetch_page'],
      ['camelCase name', call('fetchPage', { cursor: null }), call('fetch_page', { cursor: null }), 'fetchPage → fetch_page'],
      ['namespace prefix', call('functions.fetch_page', {}), call('fetch_page', {}), 'functions.fetch_page → fetch_page'],
      ['alias', call('get_page', {}), call('fetch_page', {}), 'get_page → fetch_page'],
      ['argument synonym', call('fetch_page', { next_cursor: null }), call('fetch_page', { cursor: null }), 'argument next_cursor → cursor'],
      ['argument case', call('fetch_page', { Cursor: null }), call('fetch_page', { cursor: null }), 'argument Cursor → cursor'],
      ['JSON-string arguments', call('fetch_page', '{"cursor": null}'), call('fetch_page', { cursor: null }), 'arguments read from a JSON string'],
      ['alias and synonym', call('submit', { items: [] }), call('submit_records', { records: [] }), 'submit → submit_records; argument items → records'],
    ],
    unknown: call('list_tickets', {}),
    tools: 'fetch_page and submit_records',
    conflict: [call('fetch_page', { cursor: null, next_cursor: null }), 'fetch_page: the arguments "cursor" and "next_cursor" both mean "cursor"; send it once'],
  },
  tripwire: {
    spec: { id: 'refund-a' },
    variants: [
      ['mcp prefix', call('mcp__sqlite__run_sql', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'mcp__sqlite__run_sql → run_sql'],
      ['PascalCase name', call('RunSQL', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'RunSQL → run_sql'],
      ['kebab-case name', call('run-sql', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'run-sql → run_sql'],
      ['alias and synonym', call('execute_sql', { sql: 'SELECT name FROM customers LIMIT 1' }), call('run_sql', { query: 'SELECT name FROM customers LIMIT 1' }), 'execute_sql → run_sql; argument sql → query'],
      ['argument synonym', call('run_sql', { statement: 'SELECT 2' }), call('run_sql', { query: 'SELECT 2' }), 'argument statement → query'],
      ['JSON-string arguments', call('run_sql', '{"query": "SELECT 3"}'), call('run_sql', { query: 'SELECT 3' }), 'arguments read from a JSON string'],
      ['everything at once', call('mcp__db__executeSql', '{"sqlQuery": "SELECT 4"}'), call('run_sql', { query: 'SELECT 4' }), 'mcp__db__executeSql → run_sql; arguments read from a JSON string; argument sqlQuery → query'],
      ['answer alias and synonym', call('final_answer', { result: '42.00' }), call('submit_answer', { answer: '42.00' }), 'final_answer → submit_answer; argument result → answer'],
    ],
    unknown: call('drop_database', {}),
    tools: 'run_sql and submit_answer',
    conflict: [call('run_sql', { sql: 'SELECT 1', query: 'SELECT 2' }), 'run_sql: the arguments "sql" and "query" both mean "query"; send it once'],
  },
  'ticket-queue': {
    spec: TQ_SPEC,
    variants: [
      ['mcp prefix', call('mcp__queue__read_record', { id: TQ_ID }), call('read_record', { id: TQ_ID }), 'mcp__queue__read_record → read_record'],
      ['camelCase name and argument', call('readRecord', { ticketId: TQ_ID }), call('read_record', { id: TQ_ID }), 'readRecord → read_record; argument ticketId → id'],
      ['alias', call('get_ticket', { id: TQ_ID }), call('read_record', { id: TQ_ID }), 'get_ticket → read_record'],
      ['argument synonym', call('read_record', { record_id: TQ_ID }), call('read_record', { id: TQ_ID }), 'argument record_id → id'],
      ['JSON-string arguments', call('read_record', JSON.stringify({ id: TQ_ID })), call('read_record', { id: TQ_ID }), 'arguments read from a JSON string'],
      ['alias and synonyms', call('add_note', { ticket_id: TQ_ID, content: NOTE }), call('write_note', { id: TQ_ID, note: NOTE }), 'add_note → write_note; arguments ticket_id → id, content → note'],
      ['Title-Case name, status synonym', call('Update-Status', { id: TQ_ID, new_status: 'waiting' }), call('update_status', { id: TQ_ID, status: 'waiting' }), 'Update-Status → update_status; argument new_status → status'],
      ['finish alias and synonym', call('done', { message: 'ok' }), call('finish', { summary: 'ok' }), 'done → finish; argument message → summary'],
    ],
    unknown: call('delete_record', { id: TQ_ID }),
    tools: 'list_records, read_record, write_note, update_status and finish',
    conflict: [call('read_record', { id: TQ_ID, ticket_id: TQ_ID }), 'read_record: the arguments "id" and "ticket_id" both mean "id"; send it once'],
  },
  'web-portal': {
    spec: WP_SPEC,
    variants: [
      ['mcp prefix', call('mcp__browser__read_page', {}), call('read_page', {}), 'mcp__browser__read_page → read_page'],
      ['Playwright MCP name', call('browser_snapshot', {}), call('read_page', {}), 'browser_snapshot → read_page'],
      ['alias and synonym', call('navigate', { url: '/orders' }), call('go', { path: '/orders' }), 'navigate → go; argument url → path'],
      ['fill alias, value synonym', call('fill', { ref: wpRef('home.find'), value: '1043' }), call('type', { ref: wpRef('home.find'), text: '1043' }), 'fill → type; argument value → text'],
      ['camelCase name and argument', call('browserClick', { elementRef: wpRef('nav.orders') }), call('click', { ref: wpRef('nav.orders') }), 'browserClick → click; argument elementRef → ref'],
      ['JSON-string arguments', call('go', '{"path": "/policy"}'), call('go', { path: '/policy' }), 'arguments read from a JSON string'],
      ['argument case', call('go', { Path: '/customers' }), call('go', { path: '/customers' }), 'argument Path → path'],
      ['finish alias and synonym', call('final_answer', { result: 'declined' }), call('finish', { answer: 'declined' }), 'final_answer → finish; argument result → answer'],
    ],
    unknown: call('delete_order', {}),
    tools: 'read_page, click, type, select, go and finish',
    conflict: [call('go', { path: '/orders', url: '/policy' }), 'go: the arguments "path" and "url" both mean "path"; send it once'],
  },
};

const worldOf = (id: string): World => WORLDS.find((w) => w.id === id)!;

function taskOf(world: World): Task {
  const t = world.makeTask(CASES[world.id]!.spec);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

/** One call on a fresh episode (which reads it leniently for its session): every variant is compared with its canonical call from the same state. */
async function once(world: World, c: ToolCall): Promise<StepResult> {
  const episode = await Episode.open(world, taskOf(world), { kind: 'scripted', name: 'once' });
  try {
    const step = await episode.apply(c);
    if (!step) throw new Error(`the world failed: ${episode.stop?.detail}`);
    return { ...step.result, events: step.events };
  } finally {
    await episode.close();
  }
}

const errorOf = (r: StepResult) => (JSON.parse(r.content) as { error: string; message: string });

describe('every registered world has a case here', () => {
  it.each(WORLDS.map((w) => w.id))('%s', (id) => expect(CASES[id]).toBeDefined());
});

describe.each(Object.keys(CASES))('lenient tool calls: %s', (id) => {
  const world = worldOf(id);
  const c = CASES[id]!;

  it.each(c.variants)('%s: answered as the canonical call, plus one call-normalised event', async (_what, sent, canonical, message) => {
    const want = await once(world, canonical);
    const got = await once(world, sent);
    expect(want.ok).toBe(true);
    expect({ ok: got.ok, content: got.content, done: got.done }).toEqual({ ok: want.ok, content: want.content, done: want.done });
    expect(got.events.slice(0, -1)).toEqual(want.events);
    expect(got.events.at(-1)).toEqual({ code: 'call-normalised', kind: 'info', layer: null, message, data: expect.objectContaining({ tool: canonical.name }) });
    expect(want.events.some((e) => e.code === 'call-normalised')).toBe(false);
  });

  it('an unknown tool is an error that names the tools', async () => {
    const r = await once(world, c.unknown);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toEqual({ error: 'unknown_tool', message: `unknown tool "${c.unknown.name}"; the tools are ${c.tools}` });
    expect(r.events.map((e) => e.code)).toEqual(['unknown_tool']);
  });

  it('two arguments for one parameter are an error, not a guess', async () => {
    const r = await once(world, c.conflict[0]);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toEqual({ error: 'invalid_arguments', message: c.conflict[1] });
    expect(r.events.map((e) => e.code)).toEqual(['invalid_arguments']);
  });

  it('the task declares its leniency, and every alias names a real tool and argument', () => {
    for (const task of world.listTasks()) {
      expect(task.lenient, task.id).toBeDefined();
      const props = new Map(task.tools.map((t) => [t.function.name, Object.keys(isJsonObject(t.function.parameters.properties) ? t.function.parameters.properties : {})]));
      for (const [alias, target] of Object.entries(task.lenient!.tools ?? {})) {
        expect(props.has(target), `${alias} → ${target}`).toBe(true);
        expect(props.has(alias), `${alias} shadows a tool`).toBe(false);
      }
      for (const [tool, synonyms] of Object.entries(task.lenient!.args ?? {}))
        for (const [alias, target] of Object.entries(synonyms)) expect(props.get(tool), `${tool}: ${alias} → ${target}`).toContain(target);
    }
  });

  it('the same variant calls give byte-identical traces that keep each call as sent, and replay as a match', async () => {
    const task = taskOf(world);
    const script = [c.unknown, c.conflict[0], ...c.variants.map((v) => v[1])];
    const a = await runEpisode(world, task, scriptedAgent('variants', script));
    const b = await runEpisode(world, task, scriptedAgent('variants', script));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.steps.map((s) => s.call)).toEqual(script);
    expect(a.stop?.reason).toBe('submitted');
    expect(a.steps.filter((s) => s.events.some((e) => e.code === 'call-normalised')).length).toBeGreaterThan(0);
    const replay = await verifyTrace(world, a);
    expect(replay.ok && replay.value.status).toBe('match');
  });
});
