import type { StoreApi } from 'zustand/vanilla';
import { unhealthy } from './importRuns';
import type { LibraryState } from './library';

/**
 * What the library has still to read before it holds every run it knows of: an export or a report made before
 * then would cover part of the library and not say so ("Wrote 10 of 16 rows" while 157 were being read back).
 */
export interface Pending {
  /** Stored imports not read yet on this visit, and the traces they listed when stored that are not listed yet. */
  stored: { files: number; traces: number };
  /** Files being imported now or waiting their turn (how many traces they hold is known once read), with the traces listed so far. */
  importing: { files: string[]; listed: number };
  /** Files found to be one already imported, waiting for the person's Skip or Add again. */
  asking: string[];
  /** The runs saved in this browser being read (each visit of a view reads them again). */
  saved: boolean;
}

/** What is still being read; null once everything is. */
export function pendingOf(s: LibraryState): Pending | null {
  const listed = new Map<string, number>();
  if (s.unread.length) {
    const waiting = new Set(s.unread.map((u) => u.id));
    for (const e of s.entries) if (e.run && waiting.has(e.run)) listed.set(e.run, (listed.get(e.run) ?? 0) + 1);
  }
  const traces = s.unread.reduce((n, u) => n + Math.max(0, u.rows - (listed.get(u.id) ?? 0)), 0);
  const under = s.jobs.filter((j) => j.status === 'running' || j.status === 'waiting');
  const asking = s.jobs.filter((j) => j.status === 'duplicate').map((j) => j.source);
  const saved = s.savedReads.running > 0 || !s.savedReads.ended;
  if (!s.unread.length && !under.length && !asking.length && !saved) return null;
  return {
    stored: { files: s.unread.length, traces },
    importing: { files: under.map((j) => j.source), listed: under.reduce((n, j) => n + j.imported, 0) },
    asking,
    saved,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "147 traces of 2 stored files still being read, and the import of a.jsonl (1,200 traces so far)" */
export function describePending(p: Pending): string {
  const parts: string[] = [];
  if (p.stored.files)
    parts.push(
      p.stored.traces
        ? `${plural(p.stored.traces, 'trace')} of ${plural(p.stored.files, 'stored file')} still being read`
        : `the last rows of ${plural(p.stored.files, 'stored file')} being read`,
    );
  if (p.importing.files.length) {
    const which = p.importing.files.length === 1 ? `the import of ${p.importing.files[0]!}` : `the import of ${p.importing.files.length} files`;
    parts.push(`${which} (${plural(p.importing.listed, 'trace')} so far)`);
  }
  if (p.asking.length)
    parts.push(`your answer on ${p.asking.length === 1 ? `the file ${p.asking[0]!}` : `${p.asking.length} files`} (Skip or Add again, above)`);
  // Listing the saved runs is quick; said only when nothing else is waited for.
  if (p.saved && !parts.length) parts.push('the runs saved in this browser being read');
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}` : parts[0]!;
}

/** The sentence for pending work, or null once none is (a stable value for a store selector). */
export const pendingText = (s: LibraryState): string | null => {
  const p = pendingOf(s);
  return p ? describePending(p) : null;
};

/** As `pendingText`, but null while only the saved runs are being read (quick: a view says "Opening the library…" meanwhile, not a wait). */
export const longPendingText = (s: LibraryState): string | null => {
  const p = pendingOf(s);
  return p && (p.stored.files || p.importing.files.length || p.asking.length) ? describePending(p) : null;
};

/** Stored imports listed but not read on this visit (failed, or left marked by a tab that stopped): their traces are in no export. */
export function unreadRuns(s: LibraryState): string | null {
  const broken = Object.values(s.runs).filter((r) => unhealthy(r) !== null);
  if (!broken.length) return null;
  return `${plural(broken.length, 'stored import')} (${broken.map((r) => r.label).join(', ')}) ${broken.length === 1 ? 'was' : 'were'} not read on this visit: ${broken.length === 1 ? 'its' : 'their'} traces are not listed, so not written (see Imported runs)`;
}

/**
 * Resolves true once the library has read everything it knows of (at once when it has), false when `signal`
 * aborts first. `onWait` hears what is still pending each time that changes.
 */
export function whenRead(store: StoreApi<LibraryState>, signal: AbortSignal, onWait: (what: string) => void = () => {}): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    let said: string | null = null;
    let stop = () => {};
    const check = (s: LibraryState) => {
      const what = pendingText(s);
      if (what === null) {
        stop();
        resolve(true);
      } else if (what !== said) onWait((said = what));
    };
    const abort = () => {
      stop();
      resolve(false);
    };
    const unsubscribe = store.subscribe(check);
    stop = () => {
      unsubscribe();
      signal.removeEventListener('abort', abort);
    };
    signal.addEventListener('abort', abort);
    check(store.getState());
  });
}

/**
 * An export or a report file made over the whole library: `work` runs once the library has read everything,
 * over the rows listed then. Null when the person cancelled the wait.
 */
export async function afterRead<T>(
  store: StoreApi<LibraryState>,
  signal: AbortSignal,
  onWait: (what: string) => void,
  work: () => Promise<T>,
): Promise<T | null> {
  return (await whenRead(store, signal, onWait)) ? work() : null;
}
