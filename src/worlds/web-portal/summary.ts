import { bodyOf, clip, errorLine, type StepSummaryInput } from '../../core/stepSummary';

/** web-portal's scratchpad line: a page read as "Page: Orders at /orders (24 elements)"; an action says what it did in one sentence already. */
export function summarizeWebPortal({ result }: StepSummaryInput): string {
  if (!result.ok) return errorLine(bodyOf(result.content), result.content);
  const lines = result.content.split('\n');
  if (!lines[0]!.startsWith('Page:')) return clip(result.content);
  const url = lines
    .find((l) => l.startsWith('URL:'))
    ?.slice(4)
    .trim();
  const refs = lines.filter((l) => l.includes('[ref=')).length;
  return clip(`${lines[0]}${url ? ` at ${url}` : ''} (${refs} elements)`);
}
