import { beforeAll, describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { calibrateFaultApi, type Calibration } from './calibrate';
import { faultApiWorld, taskFromParams } from './index';
import { carefulSolver } from './solvers';
import { params } from './testing';

let cal: Calibration;
beforeAll(async () => {
  cal = await calibrateFaultApi(60);
});

describe('fault-api calibration (60 seeds per cell)', () => {
  it('careful scores 1.00 on every seed of every profile: the world is solvable', () => {
    for (const profile of ['clean', 'realistic', 'hostile'] as const) expect(cal[profile].careful.min, profile).toBe(1);
  });

  it('trusting: 1.00 clean, 0.45–0.70 realistic, 0.25–0.50 hostile', () => {
    expect(cal.clean.trusting.mean).toBe(1);
    expect(cal.realistic.trusting.mean).toBeGreaterThanOrEqual(0.45);
    expect(cal.realistic.trusting.mean).toBeLessThanOrEqual(0.7);
    expect(cal.hostile.trusting.mean).toBeGreaterThanOrEqual(0.25);
    expect(cal.hostile.trusting.mean).toBeLessThanOrEqual(0.5);
  });

  it('stubborn: 1.00 clean, ≥ 0.95 realistic, 0.80–0.97 hostile, losing mostly to budget discipline', () => {
    expect(cal.clean.stubborn.mean).toBe(1);
    expect(cal.realistic.stubborn.mean).toBeGreaterThanOrEqual(0.95);
    expect(cal.hostile.stubborn.mean).toBeGreaterThanOrEqual(0.8);
    expect(cal.hostile.stubborn.mean).toBeLessThanOrEqual(0.97);
    const l = cal.hostile.stubborn.layers;
    const budgetLoss = 0.2 * (1 - l.budget_discipline!);
    const otherLoss = 0.6 * (1 - l.completeness!) + 0.2 * (1 - l.type_handling!);
    expect(budgetLoss).toBeGreaterThan(otherLoss);
  });

  it('every hostile seed sees at least one timeout', () => {
    expect(cal.hostile.careful.seedsWithTimeout).toBe(60);
  });
});

describe('fault-api is winnable by any careful agent', () => {
  it('careful reaches 1.0 on 300 further hostile and realistic seeds, always inside the quota', async () => {
    for (const profile of ['realistic', 'hostile'] as const)
      for (let seed = 61; seed <= 360; seed++) {
        const task = taskFromParams(params(profile, seed));
        const trace = await runEpisode(faultApiWorld, task, carefulSolver());
        expect(trace.scorecard!.reward, `${profile} seed ${seed}`).toBe(1);
      }
  });
});

describe('fault-api determinism', () => {
  it('the same task and agent give a byte-identical trace', async () => {
    for (const solver of faultApiWorld.referenceAgents) {
      const task = taskFromParams(params('hostile', 17));
      const a = JSON.stringify(await runEpisode(faultApiWorld, task, solver.create(task)));
      const b = JSON.stringify(await runEpisode(faultApiWorld, task, solver.create(task)));
      expect(a).toBe(b);
    }
  });
});
