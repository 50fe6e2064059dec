import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseHeaders, resolveSettings } from './settings';

const form = { ...DEFAULT_SETTINGS, baseUrl: ' http://localhost:8000/v1 ', model: ' m ' };

describe('the endpoint form', () => {
  it('becomes a config: fields trimmed, numbers read, the reply cap in bytes, the key only when typed', () => {
    const r = resolveSettings({ ...form, maxTokens: '256', priceIn: '0.5', timeoutS: '2.5', maxReplyMiB: '1', maxTurns: '9' }, '  ', '{"X-Title": "vp"}');
    expect(r).toEqual({
      ok: true,
      value: {
        config: {
          baseUrl: 'http://localhost:8000/v1',
          model: 'm',
          temperature: 0,
          maxTokens: 256,
          extraHeaders: { 'X-Title': 'vp' },
          pricePerMTokIn: 0.5,
          timeoutMs: 2500,
          maxResponseBytes: 1024 * 1024,
        },
        maxTurns: 9,
      },
    });
    expect(resolveSettings(form, ' sk-1 ', '')).toMatchObject({ ok: true, value: { config: { apiKey: 'sk-1' } } });
  });

  it('sends the driver mode when it is not the default, and refuses one it does not know', () => {
    expect(resolveSettings(form, '', '')).toMatchObject({ ok: true, value: { config: expect.not.objectContaining({ driver: expect.anything() }) } });
    expect(resolveSettings({ ...form, driver: 'scratchpad' }, '', '')).toMatchObject({ ok: true, value: { config: { driver: 'scratchpad' } } });
    expect(resolveSettings({ ...form, driver: 'memory' }, '', '')).toEqual({ ok: false, error: 'the driver must be one of history, scratchpad' });
  });

  it('says the first problem in words', () => {
    expect(resolveSettings({ ...form, temperature: 'warm' }, '', '')).toEqual({ ok: false, error: 'temperature must be a number, got "warm"' });
    expect(resolveSettings({ ...form, maxTurns: '2.5' }, '', '')).toEqual({ ok: false, error: 'max turns must be a positive integer' });
    expect(resolveSettings({ ...form, timeoutS: '0' }, '', '')).toEqual({ ok: false, error: 'the timeout must be more than 0 seconds' });
    expect(resolveSettings({ ...form, maxReplyMiB: '0.01' }, '', '')).toMatchObject({
      ok: false,
      error: expect.stringContaining('max reply size must be from'),
    });
    expect(resolveSettings(form, '', '{"a": 1}')).toEqual({ ok: false, error: 'extra header "a" must be a string' });
  });

  it('reads extra headers as a JSON object of strings, or nothing', () => {
    expect(parseHeaders('  ')).toEqual({ ok: true, value: undefined });
    expect(parseHeaders('[1]')).toMatchObject({ ok: false, error: expect.stringContaining('must be a JSON object') });
    expect(parseHeaders('{')).toMatchObject({ ok: false, error: expect.stringContaining('not valid JSON') });
  });
});
