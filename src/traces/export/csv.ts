import { isSecretKey, scrubber, type Scrubber } from './scrub';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a
 * leading apostrophe: model output lands in these cells. Plain numbers written
 * as strings ("-3.5") are left alone.
 */
function guardFormula(s: string): string {
  return /^[=+\-@\t\r]/.test(s) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(s) ? `'${s}` : s;
}

function cell(raw: unknown, scrub: Scrubber): string {
  if (raw === null || raw === undefined) return '';
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : '';
  if (typeof raw === 'boolean') return raw ? 'true' : 'false';
  // Scrubbed before it becomes JSON text: a secret inside a nested JSON string would be escaped twice by then.
  const v = scrub.value(raw);
  const s = guardFormula(typeof v === 'string' ? v : scrub.text(JSON.stringify(v)));
  // RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled.
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV: a header row, CRLF line breaks, objects and arrays as JSON text; credential-named columns are left out, `secrets` masked. */
export function toCsv<Row>(rows: readonly Row[], allColumns: readonly CsvColumn<Row>[], secrets: readonly string[] = []): string {
  const scrub = scrubber(secrets);
  const columns = allColumns.filter((c) => !isSecretKey(c.header));
  const lines = [columns.map((c) => cell(c.header, scrub)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row), scrub)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Columns that read the named keys of plain objects. */
export function keyColumns(keys: readonly string[]): CsvColumn<Record<string, unknown>>[] {
  return keys.map((k) => ({ header: k, value: (row) => row[k] }));
}
