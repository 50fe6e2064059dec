import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..', '..');
const WORKER = join(SRC, 'ui', 'workers', 'home.worker.ts');
const PARTS = join(SRC, 'ui', 'worlds');

/** A relative import's file, as Vite resolves it (.ts, .tsx, .mjs, .js; an index). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const f of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (/\.(ts|tsx|mjs|js)$/.test(f) && existsSync(f)) return f;
  return null;
}

/** Every source file the home worker's script is built from: its own, its worlds' parts (the eager glob), and what they import, statically. */
function workerSources(): Map<string, string> {
  const seen = new Map<string, string>();
  const parts = readdirSync(PARTS)
    .map((w) => join(PARTS, w, 'homeInWorker.ts'))
    .filter(existsSync);
  const queue = [WORKER, ...parts];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/gm)) {
      if (/^\s*import\s+type\s/.test(m[0]) || /^\s*export\s+type\s/.test(m[0])) continue;
      const target = resolveImport(file, m[1]!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('the home worker', () => {
  it('is built as one script: nothing it runs imports a module on demand (a dynamic import splits the worker into chunks it fetches one round trip later)', () => {
    const sources = workerSources();
    expect(sources.size).toBeGreaterThan(20);
    expect([...sources.keys()].some((f) => f.endsWith('homeInWorker.ts'))).toBe(true);
    const dynamic = [...sources].filter(([, text]) => /\bimport\(/.test(text)).map(([f]) => relative(SRC, f));
    expect(dynamic).toEqual([]);
  });
});
