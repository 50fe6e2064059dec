import { describe, expect, it } from 'vitest';
import { foldArguments, foldResult } from './fold';

describe('folding long calls and results', () => {
  const records = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, amount: i }));
  it('a 40-record submission folds to a line that counts them; a short call stays open', () => {
    expect(foldArguments({ records })).toEqual({ long: true, summary: 'records: 40 items' });
    expect(foldArguments({ query: 'SELECT 1' })).toEqual({ long: false, summary: 'query: "SELECT 1"' });
  });

  it('results say their rows, records and the rest of their fields', () => {
    const rows = Array.from({ length: 30 }, (_, i) => [i, `n${i}`]);
    expect(foldResult(JSON.stringify({ columns: ['id', 'name'], rows, row_count: 30 }))).toEqual({
      long: true,
      summary: '30 rows × 2 columns · row_count: 30',
    });
    expect(foldResult(JSON.stringify({ records: records.slice(0, 4), next_cursor: null }))).toEqual({ long: false, summary: '4 records · next_cursor: null' });
    expect(foldResult(JSON.stringify({ records, next_cursor: 'c2' }))).toMatchObject({ long: true, summary: '40 records · next_cursor: "c2"' });
  });

  it('long text folds to its first line and its length', () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    expect(foldResult(text)).toEqual({ long: true, summary: 'line 0 (40 lines)' });
    expect(foldResult('error: no such table')).toEqual({ long: false, summary: 'error: no such table (1 line)' });
  });
});
