import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Json } from '../../core/json';
import { handLog } from '../inspect/testing';
import { DocumentScanner, isTrimSpace } from './documentScan';
import { createImporter, type ImporterOptions } from './importer';

/** Everything an importer says, push by push: its events and its summary after each call. */
function transcript(chunks: string[], options: ImporterOptions) {
  const importer = createImporter(options);
  const out: unknown[] = [];
  for (const chunk of chunks) out.push(importer.push(chunk), importer.summary());
  out.push(importer.finish(), importer.summary());
  return out;
}

/** A seeded source of 32-bit numbers: the same cases every run. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % 0x7fffffff;
  };
}

/** The text cut at the given offsets (sorted, within the text). */
function cut(text: string, at: number[]): string[] {
  const points = [...new Set(at.map((a) => a % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

const native = readFileSync(new URL('../fixtures/native-v1-fault-api.json', import.meta.url), 'utf8');
const pretty = (v: Json) => JSON.stringify(v, null, 2);
// prettier keeps short objects on one line: `{ "a": 1 }` as the last item of an array stands alone.
const inlineObjects = (text: string) => text.replace(/\{\n\s*("[^"\n]*": [^\n{}[\],]*)\n\s*\}/g, '{ $1 }');

const DOCUMENTS: Record<string, string> = {
  'native trace': native,
  'Inspect log': pretty(handLog()),
  'Inspect log, short objects inline': inlineObjects(pretty(handLog())),
  'any object': pretty({ a: [1, { b: 'c' }], d: { e: null } }),
};

/** Ways to change a document; each keeps it text a reader might be given. */
const EDITS: Record<string, (text: string, at: number) => string> = {
  none: (t) => t,
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  bom: (t) => `\uFEFF${t}`,
  'blank lines first': (t) => `\n  \n\u00A0\n${t}`,
  'a line that stands alone': (t, at) => {
    const nl = t.indexOf('\n', at % t.length);
    return nl < 0 ? `${t}\n{"x": 1}` : `${t.slice(0, nl)}\n{"x": 1}${t.slice(nl)}`;
  },
  'an empty object on a line': (t, at) => {
    const nl = t.indexOf('\n', at % t.length);
    return nl < 0 ? t : `${t.slice(0, nl)}\n  {}${t.slice(nl)}`;
  },
  truncated: (t, at) => t.slice(0, Math.max(2, at % t.length)),
  'undecodable byte': (t, at) => `${t.slice(0, at % t.length)}\uFFFD${t.slice((at % t.length) + 1)}`,
  'trailing text': (t) => `${t}\nnot json`,
  'no final newline': (t) => t.replace(/\s+$/, ''),
  'lone CR': (t, at) => `${t.slice(0, at % t.length)}\r${t.slice(at % t.length)}`,
};

describe('a document scanned after its first chunk reads as it does line by line', () => {
  it('the scanner trims what String.prototype.trim trims', () => {
    for (let c = 0; c <= 0xffff; c++) expect([c, isTrimSpace(c)]).toEqual([c, String.fromCharCode(c).trim() === '']);
  });

  it('every event, summary and line number the same, however the text is cut and changed (generated)', () => {
    const random = xorshift(26);
    const pick = <T>(xs: readonly T[]) => xs[random() % xs.length]!;
    const LIMITS: ImporterOptions['limits'][] = [{}, { maxLineChars: 40 }, { maxLineChars: 200 }, { maxTotalChars: 3000 }];
    for (let run = 0; run < 500; run++) {
      const [doc, edit, limits] = [pick(Object.keys(DOCUMENTS)), pick(Object.keys(EDITS)), pick(LIMITS)];
      const at = random();
      const cuts = Array.from({ length: random() % 12 }, () => random());
      const text = EDITS[edit]!(DOCUMENTS[doc]!, at);
      const chunks = cut(text, cuts);
      const label = JSON.stringify({ doc, edit, at, cuts, limits });
      const scanned = transcript(chunks, { limits });
      expect(scanned, label).toEqual(transcript(chunks, { limits, lineByLine: true }));
      // And, at the end, what the whole text in one chunk gives (the scanner never runs there), unless a chunk went over the total.
      if (limits?.maxTotalChars === undefined) expect(scanned.at(-1), label).toEqual(transcript([text], { limits }).at(-1));
    }
  });

  it('a valid document is parsed from its text as it came, not cut into lines again; an invalid one is', () => {
    const replay = vi.spyOn(DocumentScanner.prototype, 'replay');
    // CRLF endings, and a line exactly at the cap once its CR is dropped.
    const text = DOCUMENTS['Inspect log']!.replace('{', `{\n  "pad": "${'x'.repeat(188)}",`).replace(/\n/g, '\r\n');
    expect(text.split('\r\n').some((line) => line.length === 200)).toBe(true);
    const summary = transcript(cut(text, [50, 3000, 3001, 9000]), { limits: { maxLineChars: 200 } }).at(-1);
    expect(summary).toMatchObject({ format: 'inspect-json', errors: [], inspect: 2, lines: text.split('\n').length });
    expect(replay).not.toHaveBeenCalled();
    transcript(cut(text.replace('"pad"', 'pad'), [50, 3000]), {});
    expect(replay).toHaveBeenCalledTimes(1);
    replay.mockRestore();
  });

  it('lines one short of, at and one over the cap, with CRLF, cut anywhere', () => {
    const member = (n: number) => `  "k${n}": "${'x'.repeat(n - 10)}",`; // n characters
    const text = ['{', member(39), member(40), member(41), member(40), '  "end": 1', '}'].join('\r\n');
    const limits = { maxLineChars: 40 };
    for (let a = 1; a < text.length; a++)
      for (const b of [a + 1, a + 2, a + 41])
        expect(transcript(cut(text, [a, b]), { limits }), `cut at ${a}, ${b}`).toEqual(transcript(cut(text, [a, b]), { limits, lineByLine: true }));
  });

  it('a line that stands alone, the scan beginning anywhere inside or around it', () => {
    const text = ['{', '  "a": [', '    1', '  ],', '{"x": 1}', '  "b": 2', '}'].join('\r\n');
    const at = text.indexOf('{"x"');
    for (let first = at - 3; first <= at + 10; first++)
      for (const second of [first + 1, first + 4, text.length - 2]) {
        const chunks = cut(text, [first, second]);
        const scanned = transcript(chunks, {});
        expect(scanned, `cut at ${first}, ${second}`).toEqual(transcript(chunks, { lineByLine: true }));
        // Read as JSONL from there on: the standalone line is a row of its own (an unknown shape), not part of a document.
        expect(scanned.at(-1), `cut at ${first}, ${second}`).toMatchObject({
          errors: expect.arrayContaining([{ line: 5, severity: 'error', reason: 'neither a trace nor a vf-eval row (keys: x)' }]),
        });
      }
  });

  it('an error deep in the document and a stray row are located as line by line', () => {
    const lines = DOCUMENTS['any object']!.split('\n');
    const at = (line: string) => [...lines.slice(0, 4), line, ...lines.slice(4)].join('\n');
    for (const [text, line] of [
      [at('  oops'), 5],
      [at('{"prompt": [], "completion": []}'), 6],
    ] as const) {
      const chunks = cut(text, [3, 10, 40]);
      const summary = transcript(chunks, { limits: { maxLineChars: 60 } }).at(-1) as { errors: { line: number; reason: string }[] };
      expect(summary.errors).toContainEqual(expect.objectContaining({ line, reason: expect.stringContaining('not JSON') }));
      expect(summary).toEqual(transcript(chunks, { limits: { maxLineChars: 60 }, lineByLine: true }).at(-1));
    }
  });

  it("a document's line over a row's cap is part of the document (an attachment's long string), whole or cut anywhere", () => {
    const log = handLog();
    (log.samples as Record<string, unknown>[])[0]!.metadata = { attachment: `data:image/png;base64,${'A'.repeat(500)}` };
    const text = pretty(log);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeGreaterThan(500);
    const uncapped = transcript([text], {}).at(-1);
    expect(uncapped).toMatchObject({ format: 'inspect-json', errors: [], inspect: 2 });
    const limits = { maxLineChars: 100 };
    for (const cuts of [[], [7], [40, 200, 700], [300, 301, 302]]) {
      const items = (chunks: string[], options: ImporterOptions) => {
        const importer = createImporter(options);
        return [...chunks.flatMap((c) => importer.push(c)), ...importer.finish()];
      };
      expect(items(cut(text, cuts), { limits }), `cut at ${cuts.join(', ')}`).toEqual(items([text], {}));
      expect(transcript(cut(text, cuts), { limits }).at(-1)).toEqual(uncapped);
    }
  });

  it('a line over the cap in what turns out to be JSONL is still a row skipped and named', () => {
    const long = `{"prompt": [], "completion": [], "info": {"x": "${'y'.repeat(80)}"}}`;
    const text = ['{', '  "a": 1', long, '{"prompt": [], "completion": []}'].join('\n');
    for (const chunks of [[text], cut(text, [5]), cut(text, [20, 60])]) {
      const summary = transcript(chunks, { limits: { maxLineChars: 60 } }).at(-1) as { errors: { line: number; reason: string }[]; vf: number };
      expect(summary.errors).toContainEqual(expect.objectContaining({ line: 3, reason: expect.stringContaining('line limit: skipped') }));
      expect(summary.vf).toBe(1);
    }
  });
});
