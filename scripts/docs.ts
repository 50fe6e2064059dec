// `npm run docs`: the counts and tables the docs print about the worlds, made from the code — README's variant
// table (one row per world) and docs/worlds.md's table per world. Run it after changing a world's operators;
// src/worlds/variants.test.ts fails while the docs are stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { checkWorld, operatorTable } from '../src/core/contract';
import { WORLDS } from '../src/worlds/registry';
import { readmeVariantRow, withBlock, worldVariantTable } from '../src/worlds/variantDocs';

const README = new URL('../README.md', import.meta.url);
const WORLDS_DOC = new URL('../docs/worlds.md', import.meta.url);

let readme = readFileSync(README, 'utf8');
let doc = readFileSync(WORLDS_DOC, 'utf8');
for (const world of WORLDS) {
  if (!world.contract) continue;
  const rows = operatorTable(world.contract, await checkWorld(world, world.contract));
  const row = readmeVariantRow(world.id, rows);
  const line = new RegExp(`^\\| ${world.id} \\| \\d+ \\|.*$`, 'm');
  if (!line.test(readme)) throw new Error(`README.md has no variant row for ${world.id}: add "| ${world.id} | 0 | | |" to its table`);
  readme = readme.replace(line, row);
  doc = withBlock(doc, world.id, worldVariantTable(world.contract, rows));
  console.log(`${world.id}: ${rows.reduce((n, r) => n + r.count, 0)} variants, ${rows.length} operators`);
}
writeFileSync(README, readme);
writeFileSync(WORLDS_DOC, doc);
