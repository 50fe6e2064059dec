import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../../core/episode';
import { faultApiWorld } from '../../../worlds/fault-api/index';
import { ticketQueueWorld } from '../../../worlds/ticket-queue/index';
import { TASKS_BY_ID } from '../../worlds/taskVocabulary';
import { batchTasks, cellOf, parseSeeds } from './batch';

const byProfile = { ...TASKS_BY_ID, key: (t: { spec: { profile?: unknown } }) => String(t.spec.profile), poolSeeds: true };

describe('the batch form', () => {
  it('reads seeds and ranges, and says what is wrong with the rest', () => {
    expect(parseSeeds('1-4, 7 2')).toEqual({ ok: true, value: [1, 2, 3, 4, 7] });
    expect(parseSeeds('')).toEqual({ ok: false, error: 'give at least one seed, e.g. 1-4' });
    expect(parseSeeds('4-1')).toEqual({ ok: false, error: 'the range "4-1" runs backwards' });
    expect(parseSeeds('x')).toMatchObject({ ok: false, error: '"x" is not a seed or a range like 1-4' });
    expect(parseSeeds('0-500')).toMatchObject({ ok: false, error: 'at most 200 seeds at once' });
  });

  it('makes every chosen task × seed with the person’s turn budget; a world without seeds ignores the field', () => {
    const tasks = batchTasks(faultApiWorld, byProfile, new Set(['hostile', 'clean']), '1-2', 7);
    expect(tasks.ok && tasks.value.map((t) => [t.spec.profile, t.seed, t.maxTurns])).toEqual([
      ['clean', 1, 7],
      ['clean', 2, 7],
      ['hostile', 1, 7],
      ['hostile', 2, 7],
    ]);
    expect(batchTasks(faultApiWorld, byProfile, new Set(), '1', undefined)).toEqual({ ok: false, error: 'pick at least one task' });
    const first = ticketQueueWorld.listTasks()[0]!;
    const tq = batchTasks(ticketQueueWorld, TASKS_BY_ID, new Set([first.id]), '3', undefined);
    expect(tq.ok && tq.value.map((t) => [t.spec.id, t.seed])).toEqual([[first.spec.id, 3]]);
  });

  it('names table cells per task, pooling seeds or not', async () => {
    const task = faultApiWorld.makeTask({ profile: 'hostile', seed: 6 });
    if (!task.ok) throw new Error(task.error);
    const trace = await runEpisode(faultApiWorld, task.value, faultApiWorld.referenceAgents[0]!.create(task.value));
    expect(cellOf('pooled')(trace)).toBe('hostile');
    expect(cellOf('each')(trace)).toBe('hostile · seed 6');
  });
});
