import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver } from '../../worlds/fault-api/solvers';
import { summarizeNative } from './librarySummary';

describe('a library row’s agent', () => {
  it('names a study’s participants by the study, so the report groups them apart from other human play', async () => {
    const t = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
    if (!t.ok) throw new Error(t.error);
    const trace = await runEpisode(faultApiWorld, t.value, carefulSolver());
    const human = { ...trace, agent: { kind: 'human' as const, name: 'you', hints: false } };
    expect(summarizeNative(human, 'a', 'here').agent).toBe('human');
    expect(summarizeNative({ ...human, agent: { ...human.agent, hints: true } }, 'a', 'here').agent).toBe('human (hints)');
    const study = { id: '0123456789abcdef', version: 1, title: 'Pilot', pseudonym: 'ada', task: 1, position: 1, of: 1, order: 'fixed', timeLimitS: null };
    expect(summarizeNative({ ...human, meta: { study } }, 'a', 'here').agent).toBe('human · study “Pilot”');
    // A record that claims a study and cannot be read is not a study's run.
    expect(summarizeNative({ ...human, meta: { study: { title: 'Pilot' } } }, 'a', 'here').agent).toBe('human');
  });
});
