import type { Trace } from '../../core/types';
import type { ImportIssue, ImportSummary, VfRollout } from '../../traces/import/types';
import type { LibraryEntry } from '../lib/librarySummary';
import type { LineRefs } from './importPayload';

/** A file (a File, or a stored Blob read again: `path` names it), or an address to fetch. */
export type ImportSource = { kind: 'file'; file: Blob; path: string; metadata?: Blob } | { kind: 'url'; url: string };

/**
 * `batch` prefixes the rows' ids (`${batch}:${n}`): the import run's id. `decompressLeft`: what the
 * import this file belongs to may still decompress (LIMITS.importDecompressedBytes, shared by its files).
 * `hashed`: the file's SHA-256 when the page knows it (a stored file read again): sent back, not computed.
 */
export type ImportRequest = ImportSource & { batch: string; decompressLeft?: number; hashed?: string };

export type Payload = { kind: 'native'; trace: Trace } | { kind: 'vf'; rollout: VfRollout };

/**
 * A payload as it crosses from a worker: the import worker sends its JSON as
 * UTF-8 bytes, a view into one buffer per batch that is transferred, not
 * copied (see lib/payloads.ts for why); JSON text or the payload itself are
 * read too. A native trace read from a JSONL line crosses as that line, unread,
 * read with the same reader when the row is first used — serializing each trace
 * again was a third of the worker's work on 10,000 traces: the line's bytes in the
 * stream chunk they were read in (LinePayload), or, where they were copied,
 * `{"kind":"native","fromLine":<the line's JSON>}` (WireLine); up to a cap
 * (workers/importPayload.ts).
 */
export type WirePayload = Payload | string | Uint8Array | LinePayload;

/**
 * A native trace's payload as the JSONL line it was read from, the line's own bytes (a view into the stream chunk
 * it was read in, transferred whole: workers/importPayload.ts, RowBatcher), read as a WireLine's `fromLine`.
 */
export interface LinePayload {
  kind: 'line';
  bytes: Uint8Array;
}

/** The JSON of a native trace's payload sent as the JSONL line it was read from (see WirePayload). */
export interface WireLine {
  kind: 'native';
  fromLine: unknown;
}

export type ImportMessage =
  | { type: 'progress'; done: number; total: number | null }
  /**
   * `payloads[i]` null: row i's payload is a line in `lines` (LineRefs, workers/importPayload.ts). `more`: the next
   * message carries more rows of the same batch (a batch goes as messages of at most MESSAGE_ROWS rows): the page
   * lists the batch's rows together, in one update of the table.
   */
  | { type: 'items'; entries: LibraryEntry[]; payloads: (WirePayload | null)[]; lines?: LineRefs; more?: true }
  | { type: 'issues'; issues: ImportIssue[] }
  /** `bytes`: a fetched file as it was read, for the library to keep; `hash`: the file's SHA-256, when the worker could compute it; `decompressed`: bytes inflated from archives (the import's budget). */
  | { type: 'done'; summary: ImportSummary; source: string; bytes?: Blob; hash?: string | null; decompressed?: number }
  | { type: 'failed'; message: string };
