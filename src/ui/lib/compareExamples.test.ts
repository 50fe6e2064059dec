import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { taskFromParams, faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver, trustingSolver } from '../../worlds/fault-api/solvers';
import { params } from '../../worlds/fault-api/testing';
import type { Payload } from '../workers/importProtocol';
import { compareByExample } from './compareExamples';
import { summarizeNative } from './librarySummary';

describe('compare by example', () => {
  it('pairs two agents on the same tasks; a task only one ran is counted apart; each side says what caught it', async () => {
    const payloads = new Map<string, Payload>();
    const add = async (id: string, profile: Parameters<typeof params>[0], seed: number, solver: ReturnType<typeof carefulSolver>) => {
      const trace = await runEpisode(faultApiWorld, taskFromParams(params(profile, seed)), solver);
      payloads.set(id, { kind: 'native', trace });
      return summarizeNative(trace, id, 'test');
    };
    const entries = [
      await add('c1', 'hostile', 2, carefulSolver()),
      await add('n1', 'hostile', 2, trustingSolver()),
      await add('c2', 'realistic', 5, carefulSolver()),
      await add('n3', 'clean', 3, trustingSolver()),
    ];
    const out = compareByExample(entries, (id) => payloads.get(id));
    expect(out.agents).toEqual([entries[0]!.agent, entries[1]!.agent]);
    expect(out.rows).toHaveLength(1);
    expect(out.unpaired).toBe(2);
    const [careful, naive] = out.rows[0]!.sides;
    expect(careful!.entry.id).toBe('c1');
    expect(naive!.entry.id).toBe('n1');
    expect(careful!.tools.length).toBe(careful!.entry.steps);
    expect(careful!.caughtBy).toBeNull();
    const recorded = payloads.get('n1');
    if (recorded?.kind !== 'native') throw new Error('n1 is a native trace');
    expect(naive!.caughtBy).toBe(recorded.trace.scorecard!.verdict.caughtBy);
    expect(naive!.caughtBy).not.toBeNull();
  });
});
