import { describe, expect, it } from 'vitest';
import { parseHash } from '../lib/route';
import { routeView } from './lazyViews';
import { isRouteHead, ROUTE_MODULES, routeHead } from './routeModules';

describe('routeHead: the entry reads the route as the app will', () => {
  it('gives the first segment parseHash gives, for every shape of hash', () => {
    const hashes = [
      '',
      '#',
      '#/',
      '#/traces',
      '#traces',
      '#/traces?src=https%3A%2F%2Fx.org%2Fa.json',
      '#//traces/',
      '#/trace/import-1%3A3?sort=reward',
      '#/episode/fault-api?task=x',
      '#/%74races',
      '#/no-such-view',
      '#/?x=1',
      '#/%E0%A4%A',
    ];
    for (const hash of hashes) {
      let expected: string;
      try {
        expected = parseHash(hash).path[0] ?? '';
      } catch {
        // parseHash throws on a malformed escape; the entry keeps the raw segment and the app shows its error.
        continue;
      }
      expect(routeHead(hash), hash).toBe(expected);
    }
    expect(routeHead('#/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('every route the entry starts downloading is a view the app renders, and an unknown one is neither', () => {
    for (const head of Object.keys(ROUTE_MODULES)) expect(routeView(head), head).not.toBeNull();
    expect(isRouteHead('no-such-view')).toBe(false);
    expect(isRouteHead('toString')).toBe(false);
    expect(routeView('no-such-view')).toBeNull();
  });
});
