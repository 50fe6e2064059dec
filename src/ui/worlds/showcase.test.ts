import { describe, expect, it } from 'vitest';
import type { World } from '../../core/world';
import type { HomeRow } from '../lib/home/rows';
import { showcaseFrom, type ShowcaseModule } from './showcase';

const world = { id: 'w' } as unknown as World;
const row = { world: 'w', agent: 'a' } as unknown as HomeRow;

describe('showcaseFrom', () => {
  it('asks for the showcase module before the world has loaded, then gives the module the world', async () => {
    const log: string[] = [];
    let resolveWorld!: (w: World) => void;
    const pending = new Promise<World>((r) => (resolveWorld = r));
    const rows = showcaseFrom(async () => {
      log.push('module asked for');
      return { showcaseRows: async (w) => (log.push(`rows of ${w.id}`), [row]) } satisfies ShowcaseModule;
    })(pending);
    await Promise.resolve();
    expect(log).toEqual(['module asked for']);
    resolveWorld(world);
    await expect(rows).resolves.toEqual([row]);
    expect(log).toEqual(['module asked for', 'rows of w']);
  });

  it("rejects with the world's failure or the module's", async () => {
    const module = async (): Promise<ShowcaseModule> => ({ showcaseRows: async () => [row] });
    await expect(showcaseFrom(module)(Promise.reject(new Error('no world')))).rejects.toThrow('no world');
    await expect(showcaseFrom(() => Promise.reject(new Error('chunk 404')))(Promise.resolve(world))).rejects.toThrow('chunk 404');
  });
});
