import type { ImportedItem } from '../../traces/import/types';

/**
 * The longest JSONL line a native trace's payload is sent as (a WireLine, importProtocol.ts). The reader keeps
 * only what a trace holds: a line can carry more (fields it drops, up to the line cap), and sent as it came, all
 * of it would be held by the page and parsed when the row is opened. Past this, the trace read is sent instead,
 * serialized again — rare, and bounded by what the row holds. Traces are kilobytes (the 10,000-trace bench's
 * are ~7.5 KB).
 */
export const LINE_PAYLOAD_MAX = 1 << 20;

/** A row's payload as the import worker sends it: its JSON, encoded to UTF-8 when the batch goes. */
export function payloadJson(item: ImportedItem): string {
  if (item.kind === 'vf') return JSON.stringify({ kind: 'vf', rollout: item.rollout });
  if (item.json !== undefined && item.json.length <= LINE_PAYLOAD_MAX) return `{"kind":"native","fromLine":${item.json}}`;
  return JSON.stringify({ kind: 'native', trace: item.trace });
}
