import { isSecretKey, scrubSecrets } from './scrub';

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

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  const s = guardFormula(String(scrubSecrets(text)));
  // RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled.
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV: a header row, CRLF line breaks, objects and arrays as JSON text; credential-named columns are left out. */
export function toCsv<Row>(rows: readonly Row[], allColumns: readonly CsvColumn<Row>[]): string {
  const columns = allColumns.filter((c) => !isSecretKey(c.header));
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Columns that read the named keys of plain objects. */
export function keyColumns(keys: readonly string[]): CsvColumn<Record<string, unknown>>[] {
  return keys.map((k) => ({ header: k, value: (row) => row[k] }));
}
