/**
 * Numbers as any script writes them, folded to ASCII before a reader looks for
 * digits: an answer's text (`answerSpelling.ts`) and a world's submitted values
 * alike. Linear, and only rewrites characters that are numerals, signs or
 * compatibility forms (NFKC: full-width `３`, `＄`, `．`).
 */

const ND = /\p{Nd}/u;
const ZERO = new Map<number, number>();

/** The value of a decimal digit of any script: its offset in its run of ten (Unicode keeps each script's 0–9 contiguous). */
export function digitValue(cp: number): number {
  let zero = ZERO.get(cp);
  if (zero === undefined) {
    zero = cp;
    // Runs of ten can sit back to back (the mathematical digits): the offset is taken modulo ten from the run's start.
    while (zero > 0 && cp - zero < 60 && ND.test(String.fromCodePoint(zero - 1))) zero--;
    ZERO.set(cp, zero);
  }
  return (cp - zero) % 10;
}

/**
 * The text with every decimal digit in ASCII (`٣` `३` `３` `𝟑` → `3`), compatibility
 * forms folded (NFKC), the minus sign `−` as `-`, and Arabic's decimal and thousands
 * signs as `.` and `,`. Thousands grouped by a no-break, figure, thin or narrow
 * space are joined first (NFKC would make them plain spaces, which may part two numbers).
 */
export function foldDigits(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text
    .replace(/(?<=\p{Nd})[\u00a0\u2007\u2009\u202f](?=\p{Nd}{3}(?!\p{Nd}))/gu, '')
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (d) => (d.charCodeAt(0) < 128 ? d : String(digitValue(d.codePointAt(0)!))))
    .replace(/[\u2212\ufe63]/g, '-')
    .replace(/(?<=\d)\u066b(?=\d)/g, '.')
    .replace(/\u066c/g, ',');
}
