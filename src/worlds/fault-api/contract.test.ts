import { describe, expect, it } from 'vitest';
import { oracleRun } from '../../core/contract';
import { runEpisode } from '../../core/episode';
import { scriptedAgent } from '../../core/agent';
import { faultApiWorld } from './index';
import { faultApiContract, plannedFetches } from './contract';
import { pagesNeeded, PROFILES, quotaFor } from './params';
import { params } from './testing';
import { taskFromParams } from './task';

describe('fault-api contract planner', () => {
  it('with no extra reads, plans exactly the careful oracle’s fetches, on seeds 1–60 of every profile', async () => {
    for (const profile of PROFILES)
      for (let seed = 1; seed <= 60; seed++) {
        const run = await oracleRun(faultApiWorld, taskFromParams(params(profile, seed)));
        expect(plannedFetches(params(profile, seed)), `${profile} ${seed}`).toEqual(run.calls.slice(0, -1));
      }
  });

  it('an extra read of a served page shifts the fault schedule; the plan re-plans the retries and the run still scores 1.00', async () => {
    const p = params('hostile', 3);
    const task = taskFromParams(p);
    const plan = plannedFetches(p, (k) => (k === -1 ? [null] : []))!;
    const oracle = await oracleRun(faultApiWorld, task);
    expect(plan.length).toBeGreaterThan(oracle.calls.length - 1);
    const trace = await runEpisode(faultApiWorld, task, scriptedAgent('planned', [...plan, oracle.calls.at(-1)!]));
    expect(trace.scorecard!.reward).toBe(1);
  });

  it('refuses a plan that does not fit in the quota: an extra read is harmless only while it does', () => {
    const p = params('realistic', 1);
    const quota = quotaFor(p)!;
    expect(plannedFetches(p, (k) => (k === -1 ? Array.from({ length: quota - pagesNeeded(p) + 1 }, () => null) : []))).toBeNull();
  });

  it('states each rule in the world’s terms and generates variants on 3 profiles × 6 seeds', () => {
    expect(Object.keys(faultApiContract.rules).sort()).toEqual(['decisions', 'end-state', 'observed']);
    expect(faultApiContract.tasks!().map((t) => t.id)).toHaveLength(18);
    for (const op of faultApiContract.operators.filter((o) => o.ceiling)) expect(op.ceiling!.why.length, op.id).toBeGreaterThan(40);
  });
});
