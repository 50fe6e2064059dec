import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** A bad-input failure: printed as one line on stderr, exit code 2, never a stack trace. */
export class CliError extends Error {}

const MiB = 1024 * 1024;

/**
 * The most the CLI reads of one file. A document is parsed whole (score's trace
 * or script, --tasks, --suite): 64 MiB is far above any real one (the full red-team
 * suite is 0.5 MB) and keeps JSON.parse well inside Node's default heap. Imports
 * stream and stop at the importer's own limit (see commands/import.ts).
 */
export const READ_LIMITS = { documentBytes: 64 * MiB, metadataBytes: 1 * MiB } as const;

export const describeBytes = (n: number) => (n >= MiB ? `${n / MiB} MiB` : `${n / 1024} KiB`);

export function fmt(x: number, digits = 2): string {
  return x.toFixed(digits);
}

/** A plain text table with padded columns. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const ERRNO_WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
};

/** An errno code and what it means. */
export const errnoText = (code: string) => (ERRNO_WORDS[code] ? `${code} (${ERRNO_WORDS[code]})` : code);

/** An fs failure in a few words: the code, then what it means. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (code === undefined) return e instanceof Error ? e.message : String(e);
  return errnoText(code);
}

/**
 * A file's text, read up to `maxBytes`, or one clear line about why not. It reads
 * in chunks and stops one chunk past the limit, so a device that never ends
 * (/dev/zero) or a huge file costs at most the limit.
 */
export function readTextFile(file: string, maxBytes: number = READ_LIMITS.documentBytes): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${describeFsError(e)}`);
  }
  try {
    if (fstatSync(fd).isDirectory()) throw new CliError(`cannot read ${file}: ${errnoText('EISDIR')}`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(MiB, maxBytes + 1));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new CliError(`${file} is larger than ${describeBytes(maxBytes)}, the most the CLI reads of one file`);
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${file}: ${describeFsError(e)}`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Fails at once when `file` cannot be written, before any work whose result
 * would be lost. Opening for append creates a missing file and truncates nothing.
 */
export function checkWritable(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'a');
  } catch (e) {
    throw new CliError(`cannot write ${file}: ${describeFsError(e)}`);
  }
  closeSync(fd);
}

const MAX_LINE = 1000;

/**
 * The message as one printable line of at most 1000 characters: a failure is
 * one line on stderr however long or odd the input it quotes (a file name, a
 * world name, a parse error) is.
 */
export function oneLine(message: string): string {
  const flat = message
    .replace(/\s*[\r\n]+\s*/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001F\u007F]/g, ' ')
    .trim();
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE - 1)}…` : flat;
}
