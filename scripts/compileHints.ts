/** V8's explicit compile hint (Chromium 136 and later): a script whose first line this is has every function compiled eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** What of a bundle (Rollup's and rolldown's `OutputBundle`) this reads and writes. */
type Bundle = Record<string, { type: 'chunk'; fileName: string; code: string } | { type: 'asset'; source: string | Uint8Array }>;

/**
 * Puts the compile hint first in every script of `bundle`, and moves each script's source map
 * (when the build writes them) down the one line it adds. Run last: minification drops comments,
 * and Vite's preload helper puts a line of its own first.
 */
export function hintScripts(bundle: Bundle): void {
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    item.code = `${COMPILE_HINT}\n${item.code}`;
    const map = bundle[`${item.fileName}.map`];
    if (map?.type === 'asset') {
      const json = JSON.parse(typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source)) as { mappings: string };
      map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
    }
  }
}
