import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { runEpisode } from '../../core/episode';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { stubbornSolver } from '../../worlds/fault-api/solvers';
import { foreignParentAddress, forksByParent, inAppHref, listedIds, parentHref } from './lineage';
import { summarizeNative } from './librarySummary';

const made = faultApiWorld.makeTask({ profile: 'clean', seed: 1 });
if (!made.ok) throw new Error(made.error);

describe('lineage in the library', () => {
  it('reads a fork’s parent from its trace, lists forks under their parent, and links to the parent at the step', async () => {
    const trace = await runEpisode(faultApiWorld, made.value, stubbornSolver());
    const parent = summarizeNative(trace, 'p', 'saved');
    const forkOf = (id: string, meta: JsonObject) => summarizeNative({ ...trace, meta: { parent: meta } }, id, 'saved');
    const a = forkOf('a', { trace: 'p', hash: 'h', step: 2 });
    const b = forkOf('b', { trace: 'p', hash: 'h', step: 5, href: '#/trace/p' });
    const elsewhere = forkOf('c', { trace: 'reference agent stubborn', step: 1, href: '#/episode/fault-api?agent=stubborn' });
    const broken = forkOf('d', { trace: 'p', step: -1 });
    expect(a.parent).toEqual({ trace: 'p', hash: 'h', step: 2, href: null });
    expect(parent.parent).toBeNull();
    expect(broken.parent).toBeNull();
    const entries = [parent, a, b, elsewhere, broken];
    expect(
      forksByParent(entries)
        .get('p')!
        .map((f) => [f.id, f.step]),
    ).toEqual([
      ['a', 2],
      ['b', 5],
    ]);
    expect(forksByParent(entries)).toBe(forksByParent(entries));
    const listed = (id: string) => entries.some((e) => e.id === id);
    expect(parentHref(a, listed)).toBe('#/trace/p?step=2');
    expect(parentHref(elsewhere, listed)).toBe('#/episode/fault-api?agent=stubborn');
    expect(parentHref(parent, listed)).toBeNull();
    // One set per listing, however many rows' cells ask; a new listing gets its own.
    expect(listedIds(entries)).toBe(listedIds(entries));
    expect([...listedIds(entries)]).toEqual(['p', 'a', 'b', 'c', 'd']);
    expect(listedIds(entries.slice(1)).has('p')).toBe(false);
  });

  it('names how a model run was driven; other agents have no driver', async () => {
    const trace = await runEpisode(faultApiWorld, made.value, stubbornSolver());
    expect(summarizeNative(trace, 'x', 's').driver).toBeNull();
    const model = { ...trace, agent: { kind: 'model' as const, name: 'm', model: 'm' } };
    expect(summarizeNative(model, 'x', 's').driver).toBe('history');
    expect(summarizeNative({ ...model, meta: { model: { driver: 'scratchpad' } } }, 'x', 's').driver).toBe('scratchpad');
  });
});

describe('addresses from imported data stay on the site', () => {
  it('a parent href off the site (or any scheme) is never a link; it is shown as text', async () => {
    const trace = await runEpisode(faultApiWorld, made.value, stubbornSolver());
    for (const href of [
      'https://evil.example/phish',
      '//evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      '/traces',
      '#/trace/x\u0000y',
      ' #/trace/x',
    ]) {
      const e = summarizeNative({ ...trace, meta: { parent: { trace: 'elsewhere', hash: 'h', step: 1, href } } }, 'x', 'imported');
      expect(parentHref(e, () => false)).toBeNull();
      expect(foreignParentAddress(e)).toBe(href);
    }
    const local = summarizeNative({ ...trace, meta: { parent: { trace: 'ref', step: 1, href: '#/episode/fault-api?agent=stubborn' } } }, 'y', 'imported');
    expect(parentHref(local, () => false)).toBe('#/episode/fault-api?agent=stubborn');
    expect(foreignParentAddress(local)).toBeNull();
    expect(inAppHref('#/trace/a')).toBe('#/trace/a');
  });
});
