import type { Json } from '../../core/json';
import type { Trace } from '../../core/types';
import { scrubber } from './scrub';

/**
 * JSON text safe to re-import: a literal U+FFFD would read back as "invalid
 * UTF-8", so it is written escaped. Non-ASCII only occurs inside JSON strings,
 * where the escape means the same character.
 */
export function safeJson(value: Json, indent?: number, secrets: readonly string[] = []): string {
  return JSON.stringify(scrubber(secrets).value(value), null, indent).replace(/\uFFFD/g, '\\ufffd');
}

const asJson = (trace: Trace): Json => JSON.parse(JSON.stringify(trace)) as Json;

/** One trace, pretty-printed (what the importer reads as a single document). `secrets` are masked wherever they occur. */
export function exportTraceJson(trace: Trace, secrets: readonly string[] = []): string {
  return `${safeJson(asJson(trace), 2, secrets)}\n`;
}

/** Many traces, one per line. */
export function exportTracesJsonl(traces: readonly Trace[], secrets: readonly string[] = []): string {
  return traces.map((t) => `${safeJson(asJson(t), undefined, secrets)}\n`).join('');
}
