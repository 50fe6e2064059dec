import type { TargetFormat } from '../../traces/export/convert';

/**
 * The formats the library writes, with the file each becomes. Apart from the
 * converter (libraryExport.ts), which the buttons load when one is pressed:
 * listing traces needs none of it.
 */
export const LIBRARY_EXPORTS: readonly {
  format: Exclude<TargetFormat, 'csv'>;
  label: string;
  file: string;
  type: string;
  /** What several files of the format are called together: the zip that holds them is `${many}-${n}-files.zip`. */
  many: string;
}[] = [
  { format: 'native', label: 'Export JSONL', file: 'traces.jsonl', type: 'application/x-ndjson', many: 'traces' },
  { format: 'vf', label: 'Export vf results.jsonl', file: 'results.jsonl', type: 'application/x-ndjson', many: 'vf-results' },
  { format: 'inspect', label: 'Export Inspect log', file: 'inspect-log.json', type: 'application/json', many: 'inspect-logs' },
];
