import { bodyOf, clip, errorLine, type StepSummaryInput } from '../../core/stepSummary';

/** fault-api's scratchpad line: "cursor c_4a → 4 records, next cursor c_v5 (of 40)". */
export function summarizeFaultApi({ call, result }: StepSummaryInput): string {
  const body = bodyOf(result.content);
  if (!result.ok || !body) return errorLine(body, result.content);
  if (Array.isArray(body.records)) {
    const args = call.arguments;
    const cursor = args && typeof args === 'object' && !Array.isArray(args) && typeof args.cursor === 'string' ? args.cursor : 'start';
    const next = typeof body.next_cursor === 'string' ? `next cursor ${body.next_cursor}` : 'no next cursor (the last page)';
    const total = typeof body.total === 'number' ? ` (of ${body.total})` : '';
    const n = body.records.length;
    return clip(`cursor ${cursor} → ${n} record${n === 1 ? '' : 's'}, ${next}${total}`);
  }
  if (typeof body.received === 'number') return `submitted: ${body.received} records received`;
  return clip(result.content);
}
