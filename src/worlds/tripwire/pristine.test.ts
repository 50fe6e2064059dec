import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../core/json';
import { fingerprint } from './pristine';

const reply = (values: unknown[][]) => [{ columns: ['rowid', 'a', 'b', 'c'], values: values as never }];

describe('fingerprint', () => {
  it("is each row's canonical JSON (rowid left out), by rowid, whatever the cells", () => {
    const rows = [
      [1, 'Ada', 12.5, null],
      [2, 'quote " and \\ and ünïcode', -0, 1e21],
      [3, new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]), 'x', null],
      [4, { b: 1, a: [2, { d: 3, c: 4 }] }, true, 'y'],
    ];
    const out = fingerprint(reply(rows));
    expect(Object.keys(out)).toEqual(['1', '2', '3', '4']);
    for (const row of rows) expect(out[String(row[0])]).toBe(canonicalJson(row.slice(1)));
    // An object cell's keys are sorted: not what JSON.stringify writes.
    expect(out['4']).not.toBe(JSON.stringify(rows[3]!.slice(1)));
  });

  it('no rows, no fingerprints', () => {
    expect(fingerprint([])).toEqual({});
    expect(fingerprint(reply([]))).toEqual({});
  });
});
