import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WORLDS as CORE_WORLDS } from '../../worlds/registry';
import { homeTables, WORLD_ENTRIES } from './registry';

const UI = join(__dirname, '..');
const IDS = new Set(CORE_WORLDS.map((w) => w.id));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'worlds' && dir === UI ? [] : sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const mentions = (text: string) => [...IDS].some((id) => new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text));

/** A module path names where code lives, not a world as data: `import … from '../worlds/tripwire/…'`, `import('…')`. */
const isModulePath = (node: ts.Node): boolean =>
  ts.isImportDeclaration(node.parent) ||
  ts.isExportDeclaration(node.parent) ||
  (ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword);

/** Every place source text spells a world id as data: a string, a template, JSX text, a property name. Comments and module paths are not data. */
function namings(path: string, text = readFileSync(path, 'utf8')): string[] {
  // Most files never spell an id at all: only those that do are parsed.
  if (![...IDS].some((id) => text.includes(id))) return [];
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const spelled =
      (ts.isStringLiteralLike(node) && !isModulePath(node)) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)
        ? node.text
        : ts.isIdentifier(node) && ts.isPropertyName(node)
          ? node.text
          : null;
    if (spelled !== null && mentions(spelled)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(UI, path)}:${line + 1}: ${node.getText().trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Test support (`testing/` folders) builds real episodes of a named world; it is not app code. */
const isTestSupport = (path: string) => relative(UI, path).split('/').includes('testing');

/** Every import of one world's own folder (`worlds/<id>/…`, core or UI): what only the registry and the world's folders may do. */
function worldImports(path: string, text = readFileSync(path, 'utf8')): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && isModulePath(node) && [...IDS].some((id) => node.text.split('/').includes(id))) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${relative(UI, path)}:${line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('world knowledge lives in src/ui/worlds', () => {
  it('every world has one registry entry, and no other', () => {
    expect(WORLD_ENTRIES.map((w) => w.id).sort()).toEqual([...IDS].sort());
  });

  it("the home tables are the registry entries with a showcase, in the story's order, and the worker computes exactly those that ask for it", () => {
    const tables = homeTables();
    expect(tables.map((w) => w.id).sort()).toEqual(
      WORLD_ENTRIES.filter((w) => w.home)
        .map((w) => w.id)
        .sort(),
    );
    expect(tables.map((w) => w.home.order)).toEqual([...tables.map((w) => w.home.order)].sort((a, b) => a - b));
    expect(tables[0]!.home.title).toMatch(/the three cheats/);
    // The home worker finds a world's part by its folder (worlds/<id>/homeInWorker.ts): a table that asks for the worker has one, and only such a table.
    const parts = readdirSync(join(UI, 'worlds'), { withFileTypes: true }).filter(
      (d) => d.isDirectory() && readdirSync(join(UI, 'worlds', d.name)).includes('homeInWorker.ts'),
    );
    expect(parts.map((d) => d.name).sort()).toEqual(
      tables
        .filter((t) => t.home.inHomeWorker)
        .map((t) => t.id)
        .sort(),
    );
  });

  it('no UI file outside src/ui/worlds names a world', () => {
    const files = sources(UI);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => namings(f))).toEqual([]);
  });

  it("no UI file outside src/ui/worlds imports one world's code", () => {
    expect(
      sources(UI)
        .filter((f) => !isTestSupport(f))
        .flatMap((f) => worldImports(f)),
    ).toEqual([]);
    // The check itself: a world's folder by path, core or UI, static or dynamic; a generic module is not one.
    const probe = join(UI, 'lib', '__probe__.ts');
    const text = [
      "import { a } from '../../worlds/tripwire/host';",
      "const b = import('../worlds/fault-api/ui');",
      "import { c } from '../worlds/registry';",
    ].join('\n');
    expect(worldImports(probe, text).map((h) => h.replace(/^.*?: /, ''))).toEqual(['../../worlds/tripwire/host', '../worlds/fault-api/ui']);
  });

  it('the check sees a name in a comparison, a template, a JSX attribute or text, a key and a link, and not in a comment, an import path or a longer word', () => {
    const probe = join(UI, 'worlds', '__probe__.tsx');
    const text = [
      "import { x } from '../../worlds/fault-api/index';",
      '// fault-api in a comment',
      "const a = world.id === 'fault-api';",
      'const b = `#/episode/tripwire?x=${a}`;',
      'const c = <Matrix world="ticket-queue" />;',
      'const d = { tripwire: 1 };',
      "const e = '#/episode/fault-api';",
      'const f = <h2>tripwire — the matrix</h2>;',
      "const g = 'tripwires and fault-apis are not ids';",
    ].join('\n');
    const hits = namings(probe, text).map((h) => h.replace(/^.*?: /, ''));
    expect(hits).toEqual(["'fault-api'", '`#/episode/tripwire?x=${', '"ticket-queue"', 'tripwire', "'#/episode/fault-api'", 'tripwire — the matrix']);
  });
});
