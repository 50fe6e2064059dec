import { afterEach, describe, expect, it } from 'vitest';
import { Episode, runEpisode } from '../core/episode';
import { faultApiWorld, taskFromParams } from '../worlds/fault-api/index';
import { params } from '../worlds/fault-api/testing';
import { ModelAgent, type Decision, type Proposal } from './modelAgent';
import { mockConfig } from './testing/helpers';
import { startMockServer, type MockReply, type MockServer } from './testing/mockServer';
import type { WireMessage } from './wire';

const task = taskFromParams(params('clean', 1));
const call = (name: string, args: unknown, id: string): MockReply => ({
  kind: 'tool-calls',
  calls: [{ name, arguments: args, id }],
  content: `calling ${name}`,
});

let server: MockServer;
afterEach(() => server?.close());
const sent = (i: number): WireMessage[] => (server.completions()[i]!.body as { messages: WireMessage[] }).messages;

describe('step mode: a person approves, edits or rejects each call', () => {
  it('propose → edit → apply, then reject (the model sees a refusal), then approve', async () => {
    server = await startMockServer({
      respond: [
        call('fetch_page', { cursor: 'made-up' }, 'a'),
        call('submit_records', { records: [] }, 'b'),
        call('submit_records', { records: [{ id: 'x', amount: 1 }] }, 'c'),
      ],
    });
    const agent = new ModelAgent({ config: mockConfig(server) });
    const episode = await Episode.open(faultApiWorld, task, agent.info);
    const obs = () => episode.observation();

    const first = await agent.propose(obs());
    expect(first).toMatchObject({
      type: 'call',
      call: { name: 'fetch_page', arguments: { cursor: 'made-up' }, id: 'a' },
      thought: 'calling fetch_page',
      queued: 0,
    });
    expect(await agent.propose(obs())).toBe(first);
    expect(server.completions()).toHaveLength(1);

    const action = agent.accept({ cursor: null });
    const step = await episode.apply(action.call, action);
    expect(step?.call.arguments).toEqual({ cursor: null });
    expect(step?.result.ok).toBe(true);
    expect(step?.usage).toBeDefined();
    const assistant = agent.messages()[2];
    expect(assistant).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'a', function: { arguments: '{"cursor":null}' } }] });
    expect(agent.events()[0]).toMatchObject({ code: 'call-edited', data: { original: { cursor: 'made-up' } } });

    const second = await agent.propose(obs());
    expect(second).toMatchObject({ call: { name: 'submit_records', id: 'b' } });
    agent.reject('you have not read every page');
    expect(episode.steps).toHaveLength(1);

    const third = await agent.propose(obs());
    expect(third).toMatchObject({ call: { id: 'c' } });
    const refusal = sent(2).at(-1)!;
    expect(refusal).toMatchObject({ role: 'tool', tool_call_id: 'b' });
    expect(JSON.parse((refusal as { content: string }).content)).toEqual({
      error: 'rejected',
      message: 'The user rejected this call; it was not run: you have not read every page',
    });
    expect(sent(1).at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'a', content: episode.steps[0]!.result.content });

    const last = agent.accept();
    await episode.apply(last.call, last);
    expect(episode.stop?.reason).toBe('submitted');
    expect(agent.events().map((e) => e.code)).toEqual(['call-edited', 'call-rejected']);
    await episode.close();
  });

  it('asking again before the previous call has a result is refused; accept/reject need a proposal', async () => {
    server = await startMockServer({ respond: [call('fetch_page', {}, 'a')] });
    const agent = new ModelAgent({ config: mockConfig(server) });
    expect(() => agent.accept()).toThrow(/no proposed call/);
    expect(() => agent.reject()).toThrow(/no proposed call/);
    await agent.propose({ task, steps: [], turnsLeft: task.maxTurns });
    agent.accept();
    await expect(agent.propose({ task, steps: [], turnsLeft: task.maxTurns })).rejects.toThrow(/no result yet/);
  });

  it('a failed request can be retried: nothing is appended until a response parses', async () => {
    server = await startMockServer({ respond: [{ kind: 'status', status: 404 }, call('fetch_page', {}, 'a')] });
    const agent = new ModelAgent({ config: mockConfig(server) });
    await expect(agent.propose({ task, steps: [], turnsLeft: task.maxTurns })).rejects.toMatchObject({ kind: 'not-found' });
    expect(agent.messages()).toEqual(task.prompt);
    await expect(agent.propose({ task, steps: [], turnsLeft: task.maxTurns })).resolves.toMatchObject({ call: { id: 'a' } });
    expect(sent(1)).toEqual(sent(0));
  });

  it('the review hook drives the same decisions inside runEpisode', async () => {
    server = await startMockServer({
      respond: [call('submit_records', { records: [] }, 'a'), call('submit_records', { records: [{ id: 'r', amount: 1 }] }, 'b')],
    });
    const seen: Proposal[] = [];
    const review = async (p: Proposal): Promise<Decision> => {
      seen.push(p);
      return seen.length === 1 ? { type: 'reject', reason: 'too early' } : { type: 'approve', arguments: { records: [] } };
    };
    const trace = await runEpisode(faultApiWorld, task, new ModelAgent({ config: mockConfig(server), review }));
    expect(seen.map((p) => p.call.id)).toEqual(['a', 'b']);
    expect(trace.steps.map((s) => [s.call.id, s.call.arguments])).toEqual([['b', { records: [] }]]);
    expect(trace.stop?.reason).toBe('submitted');
  });
});
