import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WORLDS } from '../../worlds/registry';
import { homeTables, WORLD_ENTRIES } from './registry';
import type { WorldEntry } from './types';

/**
 * The fixture worlds are test-only: this file imports no register hook, so the
 * registries hold what the app ships, and no app source reaches a `testing/`
 * folder, so the build (which follows imports from index.html, and the
 * prerender script) never bundles one.
 */
const ROOT = join(__dirname, '..', '..', '..');
// The fixtures' entries read as modules: an entry registers nothing, its folder's register.ts does.
const FIXTURE_IDS = Object.values(import.meta.glob<{ entry: WorldEntry }>('./testing/*/entry.ts', { eager: true })).map((m) => m.entry.id);

/** Test files and test support (`testing/` folders, `testing.ts`): the only code that may import a fixture. */
const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || path.split('/').includes('testing') || /(^|\/)testing\.ts$/.test(path);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.(tsx?|mts|mjs)$/.test(d.name) ? [path] : [];
  });
}

/** Every module path a file imports (static, re-exported, dynamic, globbed) that goes through a `testing` folder or module. */
function testingImports(path: string, text = readFileSync(path, 'utf8')): string[] {
  // Most files never spell the word: only those that do are parsed.
  if (!text.includes('testing')) return [];
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const p = node.parent;
    const isPath =
      ts.isStringLiteralLike(node) &&
      p !== undefined &&
      (ts.isImportDeclaration(p) ||
        ts.isExportDeclaration(p) ||
        (ts.isCallExpression(p) && (p.expression.kind === ts.SyntaxKind.ImportKeyword || p.expression.getText() === 'import.meta.glob')));
    if (isPath && node.text.split('/').some((part) => part === 'testing' || part.startsWith('testing.'))) found.push(`${relative(ROOT, path)}: ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the fixture worlds stay out of the app', () => {
  it('the shipped registries, read without the test hooks, hold no fixture world', () => {
    expect(FIXTURE_IDS.length).toBeGreaterThan(0);
    for (const id of FIXTURE_IDS) {
      expect(WORLD_ENTRIES.map((w) => w.id)).not.toContain(id);
      expect(WORLDS.map((w) => w.id)).not.toContain(id);
      expect(homeTables().map((t) => t.id)).not.toContain(id);
    }
  });

  it('no app source (src, scripts) imports a testing folder or module; only tests and test support do', () => {
    const files = ['src', 'scripts'].flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => !isTestCode(relative(ROOT, f))).flatMap((f) => testingImports(f))).toEqual([]);
    // The check itself: the hooks' ways in, static, dynamic and globbed, and not a module that merely has the word in its name.
    const probe = join(ROOT, 'src', 'ui', '__probe__.ts');
    const text = [
      "import './worlds/testing/register';",
      "import { MemoryStore } from './live/testing';",
      "const a = import('../worlds/testing/ledger/index');",
      "const b = import.meta.glob('./testing/*/entry.ts');",
      "import { c } from './lib/attesting';",
    ].join('\n');
    expect(testingImports(probe, text).map((h) => h.replace(/^.*?: /, ''))).toEqual([
      './worlds/testing/register',
      './live/testing',
      '../worlds/testing/ledger/index',
      './testing/*/entry.ts',
    ]);
  });
});
