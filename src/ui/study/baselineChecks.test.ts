import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver } from '../../worlds/fault-api/solvers';
import { createChecks } from './baselineChecks';

describe('study-run checks in the page', () => {
  it('replays each recording once, and again when the entry holds another recording', async () => {
    const t = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
    if (!t.ok) throw new Error(t.error);
    const trace = await runEpisode(faultApiWorld, t.value, carefulSolver());
    let opened = 0;
    const checks = createChecks(async (id) => {
      opened++;
      return id === faultApiWorld.id ? faultApiWorld : null;
    });
    checks.check([{ id: 'a', trace }]);
    checks.check([{ id: 'a', trace }]);
    expect(checks.store.getState().pending).toBe(1);
    await checks.settled();
    expect(opened).toBe(1);
    // Not a study run (no study record): replayed, and says so.
    expect(checks.store.getState().checks.a!.check.problems).toContain('it is not a study run (no meta.study)');
    checks.check([{ id: 'a', trace }]);
    await checks.settled();
    expect(opened).toBe(1);
    const edited = structuredClone(trace);
    edited.scorecard!.reward = 0.5;
    checks.check([
      { id: 'a', trace: edited },
      { id: 'b', trace: { ...trace, world: 'mars' } },
    ]);
    await checks.settled();
    expect(opened).toBe(3);
    expect(checks.store.getState().checks.a!.check.problems.join('\n')).toContain('the file says full 0.50 PASS; its replay scores 1.00 PASS');
    expect(checks.store.getState().checks.b!.check.problems).toContain('the world "mars" is not on this site: the run cannot be replayed');
    expect(checks.store.getState().pending).toBe(0);
  });
});
