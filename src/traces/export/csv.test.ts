import { describe, expect, it } from 'vitest';
import { keyColumns, toCsv } from './csv';

describe('toCsv (RFC 4180)', () => {
  it('quotes fields with commas, quotes and line breaks, doubles quotes, ends lines with CRLF', () => {
    const rows = [
      { model: 'gpt-4.1, mini', note: 'said "hi"', text: 'two\nlines', reward: 0.5, ok: true, missing: null },
      { model: 'plain', note: '', text: 'cr\ronly', reward: -1, ok: false, missing: undefined },
    ];
    expect(toCsv(rows, keyColumns(['model', 'note', 'text', 'reward', 'ok', 'missing']))).toBe(
      'model,note,text,reward,ok,missing\r\n"gpt-4.1, mini","said ""hi""","two\nlines",0.5,true,\r\nplain,,"cr\ronly",-1,false,\r\n',
    );
  });

  it('writes objects as JSON and guards spreadsheet formulas but not negative numbers', () => {
    const rows = [{ a: { x: [1, 'y'] }, b: '=HYPERLINK("http://evil")', c: '-3.5', d: '@SUM(A1)', e: Number.NaN }];
    expect(toCsv(rows, keyColumns(['a', 'b', 'c', 'd', 'e']))).toBe('a,b,c,d,e\r\n"{""x"":[1,""y""]}","\'=HYPERLINK(""http://evil"")",-3.5,\'@SUM(A1),\r\n');
  });

  it('uses column headers and value functions, and never writes a credential column', () => {
    const rows = [{ m: 'm1', key: 'sk-live-should-never-appear-1234567890' }];
    const csv = toCsv(rows, [
      { header: 'model name', value: (r) => r.m.toUpperCase() },
      { header: 'apiKey', value: (r) => r.key },
      { header: 'echo', value: (r) => `token ${r.key}` },
    ]);
    expect(csv).toBe('model name,echo\r\nM1,token [redacted]\r\n');
  });
});
