import { readFileSync } from 'node:fs';

/** A bad-input failure: printed as one line on stderr, exit code 2, never a stack trace. */
export class CliError extends Error {}

export function fmt(x: number, digits = 2): string {
  return x.toFixed(digits);
}

/** A plain text table with padded columns. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A file's text, or one clear line about why it cannot be read. */
export function readTextFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}
