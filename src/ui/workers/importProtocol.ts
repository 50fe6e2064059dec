import type { Trace } from '../../core/types';
import type { ImportIssue, ImportSummary, VfRollout } from '../../traces/import/types';
import type { LibraryEntry } from '../lib/librarySummary';

export type ImportSource = { kind: 'file'; file: File; metadata?: File } | { kind: 'url'; url: string };

export type ImportRequest = ImportSource & { batch: string };

export type Payload = { kind: 'native'; trace: Trace } | { kind: 'vf'; rollout: VfRollout };

export type ImportMessage =
  | { type: 'progress'; done: number; total: number | null }
  | { type: 'items'; entries: LibraryEntry[]; payloads: Payload[] }
  | { type: 'issues'; issues: ImportIssue[] }
  | { type: 'done'; summary: ImportSummary; source: string }
  | { type: 'failed'; message: string };
