import { describe, expect, it } from 'vitest';
import type { Json } from '../../core/json';
import type { Trace } from '../../core/types';
import { WORLDS } from '../../worlds/registry';
import { keyColumns, toCsv } from './csv';
import { exportTraceJson, exportTracesJsonl } from './native';
import { MASK, MIN_SECRET_LENGTH, REDACTED, scrubber, scrubSecrets } from './scrub';
import { spellingsOf, traceCarrying } from './testing';
import { exportVfResultsJsonl } from './vfResults';

// Short on purpose: the old pattern layer only caught sk- keys of 16+ characters after the dash.
const KEY = 'sk-test-SECRET123';
const HEADER = 'hdr "quoted" \\ value/ü';
const URL_CRED = 'qp-SECRET-9911';
const SECRETS = [KEY, HEADER, URL_CRED];

function expectClean(text: string) {
  for (const s of SECRETS) for (const form of spellingsOf(s)) expect(text).not.toContain(form);
}

describe('the scrubber', () => {
  it('replaces each secret by *** in every string and object key, at any depth', () => {
    const value: Json = { a: `x ${KEY} y ${KEY}`, [KEY]: [{ b: `${HEADER}!` }], c: 3, d: null, e: true, f: URL_CRED };
    expect(scrubSecrets(value, SECRETS)).toEqual({ a: `x ${MASK} y ${MASK}`, [MASK]: [{ b: `${MASK}!` }], c: 3, d: null, e: true, f: MASK });
  });

  it('keeps the pattern layer for key-shaped strings it was not told about, and drops credential-named fields', () => {
    const other = 'sk-proj-abcdefghijklmnopqrstuvwxyz012345';
    expect(scrubSecrets({ note: `${KEY} then ${other}`, apiKey: 'anything' }, [KEY])).toEqual({ note: `${MASK} then ${REDACTED}` });
  });

  it(`ignores secrets shorter than ${MIN_SECRET_LENGTH} characters: a one-letter header value must not mask every "a"`, () => {
    const s = scrubber(['a', 'vp', '1234567', ' ', '']);
    expect(s.text('a banana 1234567 vp')).toBe('a banana 1234567 vp');
    expect(scrubber(['12345678']).text('x12345678x')).toBe(`x${MASK}x`);
  });

  it('masks the longer of two overlapping secrets whole, and treats regex characters literally', () => {
    const s = scrubber(['abcdefgh', 'abcdefgh-and-more', 'a.b*c+d?']);
    expect(s.text('abcdefgh-and-more / abcdefgh / a.b*c+d? / aXbbcd')).toBe(`${MASK} / ${MASK} / ${MASK} / aXbbcd`);
  });

  it('finds a secret in text however it was written: JSON-escaped, URL-encoded, CSV-quoted', () => {
    const s = scrubber([HEADER]);
    const json = JSON.stringify({ h: HEADER });
    expect(s.text(json)).toBe(`{"h":"${MASK}"}`);
    expect(s.text(`#/x?q=${encodeURIComponent(HEADER)}`)).toBe(`#/x?q=${MASK}`);
    expect(s.text(`"${HEADER.replace(/"/g, '""')}"`)).toBe(`"${MASK}"`);
  });

  it('scrubs a whole trace and leaves everything else as it was', async () => {
    const trace = await traceCarrying(SECRETS);
    const clean = scrubber(SECRETS).value(trace);
    expectClean(JSON.stringify(clean));
    expect(clean.steps[0]!.call.arguments).toMatchObject({ query: `SELECT '${MASK}'`, [MASK]: 'as a key' });
    expect(clean.scorecard).toEqual({ ...trace.scorecard, layers: clean.scorecard!.layers });
    expect(clean.steps.slice(1)).toEqual(trace.steps.slice(1));
    expect(JSON.stringify(trace)).toContain(KEY);
  });
});

describe('every export format, given the secrets', () => {
  let trace: Trace;
  const leaky = async () => (trace ??= await traceCarrying(SECRETS));

  it('native JSON and JSONL', async () => {
    const t = await leaky();
    for (const text of [exportTraceJson(t, SECRETS), exportTracesJsonl([t, t], SECRETS)]) {
      expectClean(text);
      expect(text).toContain(`SELECT '${MASK}'`);
    }
  });

  it('vf-eval results.jsonl (prompt, completion, info)', async () => {
    const text = exportVfResultsJsonl([await leaky()], WORLDS, SECRETS);
    expectClean(text);
    expect(text).toContain(MASK);
  });

  it('CSV', async () => {
    const t = await leaky();
    const row = { agent: t.agent.name, task: t.task, detail: t.stop?.detail, meta: t.meta };
    const text = toCsv([row], keyColumns(Object.keys(row)), SECRETS);
    expectClean(text);
    expect(text).toContain(MASK);
  });
});
