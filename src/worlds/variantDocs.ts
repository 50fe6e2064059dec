import { operatorsOf, type OperatorRow, type WorldContract } from '../core/contract';

/**
 * The contract's variant tables as the docs print them, made from the operator rows
 * `vp validate` computes: README's one row per world and docs/worlds.md's table per
 * world. `npm run docs` writes them (scripts/docs.ts); `variants.test.ts` fails when
 * what is written is not what the code generates, so no count is typed by hand.
 */

const two = (x: number) => x.toFixed(2);

/** README's row: `| world | total | op n: worst · … | op n: worst ≤ allowed · … |`. */
export function readmeVariantRow(world: string, rows: readonly OperatorRow[]): string {
  const total = rows.reduce((n, r) => n + r.count, 0);
  const eq = rows.filter((r) => r.kind === 'equivalent').map((r) => `${r.operator} ${r.count}: ${two(r.worst)}`);
  const br = rows.filter((r) => r.kind === 'breaking').map((r) => `${r.operator} ${r.count}: ${two(r.worst)} ≤ ${two(r.ceiling ?? 0)}`);
  return `| ${world} | ${total} | ${eq.join(' · ')} | ${br.join(' · ')} |`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** docs/worlds.md's table for one world: every operator, what it does, its count, its worst reward and what it may reach. */
export function worldVariantTable(contract: WorldContract, rows: readonly OperatorRow[]): string {
  const ops = new Map(operatorsOf(contract).map((op) => [op.id, op]));
  const total = rows.reduce((n, r) => n + r.count, 0);
  const lines = rows.map((r) => {
    const op = ops.get(r.operator);
    const rule = op?.rule ? ` (${op.rule})` : '';
    const allowed = r.kind === 'equivalent' ? '= oracle' : `≤ ${two(r.ceiling ?? 0)}${op?.ceiling ? `: ${op.ceiling.why}` : ''}`;
    return `| ${r.operator} | ${r.kind}${rule} | ${cell(op?.description ?? '')} | ${r.count} | ${two(r.worst)} | ${cell(allowed)} |`;
  });
  return [
    `${total} variants of the oracle's runs (\`npm run vp -- validate --world <id>\` prints them):`,
    '',
    '| operator | kind (rule) | what it does | variants | worst full | allowed |',
    '|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}

const open = (world: string) => `<!-- generated: variants of ${world} (npm run docs) -->`;
const CLOSE = '<!-- /generated -->';

/** The block docs/worlds.md holds for `world`, or null when it has none. */
export function generatedBlock(doc: string, world: string): string | null {
  const at = doc.indexOf(open(world));
  if (at < 0) return null;
  const end = doc.indexOf(CLOSE, at);
  return end < 0 ? null : doc.slice(at + open(world).length, end).trim();
}

/** The doc with `world`'s block replaced by `body` (appended at `fallback`'s place when the doc has none yet). */
export function withBlock(doc: string, world: string, body: string): string {
  const block = `${open(world)}\n${body}\n${CLOSE}`;
  const at = doc.indexOf(open(world));
  if (at >= 0) return `${doc.slice(0, at)}${block}${doc.slice(doc.indexOf(CLOSE, at) + CLOSE.length)}`;
  throw new Error(`docs/worlds.md has no block for ${world}: add the line ${open(world)} and ${CLOSE} where its table goes`);
}
