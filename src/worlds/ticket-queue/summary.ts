import { bodyOf, clip, errorLine, type StepSummaryInput } from '../../core/stepSummary';

/** ticket-queue's scratchpad line: "13 tickets listed: TQ-454, …", "TQ-458 (open, low): login errors…", "note 1 on TQ-458". */
export function summarizeTicketQueue({ result }: StepSummaryInput): string {
  const body = bodyOf(result.content);
  if (!result.ok || !body) return errorLine(body, result.content);
  if (Array.isArray(body.records)) {
    const ids = body.records.flatMap((r) => (r && typeof r === 'object' && !Array.isArray(r) && typeof r.id === 'string' ? [r.id] : []));
    return clip(`${ids.length} tickets listed: ${ids.join(', ')}`);
  }
  if (body.finished === true) return `finished after ${String(body.writes)} writes`;
  const id = typeof body.id === 'string' ? body.id : '?';
  if (typeof body.title === 'string') return clip(`${id} (${String(body.status)}, ${String(body.priority)}): ${body.title}`);
  if (typeof body.notes === 'number') return `note ${body.notes} on ${id}`;
  if (typeof body.status === 'string') return body.unchanged ? `${id} already ${body.status}` : `${id} ${String(body.previous)} → ${body.status}`;
  return clip(result.content);
}
