import { describe, expect, it } from 'vitest';
import { TRACE_FORMAT, TRACE_VERSION, type AgentInfo, type Trace } from '../../core/types';
import { agentLabel, summarizeNative } from './librarySummary';

const trace = (agent: AgentInfo): Trace => ({ format: TRACE_FORMAT, version: TRACE_VERSION, world: 'w', task: { id: 't' }, agent, steps: [], stop: null, scorecard: null, events: [] });

describe('a person who played with hints', () => {
  it('is marked in the library row: its agent says so and the row carries the flag the report filters on', () => {
    const hinted = summarizeNative(trace({ kind: 'human', name: 'you', hints: true }), 'a', 'played here');
    expect(hinted).toMatchObject({ agent: 'human (played with hints)', hints: true });
    expect(summarizeNative(trace({ kind: 'human', name: 'you', hints: false }), 'b', 'played here')).toMatchObject({ agent: 'human', hints: false });
  });

  it('names agents the same way everywhere: a model by its model, a scripted agent by its name', () => {
    expect(agentLabel({ kind: 'model', name: 'm', model: 'gpt-x' })).toBe('gpt-x');
    expect(agentLabel({ kind: 'scripted', name: 'careful' })).toBe('careful');
    expect(agentLabel({ kind: 'human', name: 'you' })).toBe('human');
  });
});
