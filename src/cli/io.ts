import { closeSync, constants, existsSync, fstatSync, fsyncSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync, accessSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

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

/** The temporary name a file is written under before it is renamed whole: beside it, so the rename stays on one file system. */
const partialName = (file: string, tag: string) => join(dirname(file), `.${basename(file)}.${tag}-${process.pid}`);

/**
 * Fails at once when `file` cannot be written, before any work whose result
 * would be lost — and creates nothing: an existing file must be a writable
 * file, and its folder must take a new file (probed under a temporary name
 * and removed at once), since the file itself is written by `writeWhole`.
 */
export function checkWritable(file: string): void {
  try {
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
      accessSync(file, constants.W_OK);
    }
    const probe = partialName(file, 'probe');
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (e) {
    throw new CliError(`cannot write ${file}: ${describeFsError(e)}`);
  }
}

/**
 * Writes `data` to `file` whole or not at all: to a temporary name beside it,
 * flushed, then renamed over it. A crash, a kill or a full disk leaves the
 * file as it was (or absent), never empty or cut short.
 */
export function writeWhole(file: string, data: string | Uint8Array): void {
  const partial = partialName(file, 'partial');
  try {
    const fd = openSync(partial, 'w');
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (e) {
    if (existsSync(partial)) unlinkSync(partial);
    throw new CliError(`cannot write ${file}: ${describeFsError(e)}; it was left as it was`);
  }
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
