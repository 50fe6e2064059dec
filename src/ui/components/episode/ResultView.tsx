import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../../core/json';
import { DataTable, type Cell } from '../DataTable';

/** Rows of objects → columns in first-seen key order. */
export function objectRows(items: JsonObject[]): { columns: string[]; rows: Cell[][] } {
  const columns: string[] = [];
  for (const item of items) for (const k of Object.keys(item)) if (!columns.includes(k)) columns.push(k);
  return { columns, rows: items.map((item) => columns.map((c) => item[c])) };
}

/** How the world marks a value in a result's table, if it does. */
export type MarkCell = (column: string, value: Cell) => string | undefined;

function RecordTable({ items, label, mark }: { items: JsonObject[]; label: string; mark?: MarkCell }) {
  const { columns, rows } = objectRows(items);
  return <DataTable columns={columns} rows={rows} caption={label} cellClass={mark ? (_r, col, v) => mark(col, v) : undefined} />;
}

/** One tool result as the agent saw it: tables where the payload is tabular, text otherwise. */
export function ResultView({ content, ok, mark }: { content: string; ok: boolean; mark?: MarkCell }) {
  const parsed = tryParseJson(content);
  const body: Json = parsed.ok ? parsed.value : null;
  const className = ok ? 'result' : 'result result-error';
  if (isJsonObject(body)) {
    const { records, rows, columns, ...rest } = body;
    if (Array.isArray(columns) && Array.isArray(rows)) {
      return (
        <div className={className}>
          <DataTable columns={columns.map(String)} rows={rows.map((r) => (Array.isArray(r) ? r : [r]))} />
          {Object.keys(rest).length > 0 ? <pre>{JSON.stringify(rest, null, 2)}</pre> : null}
        </div>
      );
    }
    if (Array.isArray(records) && records.every(isJsonObject)) {
      return (
        <div className={className}>
          <RecordTable items={records as JsonObject[]} label={`${records.length} records`} mark={mark} />
          <pre>{JSON.stringify(rest, null, 2)}</pre>
        </div>
      );
    }
  }
  return <pre className={className}>{parsed.ok ? JSON.stringify(body, null, 2) : content}</pre>;
}
