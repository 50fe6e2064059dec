import type { SqlJsStatic } from 'sql.js';
import type { SqlRequest, SqlReply } from './protocol';

export function createSqlServer(SQL: SqlJsStatic): (req: SqlRequest) => SqlReply;
