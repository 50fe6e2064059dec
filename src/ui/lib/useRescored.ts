import { useEffect, useState } from 'react';
import type { EntryResult } from '../../traces/suiteScore';
import type { SavedGotcha } from './storage';
import type { AsyncState } from './useAsync';
import { rescoreSaved } from './userGotchas';

export const rescoreKey = (g: SavedGotcha) => `${g.id}|${g.addedAt}`;

/**
 * Each gotcha re-scored, one after another (a tripwire replay starts a
 * database worker; two cores are shared with the rest of the page). Keyed by
 * `rescoreKey`; an entry not yet reached reads as missing.
 */
export function useRescored(items: readonly SavedGotcha[]): ReadonlyMap<string, AsyncState<EntryResult>> {
  const [results, setResults] = useState<ReadonlyMap<string, AsyncState<EntryResult>>>(() => new Map());
  useEffect(() => {
    let live = true;
    const put = (key: string, state: AsyncState<EntryResult>) => live && setResults((m) => new Map(m).set(key, state));
    void (async () => {
      for (const g of items) {
        if (!live) return;
        try {
          put(rescoreKey(g), { status: 'done', value: await rescoreSaved(g) });
        } catch (e) {
          put(rescoreKey(g), { status: 'error', message: e instanceof Error ? e.message : String(e) });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [items]);
  return results;
}
