import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { WORLDS as CORE_WORLDS } from '../../worlds/registry';
import { HOME_WORLDS } from '../workers/homeProtocol';
import { DEFAULT_WORLD } from './defaultWorld';
import { HOME_TABLES, WORLDS } from './registry';

const UI = join(__dirname, '..');
const IDS = new Set(CORE_WORLDS.map((w) => w.id));

/**
 * The home rows' specs (which reference agents on which tasks: lib/homeRows)
 * and the home worker, whose protocol keys rows by world. Each table's title,
 * note and rows function are in the registry entry (`home`).
 */
const HOME_PAGE = new Set(['lib/homeRows.ts', 'workers/home.worker.ts', 'workers/homeProtocol.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'worlds' && dir === UI ? [] : sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

const mentions = (text: string) => [...IDS].some((id) => new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text));

/** A module path names where code lives, not a world as data: `import … from '../worlds/tripwire/…'`, `import('…')`. */
const isModulePath = (node: ts.Node) =>
  ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || (ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword);

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

describe('world knowledge lives in src/ui/worlds', () => {
  it('every world has one registry entry, and no other', () => {
    expect(WORLDS.map((w) => w.id).sort()).toEqual([...IDS].sort());
  });

  it('the default world (its own light module, for the header) is the registry\'s first entry', () => {
    expect(DEFAULT_WORLD).toBe(WORLDS[0]!.id);
  });

  it('the home tables are the registry entries with a showcase, exactly the worlds the home state checks, in the story\'s order', () => {
    expect(HOME_TABLES.map((w) => w.id).sort()).toEqual([...HOME_WORLDS].sort());
    expect(HOME_TABLES.map((w) => w.home.order)).toEqual([...HOME_TABLES.map((w) => w.home.order)].sort((a, b) => a - b));
    expect(HOME_TABLES[0]!.home.title).toMatch(/the three cheats/);
  });

  it('no UI file outside src/ui/worlds names a world', () => {
    const files = sources(UI).filter((f) => !HOME_PAGE.has(relative(UI, f)));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => namings(f))).toEqual([]);
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
