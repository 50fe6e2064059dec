import { bodyOf, clip, errorLine, type StepSummaryInput } from '../../core/stepSummary';

/** tripwire's scratchpad line: "3 rows (name, total): [["Quinn Kowal",277.17]]…", "1 row changed", or the refusal. */
export function summarizeTripwire({ result }: StepSummaryInput): string {
  const body = bodyOf(result.content);
  if (!result.ok || !body) return errorLine(body, result.content);
  if (body.received !== undefined) return 'answer submitted';
  if (typeof body.changes === 'number' && body.changes > 0) return `${body.changes} row${body.changes === 1 ? '' : 's'} changed`;
  if (Array.isArray(body.rows) && Array.isArray(body.columns)) {
    const n = typeof body.row_count === 'number' ? body.row_count : body.rows.length;
    return clip(`${n} row${n === 1 ? '' : 's'} (${body.columns.join(', ')}): ${JSON.stringify(body.rows)}`);
  }
  return clip(result.content);
}
