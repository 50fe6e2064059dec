import type { Trace } from '../../core/types';
import type { ImportIssue, ImportSummary, VfRollout } from '../../traces/import/types';
import type { LibraryEntry } from '../lib/librarySummary';

/** A file (a File, or a stored Blob read again: `path` names it), or an address to fetch. */
export type ImportSource = { kind: 'file'; file: Blob; path: string; metadata?: Blob } | { kind: 'url'; url: string };

/**
 * `batch` prefixes the rows' ids (`${batch}:${n}`): the import run's id. `decompressLeft`: what the
 * import this file belongs to may still decompress (LIMITS.importDecompressedBytes, shared by its files).
 */
export type ImportRequest = ImportSource & { batch: string; decompressLeft?: number };

export type Payload = { kind: 'native'; trace: Trace } | { kind: 'vf'; rollout: VfRollout };

export type ImportMessage =
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'items'; entries: LibraryEntry[]; payloads: Payload[] }
  | { type: 'issues'; issues: ImportIssue[] }
  /** `bytes`: a fetched file as it was read, for the library to hash and keep. */
  | { type: 'done'; summary: ImportSummary; source: string; bytes?: Blob; decompressed?: number }
  | { type: 'failed'; message: string };
