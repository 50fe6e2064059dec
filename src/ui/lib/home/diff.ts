import type { HomeRow } from './rows';

/** At most this many differences are listed; the rest are counted. */
const SHOWN = 8;

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

function walk(path: string, a: unknown, b: unknown, out: string[]): void {
  if (Object.is(a, b)) return;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}.length: ${a.length} at build, ${b.length} here`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) walk(`${path}[${i}]`, a[i], b[i], out);
    return;
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) walk(path ? `${path}.${k}` : k, (a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], out);
    return;
  }
  out.push(`${path}: ${show(a)} at build, ${show(b)} here`);
}

/**
 * Where the rows this browser computed differ from the rows the build computed
 * in Node, one line per differing value, named by row and field
 * ("the-peeker card.reward: 0 at build, 0.25 here"). Empty when they agree.
 * Rows are matched by position: both sides run the same list of agents.
 */
export function diffHomeRows(built: readonly HomeRow[], live: readonly HomeRow[]): string[] {
  const out: string[] = [];
  if (built.length !== live.length) out.push(`${built.length} rows at build, ${live.length} here`);
  for (let i = 0; i < Math.min(built.length, live.length); i++) {
    const lines: string[] = [];
    walk('', built[i], live[i], lines);
    const name = built[i]!.agent === live[i]!.agent ? built[i]!.agent : `row ${i + 1}`;
    out.push(...lines.map((l) => `${name} ${l}`));
  }
  return out.length > SHOWN ? [...out.slice(0, SHOWN), `…and ${out.length - SHOWN} more`] : out;
}
