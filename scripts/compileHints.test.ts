import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, hintScripts } from './compileHints';

/** A one-line script and its map (`AAMA`: generated column 0 of line 1 is line 7, column 0 of src/a.ts). */
const MAP = { version: 3, file: 'a.js', sources: ['src/a.ts'], names: [], mappings: 'AAMA' };

describe('hintScripts', () => {
  it('puts the hint first in every script and leaves other files alone', () => {
    const bundle = {
      'a.js': { type: 'chunk' as const, fileName: 'a.js', code: 'export{}' },
      'worker.js': { type: 'chunk' as const, fileName: 'worker.js', code: 'self.onmessage=null' },
      'sql.wasm': { type: 'asset' as const, source: new Uint8Array([0, 97, 115, 109]) },
      'index.css': { type: 'asset' as const, source: 'a{}' },
    };
    hintScripts(bundle);
    expect(bundle['a.js'].code).toBe(`${COMPILE_HINT}\nexport{}`);
    expect(bundle['worker.js'].code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(bundle['index.css'].source).toBe('a{}');
    expect([...bundle['sql.wasm'].source]).toEqual([0, 97, 115, 109]);
  });

  it('moves a script’s source map, as text or bytes, down the line it adds: an empty first line, the rest as it was', () => {
    for (const asBytes of [false, true]) {
      const text = JSON.stringify(MAP);
      const bundle = {
        'a.js': { type: 'chunk' as const, fileName: 'a.js', code: 'const x=call();' },
        'a.js.map': { type: 'asset' as const, source: asBytes ? new TextEncoder().encode(text) : text },
      };
      hintScripts(bundle);
      expect(bundle['a.js'].code.split('\n')).toEqual([COMPILE_HINT, 'const x=call();']);
      expect(JSON.parse(bundle['a.js.map'].source as string)).toEqual({ ...MAP, mappings: ';AAMA' });
    }
  });
});
