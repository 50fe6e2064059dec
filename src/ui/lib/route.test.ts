import { describe, expect, it } from 'vitest';
import { episodeHref, readEpisodeRoute } from './episodeRoute';
import { modelHref, readModelRoute } from './model/route';
import { setSecrets } from './model/secrets';
import { hashStore, hrefFor, parseHash } from './route';

const read = (href: string) => parseHash(href);

describe('route readers', () => {
  it('parse the hash: path parts decoded, the query kept', () => {
    const r = parseHash('#/trace/a%2Fb?step=3&x=y');
    expect(r.path).toEqual(['trace', 'a/b']);
    expect(r.query.get('step')).toBe('3');
    expect(parseHash('').path).toEqual([]);
    expect(parseHash('#/').path).toEqual([]);
  });

  it('an episode link reads back as the route it was made from', () => {
    const route = { world: 'w', task: { id: 'x y', seed: 3 }, agent: 'human', step: 4, run: 'run-1' };
    const r = read(episodeHref(route));
    expect(readEpisodeRoute(r.path, r.query)).toEqual(route);
  });

  it('an episode link without a task, run or step reads as the world’s first task at its end', () => {
    const r = read(episodeHref({ world: 'w' }));
    expect(readEpisodeRoute(r.path, r.query)).toEqual({ world: 'w', task: null, agent: 'human', step: null, run: null });
  });

  it('a step that is not a whole number, or a task that is not a JSON object, is ignored rather than trusted', () => {
    const r = parseHash('#/episode/w?step=-1&task=%5B1%5D');
    expect(readEpisodeRoute(r.path, r.query)).toMatchObject({ step: null, task: null });
    expect(readEpisodeRoute(parseHash('#/episode/w?step=disagreement').path, parseHash('#/episode/w?step=disagreement').query).step).toBe('disagreement');
    const m = parseHash('#/model?step=1.5&task=nope&tab=other');
    expect(readModelRoute(m.query)).toMatchObject({ tab: 'episode', step: null, task: null });
  });

  it('a model link reads back, tab and all; without a world it opens the registry’s first', () => {
    const route = { tab: 'batch' as const, world: 'w', task: { profile: 'p', seed: 1 }, step: 2, fork: null };
    expect(readModelRoute(read(modelHref(route)).query)).toEqual(route);
    // A fork offered to the model keeps its id in the link.
    expect(readModelRoute(read(modelHref({ ...route, tab: 'episode', fork: 'fork-1-abc-3' })).query)).toMatchObject({ fork: 'fork-1-abc-3' });
    expect(readModelRoute(new URLSearchParams()).world).toBeTruthy();
  });

  it('links mask a secret the page knows, wherever it is', () => {
    setSecrets({ apiKey: 'sk-route-SECRET-4242' });
    const href = hrefFor(['trace', 'id sk-route-SECRET-4242'], { task: '{"q":"sk-route-SECRET-4242"}' });
    expect(href).not.toContain('SECRET-4242');
    setSecrets({ apiKey: '' });
  });
});

describe('the hash store', () => {
  it('holds the hash and follows hashchange', () => {
    const listeners: (() => void)[] = [];
    const win = { location: { hash: '#/a' }, addEventListener: (_: string, cb: () => void) => void listeners.push(cb) };
    const store = hashStore(win as unknown as Window);
    expect(store.getState().hash).toBe('#/a');
    win.location.hash = '#/b';
    for (const cb of listeners) cb();
    expect(store.getState().hash).toBe('#/b');
  });
});
