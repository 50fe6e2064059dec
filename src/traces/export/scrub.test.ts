import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { WORLDS } from '../../worlds/registry';
import { nativeTraces } from '../import/testing';
import { exportTraceJson, exportTracesJsonl, safeJson } from './native';
import { MASK, scrubber, scrubSecrets } from './scrub';
import { exportVfResultsJsonl } from './vfResults';

const KEY = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';

describe('exports never contain an API key', () => {
  it('drops credential-named fields at any depth and redacts key-shaped strings', () => {
    const value = {
      apiKey: KEY,
      nested: [{ Authorization: `Bearer ${KEY}`, headers: { 'x-api-key': 'k', keep: 'ok' } }],
      note: `my key is ${KEY}.`,
      password: 'p',
    };
    expect(scrubSecrets(value)).toEqual({ nested: [{ headers: { keep: 'ok' } }], note: 'my key is [redacted].' });
  });

  it('copes with deep values without recursion', () => {
    let deep: unknown = 'sk-deepdeepdeepdeepdeepdeep';
    for (let i = 0; i < 20000; i++) deep = { a: deep };
    let scrubbed = scrubSecrets(deep as never);
    for (let i = 0; i < 20000; i++) scrubbed = (scrubbed as { a: never }).a;
    expect(scrubbed).toBe('[redacted]');
  });

  it('holds for every export format, even if a trace were given a key', async () => {
    const [trace] = await nativeTraces();
    const leaky = {
      ...trace!,
      meta: { apiKey: KEY, authorization: `Bearer ${KEY}`, source: 'run.jsonl' },
      agent: { ...trace!.agent, name: `model via ${KEY}` },
    } as Trace;
    for (const text of [exportTraceJson(leaky), exportTracesJsonl([leaky]), exportVfResultsJsonl([leaky], WORLDS)]) {
      expect(text).not.toContain(KEY);
      expect(text).not.toMatch(/apiKey|authorization/i);
      expect(text).toContain('model via [redacted]');
    }
    expect(exportTraceJson(leaky)).toContain('"source": "run.jsonl"');
  });

  it('escapes U+FFFD so an export re-imports instead of reading as invalid UTF-8', () => {
    expect(safeJson({ s: 'bad \uFFFD byte' })).toBe('{"s":"bad \\ufffd byte"}');
  });
});

describe('base64 copies of a secret', () => {
  const SECRET = 'my-own-header-value-7f3a91';
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const b64url = (s: string) => Buffer.from(s).toString('base64url');

  it.each([
    ['the secret alone', SECRET],
    ['Basic auth (user:secret)', `user:${SECRET}`],
    ['one byte before it', `a${SECRET}`],
    ['two bytes before it, text after', `ab${SECRET} and more`],
  ])('%s, in standard and URL-safe base64, is masked wherever it sits', (_, plain) => {
    const s = scrubber([SECRET]);
    for (const encoded of [b64(plain), b64url(plain)]) {
      const out = s.text(`Authorization: Basic ${encoded}`);
      // What is left of the encoding can no longer be decoded back to the secret.
      expect(Buffer.from(out.replace('Authorization: Basic ', ''), 'base64').toString('latin1')).not.toContain(SECRET.slice(2, -2));
      expect(out).toContain(MASK);
    }
  });

  it('every spelling in a stored value, keys included', () => {
    const v = scrubber([SECRET]).value({ header: `Basic ${b64(`u:${SECRET}`)}`, [b64url(SECRET)]: 1 });
    expect(JSON.stringify(v)).not.toContain(b64(SECRET).slice(4, 20));
    expect(JSON.stringify(v)).not.toContain(b64url(SECRET).slice(4, 20));
  });

  it('ordinary base64 without the secret is left alone', () => {
    const other = b64('nothing to see here, just text');
    expect(scrubber([SECRET]).text(other)).toBe(other);
  });
});
