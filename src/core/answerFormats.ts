/**
 * One answer, written the ways honest agents write answers: the renderer the
 * contract's equivalent variants use (`contract.ts`). Every format keeps every
 * value of the table and adds no competing one, so a verifier that reads
 * answers by their content must score each the same as the oracle's own text.
 */

import { numberInWords } from './answerNumbers';

export type AnswerCell = string | number | null;

export interface AnswerTable {
  /** Human labels for the columns ("customer", "total"); one per cell of a row. */
  columns: string[];
  rows: AnswerCell[][];
  /** Columns holding money in dollars: written with a $ in the formats that add units. */
  money?: boolean[];
  /** The question as the prompt asks it; the explained format repeats it (and its numbers). */
  question?: string;
}

export const ANSWER_FORMATS = [
  'lines',
  'one-line',
  'sentence',
  'json-object',
  'json-array',
  'json-records',
  'json-fenced',
  'markdown-table',
  'markdown-bullets',
  'csv',
  'yaml',
  'key-value',
  'html-table',
  'units',
  'explained',
  'words',
  'sentence-per-row',
  'continental',
  'amount-words',
  'unicode-digits',
  'currency-code',
  'surname-first',
] as const;

export type AnswerFormat = (typeof ANSWER_FORMATS)[number];

const plain = (c: AnswerCell): string => (c === null ? '' : String(c));

function money(n: number): string {
  const [whole, cents] = Math.abs(n).toFixed(2).split('.');
  return `${n < 0 ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

const withUnit = (t: AnswerTable, c: AnswerCell, i: number): string => (typeof c === 'number' && t.money?.[i] ? money(c) : plain(c));

const inWords = (c: AnswerCell): string => (typeof c === 'number' && c <= 20 ? (numberInWords(c) ?? plain(c)) : plain(c));

const BELOW_THOUSAND = (n: number): string => {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tail = rest === 0 ? '' : numberInWords(rest)!;
  if (hundreds === 0) return tail || 'zero';
  return `${numberInWords(hundreds)!} hundred${tail ? ` ${tail}` : ''}`;
};

/** An integer below a million in words: "twelve thousand three hundred forty-five"; null outside. */
function integerInWords(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n >= 1_000_000) return null;
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  if (thousands === 0) return BELOW_THOUSAND(rest);
  return `${BELOW_THOUSAND(thousands)} thousand${rest ? ` ${BELOW_THOUSAND(rest)}` : ''}`;
}

/** An amount in words, as a cheque writes it: "forty-one dollars and twenty cents". */
function moneyInWords(n: number): string {
  const cents = Math.round(Math.abs(n) * 100);
  const dollars = integerInWords(Math.floor(cents / 100));
  if (dollars === null) return money(n);
  const c = cents % 100;
  return `${n < 0 ? 'minus ' : ''}${dollars} ${dollars === 'one' ? 'dollar' : 'dollars'}${c ? ` and ${numberInWords(c)!} ${c === 1 ? 'cent' : 'cents'}` : ''}`;
}

/** Continental separators: "12.345,67 $" for money, "71,4" for other decimals. */
function continental(t: AnswerTable, c: AnswerCell, i: number): string {
  if (typeof c !== 'number') return plain(c);
  if (!t.money?.[i]) return Number.isInteger(c) ? plain(c) : plain(c).replace('.', ',');
  const [whole, cents] = Math.abs(c).toFixed(2).split('.');
  return `${c < 0 ? '-' : ''}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents} $`;
}

/** Digits of other scripts, a script per row: full-width, Arabic-Indic, Devanagari. */
const SCRIPTS = [0xff10, 0x0660, 0x0966];
const scriptDigits = (text: string, row: number) => text.replace(/\d/g, (d) => String.fromCodePoint(SCRIPTS[row % SCRIPTS.length]! + Number(d)));

/** Two or three capitalised words, as names are written: "Quinn Kowal" → "Kowal, Quinn". */
const surnameFirst = (c: AnswerCell): string => {
  const words = plain(c).split(' ');
  if (words.length < 2 || words.length > 3 || !words.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w))) return plain(c);
  return `${words.at(-1)!}, ${words.slice(0, -1).join(' ')}`;
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Each row its own sentence, all on one line: "For bronze, the average is $41.20. For gold, the average is $63.05." */
function sentencePerRow(t: AnswerTable): string {
  return t.rows
    .map((r) => {
      if (isLabelled(t)) return `For ${plain(r[0]!)}, the ${t.columns[1]} is ${withUnit(t, r[1]!, 1)}.`;
      return `${capitalised(r.map((c, i) => `the ${t.columns[i]} is ${withUnit(t, c, i)}`).join(' and '))}.`;
    })
    .join(' ');
}

/** "a", "a and b", "a, b and c" */
const listed = (xs: readonly string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

const record = (t: AnswerTable, row: AnswerCell[]) => Object.fromEntries(t.columns.map((c, i) => [c, row[i] ?? null]));

const yamlScalar = (c: AnswerCell) =>
  typeof c === 'number' || c === null ? plain(c) : /^[\w .@-]*$/.test(c) && c.trim() === c && c !== '' ? c : JSON.stringify(c);

const csvCell = (c: AnswerCell) => {
  const s = plain(c);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Two columns, the first of them text: a row reads as "label: value" ("delivered: 20"). */
const isLabelled = (t: AnswerTable) => t.columns.length === 2 && t.rows.length > 1 && t.rows.every((r) => typeof r[0] === 'string');

function jsonObject(t: AnswerTable): unknown {
  if (t.rows.length === 1) return record(t, t.rows[0]!);
  if (isLabelled(t)) return Object.fromEntries(t.rows.map((r) => [String(r[0]), r[1] ?? null]));
  return { answer: t.rows.map((r) => record(t, r)) };
}

function sentence(t: AnswerTable, cell: (c: AnswerCell, i: number) => string): string {
  const rows = t.rows.map((r) => (isLabelled(t) ? `${cell(r[0]!, 0)}: ${cell(r[1]!, 1)}` : listed(r.map(cell))));
  return `The answer is ${listed(rows)}.`;
}

/** The table in one format. */
export function renderAnswer(t: AnswerTable, format: AnswerFormat): string {
  const cells = (r: AnswerCell[]) => r.map(plain);
  switch (format) {
    case 'lines':
      return t.rows.map((r) => cells(r).join(', ')).join('\n');
    case 'one-line':
      return t.rows.map((r) => cells(r).join(', ')).join('; ');
    case 'sentence':
      return sentence(t, plain);
    case 'json-object':
      return JSON.stringify(jsonObject(t));
    case 'json-array':
      return JSON.stringify(t.rows.length === 1 ? t.rows[0] : t.rows);
    case 'json-records':
      return JSON.stringify(
        t.rows.map((r) => record(t, r)),
        null,
        2,
      );
    case 'json-fenced':
      return `Here is the result:\n\n\`\`\`json\n${JSON.stringify(
        t.rows.map((r) => record(t, r)),
        null,
        2,
      )}\n\`\`\``;
    case 'markdown-table':
      return [`| ${t.columns.join(' | ')} |`, `| ${t.columns.map(() => '---').join(' | ')} |`, ...t.rows.map((r) => `| ${cells(r).join(' | ')} |`)].join('\n');
    case 'markdown-bullets':
      if (isLabelled(t)) return t.rows.map((r) => `- **${plain(r[0]!)}**: ${plain(r[1]!)}`).join('\n');
      // One row: a bullet per field, as a model writes a single result; several rows: a bullet per row.
      if (t.rows.length === 1) return t.columns.map((c, i) => `- **${c}**: ${plain(t.rows[0]![i] ?? null)}`).join('\n');
      return t.rows.map((r) => `- ${t.columns.map((c, i) => `**${c}**: ${plain(r[i] ?? null)}`).join(', ')}`).join('\n');
    case 'csv':
      return [t.columns.map(csvCell).join(','), ...t.rows.map((r) => r.map(csvCell).join(','))].join('\n');
    case 'yaml':
      if (t.rows.length === 1) return t.columns.map((c, i) => `${c}: ${yamlScalar(t.rows[0]![i] ?? null)}`).join('\n');
      return t.rows.map((r) => t.columns.map((c, i) => `${i === 0 ? '- ' : '  '}${c}: ${yamlScalar(r[i] ?? null)}`).join('\n')).join('\n');
    case 'key-value':
      if (isLabelled(t)) return t.rows.map((r) => `${plain(r[0]!)}: ${plain(r[1]!)}`).join('\n');
      return t.rows.map((r) => t.columns.map((c, i) => `${c}: ${plain(r[i] ?? null)}`).join('\n')).join('\n\n');
    case 'html-table':
      return [
        '<table>',
        `<tr>${t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr>`,
        ...t.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(plain(c))}</td>`).join('')}</tr>`),
        '</table>',
      ].join('\n');
    case 'units':
      return t.rows.map((r) => r.map((c, i) => withUnit(t, c, i)).join(', ')).join('\n');
    case 'explained': {
      const asked = t.question ? `You asked: "${t.question.trim()}" ` : '';
      return `${asked}I queried the data to answer this. ${sentence(t, plain)}`;
    }
    case 'words':
      return sentence(t, (c) => inWords(c));
    case 'sentence-per-row':
      return sentencePerRow(t);
    case 'continental':
      return t.rows.map((r) => r.map((c, i) => continental(t, c, i)).join('; ')).join('\n');
    case 'amount-words':
      return sentence(t, (c, i) => (typeof c !== 'number' ? plain(c) : t.money?.[i] ? moneyInWords(c) : (integerInWords(c) ?? plain(c))));
    case 'unicode-digits':
      return t.rows.map((r, k) => scriptDigits(r.map((c, i) => withUnit(t, c, i)).join(', '), k)).join('\n');
    case 'currency-code':
      return t.rows.map((r) => r.map((c, i) => (typeof c === 'number' && t.money?.[i] ? `${Math.abs(c).toFixed(2)} USD` : plain(c))).join(' — ')).join('\n');
    case 'surname-first':
      return t.rows.map((r) => r.map((c, i) => (i === 0 ? surnameFirst(c) : withUnit(t, c, i))).join(': ')).join('\n');
  }
}
