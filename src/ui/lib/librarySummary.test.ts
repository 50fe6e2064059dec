import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver } from '../../worlds/fault-api/solvers';

import { TRACE_FORMAT, TRACE_VERSION, type AgentInfo, type Trace } from '../../core/types';
import { agentLabel, searchText, summarizeNative } from './librarySummary';

const trace = (agent: AgentInfo): Trace => ({
  format: TRACE_FORMAT,
  version: TRACE_VERSION,
  world: 'w',
  task: { id: 't' },
  agent,
  steps: [],
  stop: null,
  scorecard: null,
  events: [],
});

describe('a person who played with hints', () => {
  it('is marked in the library row: its agent says so and the row carries the flag the report filters on', () => {
    const hinted = summarizeNative(trace({ kind: 'human', name: 'you', hints: true }), 'a', 'played here');
    expect(hinted).toMatchObject({ agent: 'human (played with hints)', hints: true });
    expect(summarizeNative(trace({ kind: 'human', name: 'you', hints: false }), 'b', 'played here')).toMatchObject({ agent: 'human', hints: false });
  });

  it('names agents the same way everywhere: a model by its model, a scripted agent by its name', () => {
    expect(agentLabel({ agent: { kind: 'model', name: 'm', model: 'gpt-x' } })).toBe('gpt-x');
    expect(agentLabel({ agent: { kind: 'scripted', name: 'careful' } })).toBe('careful');
    expect(agentLabel({ agent: { kind: 'human', name: 'you' } })).toBe('human');
  });
});

describe('a library row’s agent', () => {
  it('names a study’s participants by the study, so the report groups them apart from other human play', async () => {
    const t = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
    if (!t.ok) throw new Error(t.error);
    const trace = await runEpisode(faultApiWorld, t.value, carefulSolver());
    const human = { ...trace, agent: { kind: 'human' as const, name: 'you', hints: false } };
    expect(summarizeNative(human, 'a', 'here').agent).toBe('human');
    expect(summarizeNative({ ...human, agent: { ...human.agent, hints: true } }, 'a', 'here').agent).toBe('human (played with hints)');
    const study = { id: '0123456789abcdef', version: 1, title: 'Pilot', pseudonym: 'ada', task: 1, position: 1, of: 1, order: 'fixed', timeLimitS: null };
    expect(summarizeNative({ ...human, meta: { study } }, 'a', 'here').agent).toBe('human · study “Pilot”');
    // A record that claims a study and cannot be read is not a study's run.
    expect(summarizeNative({ ...human, meta: { study: { title: 'Pilot' } } }, 'a', 'here').agent).toBe('human');
  });
});

describe('searchText', () => {
  /** As it was: every part made and joined, then cut. */
  const whole = (parts: string[]) => parts.join('\n').slice(0, 4000).toLowerCase();

  it('is every part joined and cut to the cap, in lower case, making only the parts it needs', () => {
    const cases: string[][] = [
      [],
      [''],
      ['Run_SQL {"q":"SELECT 1"}'],
      ['a', '', 'B'],
      ['x'.repeat(3999), 'YZ'],
      ['x'.repeat(4000), 'never made'],
      ['x'.repeat(3998), 'É…'],
      Array.from({ length: 500 }, (_, i) => `call_${i} {"Arg":${i}}`),
      ['ÄÖ'.repeat(2500)],
    ];
    for (const parts of cases) {
      const made: number[] = [];
      const text = searchText(parts.length, (i) => (made.push(i), parts[i]!));
      expect(text, JSON.stringify(parts).slice(0, 60)).toBe(whole(parts));
      // Past the cap no part is made.
      const needed = parts.findIndex((_, i) => parts.slice(0, i + 1).join('\n').length >= 4000);
      expect(made.length).toBe(needed < 0 ? parts.length : needed + 1);
    }
  });
});
