import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { importChunks, importText } from './importText';
import { ERAS, fixture } from './testing';
import type { ImportedItem } from './types';

/**
 * Rows written as one document instead of one per line: a JSON array of rows, or one object of columns (what
 * `json.dump` of verifiers' `GenerateOutputs` writes: a list per field, `metrics` a map of lists). Each reads as the
 * same rows its JSONL would, in every era of vf-eval rows we keep a fixture of.
 */

const rowsOf = (era: (typeof ERAS)[number]) =>
  fixture(era, 'results.jsonl')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as JsonObject);

/** The rows as columns: every row must have the same keys (checked, so the test cannot pass on nothing). */
function asColumns(rows: JsonObject[]): JsonObject {
  const keys = Object.keys(rows[0]!);
  for (const r of rows) expect(Object.keys(r).sort()).toEqual([...keys].sort());
  return Object.fromEntries(keys.map((k) => [k, rows.map((r) => r[k]!)]));
}

/** What a row reads as, apart from the line it was on (every row of a document is on its first line). */
const rowsRead = (items: ImportedItem[]) =>
  items.map((item) => {
    if (item.kind !== 'vf') throw new Error('expected vf rows');
    const { line: _line, ...rest } = item.rollout;
    return rest;
  });

const asLines = (rows: JsonObject[]) => importText(rows.map((r) => JSON.stringify(r)).join('\n'));

describe('rows written as one document', () => {
  const eras = ERAS.filter((era) => rowsOf(era).every((r) => Object.keys(r).length === Object.keys(rowsOf(era)[0]!).length));

  it('covers most eras (rows of one shape)', () => {
    expect(eras.length).toBeGreaterThanOrEqual(3);
  });

  for (const era of eras)
    it(`${era}: columns, on one line or pretty-printed, and an array of rows read as the JSONL does`, () => {
      const rows = rowsOf(era);
      const expected = asLines(rows);
      expect(expected.summary.errors).toEqual([]);
      expect(expected.items.length).toBe(rows.length);
      const columns = asColumns(rows);
      for (const text of [JSON.stringify(columns), JSON.stringify(columns, null, 2), JSON.stringify(rows), JSON.stringify(rows, null, 2)]) {
        const got = importText(text);
        expect(got.summary.errors).toEqual([]);
        expect(rowsRead(got.items)).toEqual(rowsRead(expected.items));
        expect(got.summary.inferred.join('\n')).toMatch(
          text.startsWith('[') ? /rows? read from a JSON array of rows/ : /rows? read from a document of columns/,
        );
      }
    });

  it('a pretty-printed document of columns read in small chunks gives the same rows', () => {
    const rows = rowsOf(eras[0]!);
    const text = JSON.stringify(asColumns(rows), null, 2);
    const chunks = Array.from({ length: Math.ceil(text.length / 97) }, (_, i) => text.slice(i * 97, i * 97 + 97));
    expect(rowsRead(importChunks(chunks).items)).toEqual(rowsRead(asLines(rows).items));
  });

  it('metrics as a map of lists give each row its own values; a key that is not per row is named, not read', () => {
    const doc = {
      prompt: [[{ role: 'user', content: 'What is 2+2?' }], [{ role: 'user', content: 'What is 3+3?' }]],
      completion: [[{ role: 'assistant', content: '4' }], [{ role: 'assistant', content: '5' }]],
      answer: ['4', '6'],
      reward: [1, 0],
      metrics: { correct_answer: [1, 0], length_penalty: [0.5, 0.25] },
      metadata: { env_id: 'arith', model: 'm' },
    };
    const { items, summary } = importText(JSON.stringify(doc));
    const read = items.map((i) => (i.kind === 'vf' ? [i.rollout.reward, i.rollout.metrics] : null));
    expect(read).toEqual([
      [1, { correct_answer: 1, length_penalty: 0.5 }],
      [0, { correct_answer: 0, length_penalty: 0.25 }],
    ]);
    expect(summary.warnings.map((w) => w.reason)).toEqual(['a document of columns: "metadata" not one value per row, so not read']);
    expect(summary.inferred).toEqual(["2 rows read from a document of columns (a list per field, as json.dump of verifiers' GenerateOutputs writes)"]);
  });

  it('completion-mode columns (prompts as strings) read as rows too', () => {
    const { items, summary } = importText(JSON.stringify({ prompt: ['2+2=', '3+3='], completion: ['4', '5'], answer: ['4', '6'], reward: [1, 0] }));
    expect(summary.errors).toEqual([]);
    expect(items.map((i) => (i.kind === 'vf' ? i.rollout.reward : null))).toEqual([1, 0]);
  });

  it('a column of another length refuses the document with both lengths, and lists nothing', () => {
    const { items, summary } = importText(JSON.stringify({ prompt: [[{ role: 'user', content: 'x' }], [{ role: 'user', content: 'y' }]], reward: [1, 0, 1] }));
    expect(items).toEqual([]);
    expect(summary.errors.map((e) => e.reason)).toEqual([
      'a document of columns whose "reward" has 3 values where "prompt" has 2: its rows cannot be lined up',
    ]);
  });

  it('a single vf-eval row is not mistaken for columns (its prompt is a list of message objects)', () => {
    const row = rowsOf(eras[0]!)[0]!;
    const { items, summary } = importText(JSON.stringify(row));
    expect(items).toHaveLength(1);
    expect(summary.inferred).toEqual([]);
  });

  it('an array of rows with a broken row: that row is reported, the others read', () => {
    const rows: JsonObject[] = rowsOf(eras[0]!).slice(0, 2);
    const { items, summary } = importText(JSON.stringify([rows[0], { prompt: [{ content: 'no role' }], completion: [] }, rows[1]]));
    expect(items).toHaveLength(2);
    expect(summary.errors.map((e) => e.reason)).toEqual([expect.stringMatching(/^vf-eval row: prompt\[0\]\.role: expected a string/)]);
  });

  it('arrays of something else are refused as before, line by line', () => {
    const { items, summary } = importText('[1]\n[2]\n');
    expect(items).toEqual([]);
    expect(summary.errors.map((e) => e.reason)).toEqual([
      expect.stringMatching(/^a JSON array, expected one object per line/),
      expect.stringMatching(/^a JSON array/),
    ]);
  });
});
