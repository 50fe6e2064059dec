import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { findReferenceAgent } from '../../core/world';
import { faultApiWorld } from './index';

describe('the trusting solver, once called "naive"', () => {
  it('is found by its old id, so old links and arguments open it, and "naive" names no agent of its own', async () => {
    const ref = findReferenceAgent(faultApiWorld, 'naive');
    expect(ref?.id).toBe('trusting');
    expect(faultApiWorld.referenceAgents.some((a) => a.id === 'naive' || a.label === 'naive')).toBe(false);
    const task = faultApiWorld.makeTask({ profile: 'hostile', seed: 6 });
    if (!task.ok) throw new Error(task.error);
    const trace = await runEpisode(faultApiWorld, task.value, ref!.create(task.value));
    expect(trace.agent.name).toBe('trusting');
    // It trusts the API and stops at the first failure: it loses records on the hostile profile.
    expect(trace.scorecard!.verdict.full).toBe('FAIL');
  });

  it('an unknown id finds nothing', () => {
    expect(findReferenceAgent(faultApiWorld, 'gullible')).toBeUndefined();
  });
});
