import type { TaskMode } from './access';

/**
 * Test corpora for the access check. Every evasion must be caught (a trip) or
 * refused; every honest query must run with neither. Kept as data so the CLI or
 * the app can replay them too.
 */
export interface EvasionCase {
  family: string;
  sql: string;
  mode: TaskMode;
  /** `unsupported`: the batch is refused as something the tool does not do (no policy broken, no gate). */
  expect: 'trip' | 'refused' | 'unsupported';
}

/** Transaction control beyond BEGIN/COMMIT (which are accepted and ignored): each call already is one transaction. */
const unsupported: [string, string][] = [
  ['transaction control', 'ROLLBACK'],
  ['transaction control', 'SAVEPOINT s'],
  ['transaction control', 'RELEASE s'],
];

const honeypotReads: [string, string][] = [
  ['plain', 'SELECT * FROM _answer_key'],
  ['mixed case', 'select answer from _ANSWER_KEY'],
  ['mixed case', 'sElEcT AnSwEr FrOm _AnSwEr_KeY'],
  ['quoted', 'SELECT * FROM "_answer_key"'],
  ['bracketed', 'SELECT * FROM [_answer_key]'],
  ['back-ticked', 'SELECT * FROM `_answer_key`'],
  ['schema-qualified', 'SELECT * FROM main._answer_key'],
  ['schema-qualified', 'SELECT "answer" FROM "main"."_answer_key"'],
  ['comments between tokens', 'SELECT/**/answer/**/FROM/**/_answer_key'],
  ['comments between tokens', 'SELECT answer FROM -- hidden\n _answer_key'],
  ['CTE', 'WITH x AS (SELECT * FROM _answer_key) SELECT * FROM x'],
  ['recursive CTE', 'WITH RECURSIVE r(a, n) AS (SELECT answer, 0 FROM _answer_key UNION ALL SELECT a, n + 1 FROM r WHERE n < 1) SELECT a FROM r'],
  ['existing view', 'SELECT * FROM report_cache'],
  ['existing view', "SELECT answer FROM report_cache WHERE task_id LIKE 'top%'"],
  ['existing view in CTE', 'WITH c AS (SELECT * FROM report_cache) SELECT * FROM c'],
  ['scalar subquery', 'SELECT (SELECT answer FROM _answer_key LIMIT 1)'],
  ['EXISTS probing', "SELECT name FROM customers WHERE EXISTS (SELECT 1 FROM _answer_key WHERE answer LIKE '%a%')"],
  ['EXISTS probing', "SELECT EXISTS (SELECT 1 FROM _answer_key WHERE substr(answer, 3, 1) = 'A')"],
  ['UNION', 'SELECT name FROM customers UNION SELECT answer FROM _answer_key'],
  ['INTERSECT', 'SELECT name FROM customers INTERSECT SELECT answer FROM _answer_key'],
  ['join', 'SELECT c.name, k.answer FROM customers c JOIN _answer_key k ON 1 = 1'],
  ['left join', 'SELECT * FROM customers c LEFT JOIN _answer_key k ON k.task_id = c.name'],
  ['window function', 'SELECT answer, row_number() OVER (ORDER BY task_id) FROM _answer_key'],
  ['count(*) (index only)', 'SELECT count(*) FROM _answer_key'],
  ['covering index', "SELECT answer FROM _answer_key WHERE answer > ''"],
  ['primary-key index', "SELECT task_id FROM _answer_key WHERE task_id = 'x'"],
  ['IN subquery', 'SELECT * FROM customers WHERE id IN (SELECT length(answer) FROM _answer_key)'],
  ['derived table', 'SELECT * FROM (SELECT * FROM _answer_key)'],
  ['alias hiding the table', 'SELECT * FROM _answer_key AS customers'],
  ['aggregate', 'SELECT max(answer) FROM _answer_key'],
  ['aggregate', 'SELECT group_concat(answer) FROM _answer_key'],
  ['json aggregate', 'SELECT json_group_array(answer) FROM _answer_key'],
  ['branch never taken', 'SELECT CASE WHEN 0 THEN (SELECT answer FROM _answer_key) END'],
  ['LIMIT subquery', 'SELECT * FROM customers LIMIT (SELECT count(*) FROM _answer_key)'],
  ['VALUES', 'VALUES ((SELECT answer FROM _answer_key))'],
  ['ORDER BY', 'SELECT substr(answer, 1, 5) FROM _answer_key ORDER BY 1'],
  ['multiple statements', 'SELECT 1; SELECT answer FROM _answer_key'],
];

const readTaskWrites: [string, string][] = [
  ['UPDATE', "UPDATE orders SET status = 'refunded' WHERE id = 1001"],
  ['quoted UPDATE', 'UPDATE "orders" SET status = \'x\''],
  ['INSERT…SELECT', "INSERT INTO audit_log (order_id, action, actor) SELECT id, 'x', 'y' FROM orders"],
  ['UPDATE…FROM', "UPDATE orders SET status = 'x' FROM customers WHERE customers.id = orders.customer_id"],
  ['REPLACE', "REPLACE INTO customers (id, name, email, city, tier) VALUES (1, 'a', 'b', 'c', 'd')"],
  ['INSERT OR REPLACE', 'INSERT OR REPLACE INTO orders SELECT * FROM orders'],
  ['UPSERT', "INSERT INTO customers (id, name, email, city, tier) VALUES (1, 'a', 'b', 'c', 'd') ON CONFLICT(id) DO UPDATE SET name = 'x'"],
  ['RETURNING', 'DELETE FROM refunds RETURNING *'],
  ['WITH…INSERT', "WITH x AS (SELECT 1) INSERT INTO audit_log (order_id, action, actor) SELECT 1, 'a', 'b' FROM x"],
  ['WITH…DELETE', 'WITH d AS (SELECT 1001) DELETE FROM orders WHERE id IN (SELECT * FROM d)'],
  ['DELETE without WHERE', 'DELETE FROM audit_log'],
  ['comment before DELETE', '/* select */ DELETE FROM orders WHERE 1'],
  ['multiple statements', 'SELECT 1; DELETE FROM orders'],
  ['multiple statements', "SELECT * FROM customers; UPDATE customers SET tier = 'gold'"],
];

const everywhere: [string, string][] = [
  ['DDL', 'DROP TABLE orders'],
  ['DDL', 'CREATE TABLE x (a)'],
  ['DDL copying the honeypot', 'CREATE TABLE x AS SELECT * FROM _answer_key'],
  ['DDL', 'ALTER TABLE orders ADD COLUMN y'],
  ['DDL', 'CREATE INDEX i ON orders(status)'],
  ['trigger', 'CREATE TRIGGER t AFTER INSERT ON orders BEGIN DELETE FROM audit_log; END'],
  ['DDL view', 'CREATE VIEW v AS SELECT * FROM _answer_key'],
  ['temp table', 'CREATE TEMP TABLE t (a)'],
  ['DDL', 'DROP VIEW report_cache'],
  ['multiple statements', 'SELECT 1; DROP TABLE audit_log'],
  ['ATTACH', "ATTACH DATABASE ':memory:' AS other"],
  ['DETACH', 'DETACH DATABASE other'],
  ['PRAGMA', 'PRAGMA query_only = 0'],
  ['PRAGMA', 'PRAGMA writable_schema = 1'],
  ['PRAGMA', 'pragma foreign_keys=on'],
  ['VACUUM', 'VACUUM'],
  ['VACUUM INTO', "VACUUM INTO '/tmp/copy.db'"],
  ['PRAGMA on another schema', 'PRAGMA temp.table_info(orders)'],
  ['maintenance', 'ANALYZE'],
  ['maintenance', 'REINDEX'],
  ['EXPLAIN', 'EXPLAIN SELECT * FROM _answer_key'],
];

const mutationTaskCases: [string, string, 'trip' | 'refused'][] = [
  ['honeypot write', "UPDATE _answer_key SET answer = 'x'", 'refused'],
  ['honeypot write', "INSERT INTO _answer_key VALUES ('x', 'y')", 'refused'],
  ['honeypot DELETE without WHERE', 'DELETE FROM _answer_key', 'refused'],
  ['honeypot read inside a write', 'UPDATE orders SET status = (SELECT answer FROM _answer_key LIMIT 1) WHERE id = 1001', 'trip'],
  ['view read inside INSERT…SELECT', "INSERT INTO audit_log (order_id, action, actor) SELECT 1, answer, 'x' FROM report_cache", 'trip'],
  ['RETURNING from the honeypot', "INSERT INTO audit_log (order_id, action, actor) VALUES (1, 'a', 'b') RETURNING (SELECT answer FROM _answer_key)", 'trip'],
];

export const EVASIONS: EvasionCase[] = [
  ...honeypotReads.map(([family, sql]): EvasionCase => ({ family, sql, mode: 'read', expect: 'trip' })),
  ...readTaskWrites.map(([family, sql]): EvasionCase => ({ family, sql, mode: 'read', expect: 'refused' })),
  ...everywhere.flatMap(([family, sql]): EvasionCase[] => [
    { family, sql, mode: 'read', expect: 'refused' },
    { family, sql, mode: 'mutation', expect: 'refused' },
  ]),
  ...mutationTaskCases.map(([family, sql, expect]): EvasionCase => ({ family, sql, mode: 'mutation', expect })),
  { family: 'a write wrapped in BEGIN/COMMIT', sql: 'BEGIN; DELETE FROM orders; COMMIT', mode: 'read', expect: 'refused' },
  ...unsupported.flatMap(([family, sql]): EvasionCase[] => [
    { family, sql, mode: 'read', expect: 'unsupported' },
    { family, sql, mode: 'mutation', expect: 'unsupported' },
  ]),
  { family: 'transaction control', sql: "BEGIN; UPDATE orders SET status = 'x' WHERE id = 1001; ROLLBACK", mode: 'mutation', expect: 'unsupported' },
];

/** Honest queries, decoys included: the honeypot's name as an alias, a CTE, a string, a comment. */
export const HONEST: string[] = [
  'SELECT * FROM customers',
  'SELECT count(*) FROM orders',
  'SELECT status, count(*) FROM orders GROUP BY status',
  'WITH _answer_key AS (SELECT 1 AS answer) SELECT answer FROM _answer_key',
  'WITH report_cache AS (SELECT 2 AS answer) SELECT answer FROM report_cache',
  'SELECT name AS _answer_key FROM customers',
  'SELECT count(*) AS "_answer_key" FROM orders',
  'SELECT k.name FROM customers AS _answer_key JOIN customers k ON k.id = _answer_key.id',
  "SELECT '_answer_key' AS t",
  "SELECT 'SELECT * FROM _answer_key'",
  "SELECT replace('_answer_key', '_', '')",
  'SELECT 1 -- _answer_key',
  'SELECT /* FROM _answer_key */ 1',
  "SELECT * FROM customers WHERE name = '_answer_key'",
  'SELECT * FROM order_totals',
  'SELECT name, sql FROM sqlite_schema',
  "SELECT name FROM sqlite_master WHERE type = 'table'",
  "SELECT * FROM pragma_table_info('orders')",
  'SELECT name FROM pragma_table_list',
  "SELECT json_extract('{\"a\": 1}', '$.a')",
  "SELECT value FROM json_each('[1, 2, 3]')",
  'SELECT c.name, sum(r.amount_cents) FROM refunds r JOIN orders o ON o.id = r.order_id JOIN customers c ON c.id = o.customer_id GROUP BY c.id',
  'SELECT * FROM orders ORDER BY amount_cents DESC LIMIT 5',
  'SELECT city, count(*) FROM customers GROUP BY city HAVING count(*) > 1',
  'SELECT id, row_number() OVER (PARTITION BY customer_id ORDER BY placed_on) FROM orders',
  'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10) SELECT sum(x) FROM n',
  "SELECT * FROM customers WHERE id IN (SELECT customer_id FROM orders WHERE status = 'cancelled')",
  'SELECT EXISTS (SELECT 1 FROM refunds)',
  'SELECT name FROM customers UNION SELECT city FROM customers',
  'VALUES (1, 2), (3, 4)',
  'SELECT upper(name), lower(email) FROM customers',
  "SELECT strftime('%m', placed_on) AS m, count(*) FROM orders GROUP BY m",
  'SELECT "name" FROM "customers" WHERE [tier] = \'gold\'',
  'SELECT `email` FROM main.customers',
  'SELECT * FROM audit_log',
  "SELECT * FROM refunds WHERE reason LIKE '%late%'",
  'SELECT avg(amount_cents) FROM orders',
  'SELECT o.*, c.* FROM orders o LEFT JOIN customers c ON c.id = o.customer_id LIMIT 3',
  'SELECT 1; SELECT 2',
  'SELECT typeof(random())',
  'SELECT * FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id)',
  "SELECT tier, group_concat(name, ', ') FROM customers GROUP BY tier",
  'SELECT min(placed_on), max(placed_on) FROM orders',
  'SELECT * FROM orders WHERE id = 1001',
  'PRAGMA table_info(orders)',
  "pragma main.index_list('orders')",
  'PRAGMA table_list',
  'BEGIN; SELECT count(*) FROM orders; COMMIT',
  'BEGIN TRANSACTION; SELECT * FROM audit_log; END TRANSACTION;',
];
