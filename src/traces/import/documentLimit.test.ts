import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { LIMITS } from '../../core/limits';
import { DEFAULT_LIMITS } from './limits';
import { importChunks, importText } from './importText';
import { chunksOf, fixture } from './testing';

/**
 * A whole-file JSON document — an array of rows or an object of columns, pretty or on one line (json.dump's
 * default) — is held to the file's cap (`fileChars`), never to a JSONL row's (`lineChars`): its one line is the
 * file. A JSONL file's rows stay held to `lineChars`, the first line included.
 */

const rows = fixture('v0.2', 'results.jsonl')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as JsonObject);

/** `n` rows, each padded to about `pad` characters (in `answer`), as one object of columns on one line. */
function columnsDocument(n: number, pad: number): string {
  const padded: JsonObject[] = Array.from({ length: n }, (_, i) => ({ ...rows[i % rows.length]!, example_id: i, answer: 'x'.repeat(pad) }));
  const keys = Object.keys(padded[0]!);
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, padded.map((r) => r[k]!)])));
}

/** A document exactly `chars` long: the padding of its rows grown until it fits. */
function columnsOf(chars: number, n = 4): string {
  const bare = columnsDocument(n, 0).length;
  const doc = columnsDocument(n, Math.floor((chars - bare) / n));
  // The rest of the length in the first row's answer.
  return doc.replace('"answer":["', `"answer":["${'y'.repeat(chars - doc.length)}`);
}

// The v0.2 fixture's rows are about 4,000 characters each.
const line = 10 * 1024;
const file = 60 * 1024;
const small = { limits: { maxLineChars: line, maxTotalChars: file } };

describe('a whole-file document is held to fileChars, not lineChars', () => {
  it('one line of columns over the line cap and exactly at the file cap: every row read, in one chunk or many', () => {
    const doc = columnsOf(file);
    expect(doc.length).toBe(file);
    for (const chunks of [[doc], chunksOf(doc, 997)]) {
      const got = importChunks(chunks, small);
      expect(got.summary.errors).toEqual([]);
      expect(got.items.map((i) => (i.kind === 'vf' ? i.rollout.exampleId : null))).toEqual([0, 1, 2, 3]);
      expect(got.summary.inferred.join('\n')).toMatch(/4 rows read from a document of columns/);
    }
  });

  it('an array of rows on one line, and the same pretty-printed, over the line cap: read', () => {
    const arr = Array.from({ length: 4 }, (_, i) => ({ ...rows[i % rows.length]!, example_id: i, answer: 'x'.repeat(line) }));
    for (const text of [JSON.stringify(arr), JSON.stringify(arr, null, 1)]) {
      const got = importText(text, small);
      expect(got.summary.errors).toEqual([]);
      expect(got.items).toHaveLength(4);
    }
  });

  it('one character past the file cap: refused as the whole input, not skipped as a long line', () => {
    const got = importChunks(chunksOf(columnsOf(file + 1), 997), small);
    expect(got.items).toEqual([]);
    expect(got.summary.fatal).toMatch(/over the 60 KiB import limit/);
    expect(got.summary.errors.map((e) => e.reason).join('\n')).not.toMatch(/line limit/);
  });

  it('JSONL whose first row is over the line cap: that row skipped with the line limit named, the next rows read', () => {
    const big = JSON.stringify({ ...rows[0]!, answer: 'x'.repeat(line) });
    const text = [big, JSON.stringify(rows[1]!), JSON.stringify(rows[0]!)].join('\n');
    for (const chunks of [[text], chunksOf(text, 333)]) {
      const got = importChunks(chunks, small);
      expect(got.summary.errors).toEqual([{ line: 1, severity: 'error', reason: 'longer than the 10 KiB line limit: skipped' }]);
      expect(got.items).toHaveLength(2);
    }
  });

  it('JSONL: a later row over the line cap is skipped as before; a row exactly at the cap is read', () => {
    const first = JSON.stringify(rows[1]!);
    const at = JSON.stringify({ ...rows[0]!, answer: '' });
    const exact = at.replace('"answer":""', `"answer":"${'x'.repeat(line - at.length)}"`);
    expect(exact.length).toBe(line);
    const over = exact.replace('"answer":"', '"answer":"x');
    const got = importText([first, exact, over].join('\n'), small);
    expect(got.summary.errors).toEqual([{ line: 3, severity: 'error', reason: 'longer than the 10 KiB line limit: skipped' }]);
    expect(got.items).toHaveLength(2);
  });

  it('the real limits: a one-line document of columns just over lineChars (json.dump of a big run) imports whole', () => {
    expect(DEFAULT_LIMITS.maxLineChars).toBe(LIMITS.lineChars.value);
    const pad = LIMITS.lineChars.value / 2 + 1024;
    // Built around a marker, not through JSON.stringify of 16 MiB: the test's own cost stays small.
    const doc = columnsDocument(2, 1).replaceAll('"x"', `"${'x'.repeat(pad)}"`);
    expect(doc.length).toBeGreaterThan(LIMITS.lineChars.value);
    expect(doc.length).toBeLessThan(LIMITS.fileChars.value);
    const got = importText(doc);
    expect(got.summary.errors).toEqual([]);
    expect(got.items.map((i) => (i.kind === 'vf' ? i.rollout.answer?.length : null))).toEqual([pad, pad]);
  });
});
