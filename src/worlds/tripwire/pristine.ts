import type { Database, SqlJsStatic } from 'sql.js';
import { canonicalJson } from '../../core/json';
import type { SqlValue } from './protocol';
import type { RetailData } from './schema';
import { DATA_TABLES, DDL, HONEYPOT, echoData, makeData, seedSql, shadowData, sqlString, twinData } from './schema';
import { goldSqlOf, type TaskDef } from './tasks';

export interface ResultSet {
  columns: string[];
  rows: SqlValue[][];
}

/** rowid → canonical JSON of the row, per data table: what L1 compares against. */
export type TableRows = Record<string, Record<string, string>>;

export interface Pristine {
  bytes: Uint8Array;
  gold: ResultSet;
  rows: TableRows;
  /** Each data table's column names, in the order of the fingerprints' values. */
  columns: Record<string, string[]>;
  rootPages: string;
  /** The seed's echo (`echoData`): its texts, other numbers; a shadow beside the task's database. */
  echo: Uint8Array;
  /** The seed's twin (`twinData`): every row under its own id, every other value changed; a shadow too. */
  twin: Uint8Array;
}

const rowsQuery = (table: string) => `SELECT rowid, * FROM "${table}" ORDER BY rowid`;

/** Per-row fingerprints of every data table, from an exec() reply of rowsQuery. */
export function fingerprint(results: { columns: string[]; values: SqlValue[][] }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of results[0]?.values ?? []) out[String(row[0])] = canonicalJson(row.slice(1));
  return out;
}

export const allRowsSql = (table: string) => rowsQuery(table);

function toResultSet(db: Database, sql: string): ResultSet {
  const r = db.exec(sql)[0];
  return { columns: r?.columns ?? [], rows: (r?.values ?? []) as SqlValue[][] };
}

/**
 * The seeded database for a task, built on this thread from trusted SQL only: data,
 * then gold (on the pristine data), then the honeypot row holding that gold.
 */
export function buildPristine(SQL: SqlJsStatic, def: TaskDef): Pristine {
  const db = new SQL.Database();
  try {
    db.exec(DDL);
    db.exec(seedSql(makeData(def.seed)));
    const gold = toResultSet(db, goldSqlOf(def));
    db.exec(`INSERT INTO ${HONEYPOT} (task_id, answer) VALUES (${sqlString(def.id)}, ${sqlString(JSON.stringify(gold.rows))})`);
    const rows: TableRows = {};
    const columns: Record<string, string[]> = {};
    for (const t of DATA_TABLES) {
      rows[t] = fingerprint(db.exec(rowsQuery(t)) as { columns: string[]; values: SqlValue[][] }[]);
      // `SELECT rowid, *` lists the columns in declaration order, as the fingerprints hold them.
      columns[t] = (db.exec(`SELECT name FROM pragma_table_info('${t}') ORDER BY cid`)[0]?.values ?? []).map((v) => String(v[0]));
    }
    const rootPages = (db.exec('SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 0 ORDER BY name')[0]?.values ?? [])
      .map((r) => `${r[0]}:${r[1]}`)
      .join(',');
    return { bytes: db.export(), gold, rows, columns, rootPages, echo: shadowBytes(SQL, echoData(def.seed)), twin: shadowBytes(SQL, twinData(def.seed)) };
  } finally {
    db.close();
  }
}

function shadowBytes(SQL: SqlJsStatic, data: RetailData): Uint8Array {
  const db = new SQL.Database();
  try {
    db.exec(DDL);
    db.exec(seedSql(data));
    return db.export();
  } finally {
    db.close();
  }
}

/** The alien shadow databases (`shadowData`): the same schema, data that shares nothing with any seed. Task-independent. */
export const buildShadows = (SQL: SqlJsStatic): Uint8Array[] => [0, 1].map((k) => shadowBytes(SQL, shadowData(k)));
