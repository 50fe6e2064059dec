import { describe, expect, it } from 'vitest';
import { distinctTokens, ID_TOKEN_WIDTH, makeRecords, servedIds } from './data';

const ids = (seed: number, numRecords = 40) => makeRecords({ seed, numRecords }).map((r) => r.id);

describe('fault-api record ids', () => {
  it('are rec- and seven base-36 digits, hashed from the seed: no run of consecutive numbers to extend', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const list = ids(seed);
      for (const id of list) expect(id).toMatch(new RegExp(`^rec-[0-9a-z]{${ID_TOKEN_WIDTH}}$`));
      const values = list.map((id) => Number.parseInt(id.slice(4), 36));
      const steps = values.slice(1).map((v, i) => v - values[i]!);
      expect(
        steps.filter((d) => Math.abs(d) <= 40),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('differ between seeds and are the same on every call', () => {
    expect(ids(1)).toEqual(ids(1));
    expect(new Set([...ids(1), ...ids(2)]).size).toBe(80);
  });

  it('are unique within a task, even at 10,000 records', () => {
    for (const seed of [1, 2, 3]) expect(new Set(ids(seed, 10000)).size).toBe(10000);
  });

  it('of a smaller task are a prefix of a larger one’s', () => {
    expect(ids(7, 8)).toEqual(ids(7, 40).slice(0, 8));
  });

  it('resolve a collision deterministically, from the colliding record’s own retries', () => {
    const token = (i: number, attempt: number) => (attempt === 0 ? ['a', 'b', 'a', 'a'][i]! : `${['a', 'b', 'a', 'a'][i]}${i}.${attempt}`);
    expect(distinctTokens(4, token)).toEqual(['a', 'b', 'a2.1', 'a3.1']);
    const stubborn = (i: number, attempt: number) => (attempt < 3 ? 'x' : `x${i}`);
    expect(distinctTokens(2, stubborn)).toEqual(['x', 'x1']);
  });
});

describe('fault-api served ids', () => {
  it('are the ids on the pages the session answered, each page once', () => {
    const records = makeRecords({ seed: 5, numRecords: 40 });
    const served = servedIds({ seed: 5, numRecords: 40, pageSize: 4 }, [0, 2, 2]);
    expect([...served]).toEqual([...records.slice(0, 4), ...records.slice(8, 12)].map((r) => r.id));
  });
});
