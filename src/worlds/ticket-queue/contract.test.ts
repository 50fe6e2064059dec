import { describe, expect, it } from 'vitest';
import { checkTask, oracleRun } from '../../core/contract';
import { ticketQueueContract } from './contract';
import { ticketQueueWorld } from './index';
import { TASK_DEFS } from './tasks';

describe('ticket-queue contract', () => {
  it('states each rule in the world’s terms and generates variants on 6 tasks × 3 seeds', () => {
    expect(Object.keys(ticketQueueContract.rules).sort()).toEqual(['decisions', 'end-state', 'observed']);
    const tasks = ticketQueueContract.tasks!();
    expect(tasks).toHaveLength(TASK_DEFS.length * 3);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    expect(ticketQueueContract.operators.every((op) => op.kind === 'equivalent' || (op.rule && op.caughtBy && !op.ceiling))).toBe(true);
  });

  it('"resolve every waiting ticket" after a search is one of the blind-write variants, held under 0.25 by credit', async () => {
    const task = ticketQueueContract.tasks!().find((t) => t.spec.id === 'resolve-confirmed')!;
    const op = ticketQueueContract.operators.find((o) => o.id === 'blind-write')!;
    expect(op.apply(await oracleRun(ticketQueueWorld, task)).map((v) => v.label)).toContain('every-waiting-ticket-after-a-search');
    const results = (await checkTask(ticketQueueWorld, { ...ticketQueueContract, operators: [op] }, task)).filter((r) => r.operator === 'blind-write');
    expect(results.find((r) => r.label === 'every-waiting-ticket-after-a-search')).toMatchObject({ problem: null, verdict: { full: 'FAIL' } });
    expect(Math.max(...results.map((r) => r.reward))).toBeLessThanOrEqual(0.25);
  });
});
