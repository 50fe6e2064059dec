import { LIMITS } from '../../core/limits';
import type { ImportIssue, ImportSummary } from '../../traces/import/types';
import type { LineRefs } from '../workers/importPayload';
import type { ImportMessage, ImportRequest, ImportSource, WirePayload } from '../workers/importProtocol';
import type { LibraryEntry } from './librarySummary';

/** One source imported: what its line in the import status says. */
export interface ImportJob {
  source: string;
  /** `duplicate`: the file is one already imported; its rows are listed until the person skips it or adds it again. */
  status: 'waiting' | 'running' | 'duplicate' | 'done' | 'failed' | 'cancelled' | 'skipped';
  done: number;
  total: number | null;
  imported: number;
  issues: ImportIssue[];
  summary: ImportSummary | null;
  message: string | null;
  /** The import run the file became (see importRuns.ts). */
  run: string | null;
  /** The label of the run the file duplicates. */
  duplicateOf: string | null;
}

/** An import worker as the library sees it (a fake in tests). */
export interface ImportPort {
  post(request: ImportRequest): void;
  onMessage(cb: (m: ImportMessage) => void): void;
  /** The worker failed (its script did not load, it threw). */
  onFailure(cb: (message: string) => void): void;
  terminate(): void;
}

/** How one source's parse ended: the file read whole (its bytes when fetched, its SHA-256 when the worker computed it, the bytes inflated from archives), or why not. */
export type Parsed =
  | { ok: true; summary: ImportSummary; bytes: Blob | null; hash: string | null; decompressed: number }
  | { ok: false; message: string; summary: ImportSummary | null; cancelled: boolean; decompressed?: number };

export interface ParseHandlers {
  progress?(done: number, total: number | null): void;
  /**
   * A batch of rows, as soon as the worker has parsed it: the library lists them at once. `more`: the next call
   * brings more rows of the same batch (ImportMessage's `more`).
   */
  items(entries: readonly LibraryEntry[], payloads: readonly WirePayload[], more: boolean): void;
  issues?(issues: readonly ImportIssue[]): void;
}

/**
 * Parse one source in its own worker, rows handed over batch by batch. A fatal
 * summary, a dead worker or nothing readable is a failure: the caller takes
 * back the rows it listed.
 */
export function parseInWorker(spawn: () => ImportPort, request: ImportRequest, on: ParseHandlers): { done: Promise<Parsed>; cancel(): void } {
  let cancel = () => {};
  const done = new Promise<Parsed>((resolve) => {
    const port = spawn();
    let ended = false;
    let rows = 0;
    /** The stream chunks the worker sent, in order: native traces' lines point into them (LineRefs). */
    const chunks: ArrayBuffer[] = [];
    const finish = (p: Parsed) => {
      if (ended) return;
      ended = true;
      port.terminate();
      resolve(p);
    };
    cancel = () => finish({ ok: false, message: 'cancelled', summary: null, cancelled: true });
    port.onMessage((m) => {
      if (ended) return;
      if (m.type === 'progress') on.progress?.(m.done, m.total);
      else if (m.type === 'items') {
        const payloads = withLines(m.payloads, m.lines, chunks);
        if (typeof payloads === 'string') return finish({ ok: false, message: payloads, summary: null, cancelled: false });
        rows += m.entries.length;
        on.items(m.entries, payloads, m.more === true);
      } else if (m.type === 'issues') on.issues?.(m.issues);
      else if (m.type === 'failed') finish({ ok: false, message: m.message, summary: null, cancelled: false });
      else if (m.summary.fatal || rows === 0)
        finish({
          ok: false,
          message: m.summary.fatal ?? 'not one line of it could be read as a trace or a vf-eval row',
          summary: m.summary,
          cancelled: false,
          decompressed: m.decompressed ?? 0,
        });
      else finish({ ok: true, summary: m.summary, bytes: m.bytes ?? null, hash: m.hash ?? null, decompressed: m.decompressed ?? 0 });
    });
    port.onFailure((message) => finish({ ok: false, message: message || 'the import worker failed', summary: null, cancelled: false }));
    port.post(request);
  });
  return { done, cancel };
}

/**
 * A message's payloads with each line reference made a view into its chunk (`chunks`: those sent before, to which
 * this message's are added); a reference outside what was sent is a message the worker did not write (said why).
 */
export function withLines(payloads: readonly (WirePayload | null)[], lines: LineRefs | undefined, chunks: ArrayBuffer[]): WirePayload[] | string {
  if (lines) chunks.push(...lines.chunks);
  const out: WirePayload[] = [];
  for (let i = 0; i < payloads.length; i++) {
    const p = payloads[i];
    if (p) {
      out.push(p);
      continue;
    }
    const [chunk, at, length] = [lines?.refs[3 * i], lines?.refs[3 * i + 1], lines?.refs[3 * i + 2]];
    const buffer = chunk ? chunks[chunk - 1] : undefined;
    if (!buffer || at === undefined || length === undefined || at + length > buffer.byteLength)
      return `the import worker sent row ${i + 1} of a batch without its trace`;
    out.push({ kind: 'line', bytes: new Uint8Array(buffer, at, length) });
  }
  return out;
}

export interface Queued {
  source: ImportSource;
  label: string;
  /** An import already under way in its worker (the entry started it: lib/importWorkers.ts), with the run id its rows carry. */
  started?: { port: ImportPort; run: string };
}

/** What the library does with one source: list its rows as they come, then keep it or take it back. */
export interface ImportSteps {
  /** A fresh run id for this source (or `id`, an import's already under way); its rows' ids start with it. */
  begin(label: string, source: ImportSource, id?: string): string;
  /** `more`: more rows of the same batch follow (ParseHandlers.items). */
  items(run: string, entries: readonly LibraryEntry[], payloads: readonly WirePayload[], more: boolean): void;
  /** The file read whole: resolves to `duplicate` (with the earlier run's label) to ask the person, else the run is kept. */
  land(run: string, source: ImportSource, parsed: Extract<Parsed, { ok: true }>): Promise<{ duplicateOf: string | null; note: string | null }>;
  /** Take the run's rows back (failed, cancelled, or a duplicate skipped). */
  drop(run: string): void;
  /** A duplicate added again: keep it. */
  keep(run: string): Promise<string | null>;
}

export interface ImportTarget {
  jobs: { get(): ImportJob[]; set(jobs: ImportJob[], notes?: string[]): void };
  steps: ImportSteps;
}

const newJob = (source: string): ImportJob => ({
  source,
  status: 'waiting',
  done: 0,
  total: null,
  imported: 0,
  issues: [],
  summary: null,
  message: null,
  run: null,
  duplicateOf: null,
});

/**
 * Import sources one after another, each in its own worker: one at a time
 * keeps a 2-core machine responsive, and a file that fails ends only its own
 * line. Rows are listed as they are parsed (the first screen shows before a
 * big file is read through); a file that fails or is cancelled takes its rows
 * back, so what stays is whole files only.
 */
export function importer(target: ImportTarget, spawn: () => ImportPort) {
  const { jobs, steps } = target;
  let current: { cancel(): void } | null = null;
  /** What the files chosen together may still decompress (one import's budget, core/limits.ts). */
  let decompressLeft: number = LIMITS.importDecompressedBytes.value;
  let generation = 0;
  /** Decisions awaited on duplicates, by job index. */
  const waiting = new Map<number, (add: boolean) => void>();

  const update = (mine: number, index: number, patch: Partial<ImportJob>) => {
    if (generation !== mine) return;
    jobs.set(jobs.get().map((j, k) => (k === index ? { ...j, ...patch } : j)));
  };

  /** `parsed` is called once the worker is done with the file, before any question about a duplicate. */
  async function importOne(q: Queued, index: number, mine: number, parsed: () => void): Promise<void> {
    try {
      await importSteps(q, index, mine, parsed);
    } finally {
      parsed();
    }
  }

  async function importSteps(q: Queued, index: number, mine: number, parsedOne: () => void): Promise<void> {
    const run = steps.begin(q.label, q.source, q.started?.run);
    update(mine, index, { status: 'running', run });
    let imported = 0;
    let issues: ImportIssue[] = [];
    const started = q.started;
    const parse = parseInWorker(
      started ? () => started.port : spawn,
      { ...q.source, batch: run, decompressLeft },
      {
        progress: (done, total) => update(mine, index, { done, total }),
        items: (entries, payloads, more) => {
          if (generation !== mine) return;
          imported += entries.length;
          steps.items(run, entries, payloads, more);
          update(mine, index, { imported });
        },
        issues: (more) => {
          issues = [...issues, ...more];
          update(mine, index, { issues });
        },
      },
    );
    current = parse;
    const parsed = await parse.done;
    current = null;
    decompressLeft -= parsed.decompressed ?? 0;
    parsedOne();
    if (!parsed.ok) {
      steps.drop(run);
      if (!parsed.cancelled) update(mine, index, { status: 'failed', message: parsed.message, summary: parsed.summary });
      return;
    }
    const landed = await steps.land(run, q.source, parsed);
    if (landed.duplicateOf === null) return update(mine, index, { status: 'done', summary: parsed.summary, imported, message: landed.note });
    update(mine, index, { status: 'duplicate', summary: parsed.summary, imported, duplicateOf: landed.duplicateOf });
    const add = await new Promise<boolean>((resolve) => waiting.set(index, resolve));
    waiting.delete(index);
    if (!add) {
      steps.drop(run);
      return update(mine, index, { status: 'skipped', message: `the same file as “${landed.duplicateOf}”: skipped` });
    }
    const note = await steps.keep(run);
    update(mine, index, { status: 'done', message: note });
  }

  /** Stops the file being imported (its rows are taken back) and every file still waiting. */
  function cancel(): void {
    jobs.set(
      jobs
        .get()
        .map((j) =>
          j.status === 'running' || j.status === 'waiting'
            ? { ...j, status: 'cancelled', message: 'cancelled' }
            : j.status === 'duplicate'
              ? { ...j, status: 'skipped', message: `the same file as “${j.duplicateOf ?? ''}”: skipped` }
              : j,
        ),
    );
    generation++;
    current?.cancel();
    // A duplicate waiting for an answer is skipped: nothing half-decided stays listed.
    for (const resolve of waiting.values()) resolve(false);
  }

  /** The person's answer for a duplicate: add it again, or skip it. */
  function decide(index: number, add: boolean): void {
    waiting.get(index)?.(add);
  }

  async function importAll(queue: readonly Queued[], notes: string[]): Promise<void> {
    cancel();
    const mine = ++generation;
    decompressLeft = LIMITS.importDecompressedBytes.value;
    jobs.set(
      queue.map((q) => newJob(q.label)),
      notes,
    );
    // One after another, but a duplicate waiting for an answer does not hold up the files after it.
    const pending: Promise<void>[] = [];
    for (const [i, q] of queue.entries()) {
      if (generation !== mine) break;
      await new Promise<void>((parsed) => pending.push(importOne(q, i, mine, parsed)));
    }
    await Promise.all(pending);
  }

  return { importAll, cancel, decide };
}
