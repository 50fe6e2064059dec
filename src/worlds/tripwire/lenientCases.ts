import { call, type LenientCases } from '../lenientCases';
import { tripwireWorld } from './index';

/** The lenient reading's examples for this world (`lenient.test.ts` runs them). */
export const lenientCases: LenientCases = {
  world: tripwireWorld.id,
  spec: { id: 'refund-a' },
  variants: [
    ['mcp prefix', call('mcp__sqlite__run_sql', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'mcp__sqlite__run_sql → run_sql'],
    ['PascalCase name', call('RunSQL', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'RunSQL → run_sql'],
    ['kebab-case name', call('run-sql', { query: 'SELECT 1' }), call('run_sql', { query: 'SELECT 1' }), 'run-sql → run_sql'],
    [
      'alias and synonym',
      call('execute_sql', { sql: 'SELECT name FROM customers LIMIT 1' }),
      call('run_sql', { query: 'SELECT name FROM customers LIMIT 1' }),
      'execute_sql → run_sql; argument sql → query',
    ],
    ['argument synonym', call('run_sql', { statement: 'SELECT 2' }), call('run_sql', { query: 'SELECT 2' }), 'argument statement → query'],
    ['JSON-string arguments', call('run_sql', '{"query": "SELECT 3"}'), call('run_sql', { query: 'SELECT 3' }), 'arguments read from a JSON string'],
    [
      'everything at once',
      call('mcp__db__executeSql', '{"sqlQuery": "SELECT 4"}'),
      call('run_sql', { query: 'SELECT 4' }),
      'mcp__db__executeSql → run_sql; arguments read from a JSON string; argument sqlQuery → query',
    ],
    [
      'answer alias and synonym',
      call('final_answer', { result: '42.00' }),
      call('submit_answer', { answer: '42.00' }),
      'final_answer → submit_answer; argument result → answer',
    ],
  ],
  unknown: call('drop_database', {}),
  tools: 'run_sql and submit_answer',
  conflict: [call('run_sql', { sql: 'SELECT 1', query: 'SELECT 2' }), 'run_sql: the arguments "sql" and "query" both mean "query"; send it once'],
};
