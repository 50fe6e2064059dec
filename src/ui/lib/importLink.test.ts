import { describe, expect, it } from 'vitest';
import { checkImportLink } from './importLink';

const PAGE = 'https://me.github.io';

describe('checkImportLink', () => {
  it('shows the host and the path (with its query) of an https address', () => {
    expect(checkImportLink('https://raw.githubusercontent.com/team/evals/main/results.jsonl?token=x#frag', PAGE)).toEqual({
      ok: true,
      url: 'https://raw.githubusercontent.com/team/evals/main/results.jsonl?token=x',
      host: 'raw.githubusercontent.com',
      path: '/team/evals/main/results.jsonl?token=x',
      sameOrigin: false,
    });
  });

  it('keeps a port, accepts plain http, and knows this site from another', () => {
    expect(checkImportLink('http://127.0.0.1:8000/t.jsonl', PAGE)).toMatchObject({ ok: true, host: '127.0.0.1:8000', sameOrigin: false });
    expect(checkImportLink('https://me.github.io/vp/demo.jsonl', PAGE)).toMatchObject({ ok: true, sameOrigin: true });
  });

  it('shows an internationalised host as the browser will ask for it (punycode), so look-alike letters show', () => {
    expect(checkImportLink('https://gіthub.com/x.jsonl', PAGE)).toMatchObject({ ok: true, host: expect.stringMatching(/^xn--gthub-/) });
  });

  it.each([
    ['data:application/json,{"format":"verifier-playground.trace"}', 'data: addresses'],
    ['DATA:,x', 'data: addresses'],
    ['blob:https://me.github.io/0b7c0e8e-1b3c-4a4e-9d57-6b0c3f1e2a11', 'blob: addresses'],
    ['javascript:alert(1)', 'javascript: addresses'],
    [' javascript:alert(1)', 'javascript: addresses'],
    ['file:///etc/passwd', 'file: addresses'],
    ['ftp://example.org/x.jsonl', 'ftp: addresses'],
    ['ws://example.org/x', 'ws: addresses'],
    ['chrome://settings', 'chrome: addresses'],
  ])('refuses %s', (src, says) => {
    const c = checkImportLink(src, PAGE);
    expect(c.ok).toBe(false);
    expect(!c.ok && c.reason).toContain(says);
  });

  it('refuses a user name or password in the address', () => {
    for (const src of ['https://user:secret@example.org/x.jsonl', 'https://user@example.org/x.jsonl'])
      expect(checkImportLink(src, PAGE)).toEqual({ ok: false, reason: 'the address carries a user name or password' });
  });

  it('refuses relative and scheme-relative addresses, which would depend on the page the link opens', () => {
    for (const src of ['results.jsonl', '/x.jsonl', '//evil.example/x.jsonl', '', 'not a url at all']) {
      const c = checkImportLink(src, PAGE);
      expect(c.ok).toBe(false);
      expect(!c.ok && c.reason).toContain('is not a web address');
    }
  });

  it('quotes a long refused address only in part', () => {
    const c = checkImportLink('x'.repeat(10_000), PAGE);
    expect(!c.ok && c.reason.length).toBeLessThan(250);
  });
});
