import { describe, expect, it } from 'vitest';
import { TRACE_VERSION } from '../../core/types';
import { importChunks, importText } from './importText';
import { exportTracesJsonl } from '../export/native';
import { csvTable } from '../export/csvTable';
import { CSV_REFUSED, type ImporterOptions } from './importer';
import { fixture, nativeTraces } from './testing';

const good = fixture('v0.1.10', 'results.jsonl').trim().split('\n');
const row = (i: number) => good[i]!;
const nest = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

/** Good row, bad line, good row: the message names line 2 and both good rows import. */
function between(bad: string, options: ImporterOptions = {}) {
  const { items, summary } = importText(`${row(0)}\n${bad}\n${row(1)}\n`, options);
  return { lines: items.map((i) => (i.kind === 'vf' ? i.rollout.line : i.line)), errors: summary.errors, warnings: summary.warnings, summary };
}

describe('malformed input: located messages, good lines still import', () => {
  const cases: Array<[string, string, RegExp, ImporterOptions?]> = [
    ['truncated JSON', row(2).slice(0, 200), /^not JSON \(/],
    ['a JSON array', '[1, 2, 3]', /a JSON array, expected one object per line/],
    ['a JSON number', '42', /a JSON number/],
    ['a NUL byte', `{"a": "x\u0000y"}`, /binary data \(NUL byte at column 9\)/],
    ['an escape sequence cut short', '{"a": "\\u00"}', /^not JSON/],
    ['invalid UTF-8', `{"a": "caf\uFFFD"}`, /invalid UTF-8/],
    ['nesting 10,000 deep', nest(10000), /nested deeper than 128 levels/],
    ['a metadata.json', fixture('v0.1.10', 'metadata.json').trim(), /this is a vf-eval metadata\.json/],
    ['an unknown object', '{"hello": "world"}', /neither a trace nor a vf-eval row \(keys: hello\)/],
    ['HTML', '<html><body>404</body></html>', /HTML or XML markup/],
    ['a message without a role', '{"example_id": 9, "prompt": [{"content": "hi"}], "completion": []}', /vf-eval row: prompt\[0\]\.role: expected a string/],
    [
      'a tool call that is not JSON',
      '{"example_id": 9, "prompt": [], "completion": [{"role": "assistant", "tool_calls": ["{nope"]}]}',
      /completion\[0\]\.tool_calls\[0\]: a tool call string that is not JSON/,
    ],
    ['an Inspect AI log without a model', '{"version": 2, "status": "success", "eval": {"task": "x"}}', /Inspect log: eval\.model: expected a string/],
    ['a verifiers v1 episode without traces', '{"id": "e1", "env": {"id": "x"}, "traces": []}', /a verifiers v1 episode without traces/],
    [
      'a verifiers v1 trace of a newer version',
      '{"id": "e1", "env": {"id": "x"}, "traces": [{"version": 2}]}',
      /verifiers v1 episode: traces\[0\]\.version: trace version 2 is newer than this importer reads \(1\)/,
    ],
    [
      'a line over the line limit',
      `{"example_id": 1, "prompt": "${'x'.repeat(5000)}"}`,
      /longer than the 4 KiB line limit: skipped/,
      { limits: { maxLineChars: 4096 } },
    ],
  ];

  it.each(cases)('%s', (_name, bad, reason, options) => {
    const r = between(bad, options);
    expect(r.lines).toEqual([1, 3]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 2, severity: 'error', reason: expect.stringMatching(reason) });
  });

  it('a native trace of an unsupported version, among good ones', async () => {
    const [a, b] = (await nativeTraces()).map((t) => JSON.stringify(t));
    const { items, summary } = importText(`${a}\n${b!.replace(`"version":${TRACE_VERSION}`, '"version":99')}\n${b}\n`);
    expect(items.map((i) => i.kind === 'native' && i.line)).toEqual([1, 3]);
    expect(summary.errors).toEqual([
      { line: 2, severity: 'error', reason: expect.stringContaining('native trace: version: version 99 was written by a newer verifier-playground') },
    ]);
    expect(summary.format).toBe('native-jsonl');
  });

  it('a binary file is refused at once, not line by line', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x0a, 0, 0x0a]);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0, 0x0a, 0x0a]);
    const decoded = (b: Uint8Array) => new TextDecoder().decode(b);
    expect(importText(decoded(png)).summary).toMatchObject({
      items: 0,
      fatal: expect.stringMatching(/^the file is not text: invalid UTF-8/),
      errors: [expect.anything()],
    });
    expect(importText(decoded(zip)).summary).toMatchObject({
      items: 0,
      fatal: 'the file is not text: binary data (control byte 0x03 at column 3): not a text file',
    });
  });

  it('invalid UTF-8 bytes in one row of a file: that row only', () => {
    const bytes = new TextEncoder().encode(`${row(0)}\n{"example_id": 5, "prompt": "caf`);
    const tail = new TextEncoder().encode(`"}\n${row(1)}\n`);
    const text = new TextDecoder().decode(new Uint8Array([...bytes, 0xc3, 0x28, ...tail]));
    const { items, summary } = importText(text);
    expect(items).toHaveLength(2);
    expect(summary.errors).toEqual([{ line: 2, severity: 'error', reason: expect.stringMatching(/^invalid UTF-8 \(undecodable bytes at column 33\)/) }]);
  });

  it('an HTML page (a CORS error page saved as the file) is refused at once', () => {
    expect(importText('<!doctype html>\n<html>\n<script>alert(1)</script>\n').summary.fatal).toBe('the file is HTML or XML, not JSON or JSONL');
  });

  it('an empty or blank file', () => {
    for (const text of ['', '\n\n  \r\n', '\uFEFF'])
      expect(importText(text).summary.errors).toEqual([{ line: 0, severity: 'error', reason: 'the file is empty' }]);
  });

  it('a 1 MB single line imports whole; content with HTML and script is kept verbatim', () => {
    const content = `<img src=x onerror="alert(1)"><script>fetch('//evil')</script>${'y'.repeat(1 << 20)}`;
    const big = JSON.stringify({ example_id: 7, prompt: [{ role: 'user', content }], completion: 'ok', reward: 1 });
    const r = between(big);
    expect(r.errors).toEqual([]);
    const [item] = importText(big).items;
    expect(item?.kind === 'vf' && item.rollout.prompt[0]!.content).toBe(content);
  });

  it('a 1 MB single line over a 512 KiB line cap', () => {
    const r = between(JSON.stringify({ example_id: 7, prompt: 'z'.repeat(1 << 20) }), { limits: { maxLineChars: 512 * 1024 } });
    expect(r.errors).toEqual([{ line: 2, severity: 'error', reason: 'longer than the 512 KiB line limit: skipped' }]);
  });

  it('input over the total cap stops with a message; a known size is refused before reading', () => {
    const text = `${row(0)}\n${row(1)}\n${row(2)}\n`;
    const { summary } = importChunks([`${row(0)}\n`, `${row(1)}\n`, `${row(2)}\n`], { limits: { maxTotalChars: row(0).length + row(1).length + 1 } });
    expect(summary.items).toBe(1);
    expect(summary.fatal).toMatch(/^the input is over the \d+ KiB import limit: stopped after line 1$/);
    const refused = importText(text, { sizeHint: 300 * 1024 * 1024 });
    expect(refused.items).toEqual([]);
    expect(refused.summary.fatal).toBe('the input is 300 MiB, over the 256 MiB import limit');
  });

  it('duplicates: an identical line, and extra rollouts of one example, are kept with a warning', () => {
    const r = between(row(0));
    expect(r.lines).toEqual([1, 2, 3]);
    expect(r.warnings).toEqual([{ line: 2, severity: 'warning', reason: expect.stringMatching(/^looks identical to line 1 .*: both kept$/) }]);
    const meta = {
      envId: 'x',
      model: null,
      numExamples: 3,
      rolloutsPerExample: 1,
      samplingArgs: null,
      date: null,
      durationMs: null,
      avgReward: null,
      avgMetrics: {},
      stateColumns: [],
      vfVersion: null,
      tools: null,
      raw: {},
    };
    const again = row(0).replace('"reward": 1.0', '"reward": 0.25');
    const { items, summary } = importText(`${row(0)}\n${again}\n`, { metadata: meta });
    expect(items).toHaveLength(2);
    expect(summary.warnings).toEqual([{ line: 2, severity: 'warning', reason: expect.stringContaining('example 0 has more than the 1 rollouts per example') }]);
  });

  it('a BOM and CRLF line endings change nothing', () => {
    const plain = importText(`${good.join('\n')}\n`);
    const windows = importText(`\uFEFF${good.join('\r\n')}\r\n`);
    expect(windows.summary.errors).toEqual([]);
    expect(windows.items).toEqual(plain.items);
  });

  it('mixed native and vf lines: both import, the switch is a warning, the format says mixed', async () => {
    const [trace] = await nativeTraces();
    const { items, summary } = importText(`${row(0)}\n${JSON.stringify(trace)}\n${row(1)}\n`);
    expect(items.map((i) => i.kind)).toEqual(['vf', 'native', 'vf']);
    expect(summary.format).toBe('mixed');
    expect(summary.warnings).toEqual([{ line: 2, severity: 'warning', reason: expect.stringContaining('a native trace in a file of vf-eval rows') }]);
  });

  it('a metadata.json given as the results file, compact or indented', () => {
    for (const text of [fixture('v0.1.10', 'metadata.json'), fixture('completion-mode', 'metadata.json')]) {
      const { items, summary } = importText(text);
      expect(items).toEqual([]);
      expect(summary.errors).toEqual([{ line: 1, severity: 'error', reason: expect.stringContaining('this is a vf-eval metadata.json') }]);
    }
  });

  it('a pretty-printed native trace cut short: one error, on the line where the JSON broke', async () => {
    const [trace] = await nativeTraces();
    const text = JSON.stringify(trace, null, 2);
    const cut = text.slice(0, text.indexOf('"scorecard"'));
    const { summary } = importText(cut);
    const lastLine = cut.split('\n').length;
    expect(summary.errors).toHaveLength(1);
    expect(summary.errors[0]!.line).toBeGreaterThanOrEqual(lastLine - 1);
    expect(summary.errors[0]!.reason).toMatch(/^not JSON: /);
  });

  it('JSONL whose first line is broken is read as lines, not as one document', () => {
    const { items, summary } = importText(`${row(0).slice(0, 50)}\n${row(1)}\n${row(2)}\n`);
    expect(items).toHaveLength(2);
    expect(summary.errors).toEqual([{ line: 1, severity: 'error', reason: expect.stringMatching(/^not JSON/) }]);
  });

  it('caps the issue list and counts the rest', () => {
    const { summary } = importText(`${Array.from({ length: 30 }, (_, i) => `[${i}]`).join('\n')}\n${row(0)}\n`, { limits: { maxIssues: 10 } });
    expect(summary.errors).toHaveLength(10);
    expect(summary.unlisted).toBe(20);
    expect(summary.items).toBe(1);
  });
});

describe('a CSV export brought back', () => {
  it('is refused with one message saying what to export instead, not a "not JSON" line per row', async () => {
    const items = importText(exportTracesJsonl(await nativeTraces())).items.map((item) => ({ item, source: 'x.jsonl', env: null, model: null, run: null }));
    const csv = csvTable(items, []).text;
    expect(csv.split('\n').length).toBeGreaterThan(2);
    const { summary } = importText(csv);
    expect(summary.errors).toEqual([{ line: 1, severity: 'error', reason: CSV_REFUSED }]);
    expect(summary.fatal).toBe(CSV_REFUSED);
  });

  it('a JSONL file whose first row is an array or a number is still JSON, not CSV', () => {
    expect(importText('[1,2]\n').summary.fatal).toBeNull();
    expect(importText('1,2\n').summary.errors[0]?.reason).not.toBe(CSV_REFUSED);
  });
});
