import type { Json } from '../../core/json';
import type { Trace } from '../../core/types';
import { scrubSecrets } from './scrub';

/**
 * JSON text safe to re-import: a literal U+FFFD would read back as "invalid
 * UTF-8", so it is written escaped. Non-ASCII only occurs inside JSON strings,
 * where the escape means the same character.
 */
export function safeJson(value: Json, indent?: number): string {
  return JSON.stringify(scrubSecrets(value), null, indent).replace(/\uFFFD/g, '\\ufffd');
}

const asJson = (trace: Trace): Json => JSON.parse(JSON.stringify(trace)) as Json;

/** One trace, pretty-printed (what the importer reads as a single document). */
export function exportTraceJson(trace: Trace): string {
  return `${safeJson(asJson(trace), 2)}\n`;
}

/** Many traces, one per line. */
export function exportTracesJsonl(traces: readonly Trace[]): string {
  return traces.map((t) => `${safeJson(asJson(t))}\n`).join('');
}
