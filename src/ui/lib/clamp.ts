/** Longest hover text (title attribute); past it, the count of what was left out. */
export const HOVER_MAX = 2_000;

/**
 * At most `max` characters of `s`, the cut marked with "…". Names come from
 * files and endpoints: a 200,000-character model name is a real input, and
 * putting all of it in the DOM costs layout even where CSS clips it.
 * A surrogate pair is never split.
 */
export function clampText(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = Math.max(0, max - 1);
  const last = s.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${s.slice(0, end)}…`;
}

/** The full text for a tooltip, unless it is too long to read there: then its start and its length. */
export function hoverText(s: string): string {
  return s.length <= HOVER_MAX ? s : `${clampText(s, HOVER_MAX)} (${s.length.toLocaleString('en-US')} characters)`;
}
