import { describe, expect, it } from 'vitest';
import { chatCompletionsUrl, checkEndpoint, costUsd, DEFAULT_MAX_RESPONSE_BYTES, ENDPOINT_PRESETS, presetById } from './endpoint';

describe('endpoint settings', () => {
  it.each([
    ['http://localhost:11434/v1', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1///', 'http://localhost:11434/v1/chat/completions'],
    [' https://api.openai.com/v1 ', 'https://api.openai.com/v1/chat/completions'],
    ['http://h:8000/v1/chat/completions', 'http://h:8000/v1/chat/completions'],
    ['http://h:8000/v1/chat/completions/', 'http://h:8000/v1/chat/completions'],
    // A query (e.g. a key some gateways take as ?key=) stays a query: the path goes before it.
    ['https://h.example/v1beta/openai/?key=AIza1&x=2', 'https://h.example/v1beta/openai/chat/completions?key=AIza1&x=2'],
    ['https://h.example/v1/chat/completions?api-version=1', 'https://h.example/v1/chat/completions?api-version=1'],
  ])('%s → %s', (base, url) => {
    expect(chatCompletionsUrl(base)).toBe(url);
  });

  it('presets fill only the base URL, with the usual local ports', () => {
    expect(presetById('vllm')?.baseUrl).toBe('http://localhost:8000/v1');
    expect(presetById('ollama')?.baseUrl).toBe('http://localhost:11434/v1');
    expect(presetById('lmstudio')?.baseUrl).toBe('http://localhost:1234/v1');
    expect(presetById('openai')?.baseUrl).toBe('https://api.openai.com/v1');
    expect(presetById('openrouter')?.baseUrl).toBe('https://openrouter.ai/api/v1');
    for (const p of ENDPOINT_PRESETS) expect(Object.keys(p).sort()).toEqual(['baseUrl', 'id', 'label', 'needsKey']);
  });

  it('checkEndpoint names the first problem, and accepts a good config', () => {
    const ok = { baseUrl: 'http://localhost:11434/v1', model: 'qwen3' };
    expect(checkEndpoint(ok)).toBeNull();
    expect(checkEndpoint({ ...ok, baseUrl: 'localhost:11434' })).toMatch(/http:\/\/ or https:\/\/|not a URL/);
    expect(checkEndpoint({ ...ok, baseUrl: 'not a url' })).toMatch(/not a URL/);
    expect(checkEndpoint({ ...ok, baseUrl: 'http://u:p@host/v1' })).toMatch(/user name or password/);
    expect(checkEndpoint({ ...ok, model: ' ' })).toMatch(/model name/);
    expect(checkEndpoint({ ...ok, temperature: 3 })).toMatch(/temperature/);
    expect(checkEndpoint({ ...ok, maxTokens: 0 })).toMatch(/max tokens/);
    expect(checkEndpoint({ ...ok, pricePerMTokIn: -1 })).toMatch(/prices/);
    expect(checkEndpoint({ ...ok, maxResponseBytes: 1000 })).toMatch(/reply size limit must be a whole number of bytes from 65536/);
    expect(checkEndpoint({ ...ok, maxResponseBytes: 2 ** 40 })).toMatch(/reply size limit/);
    expect(checkEndpoint({ ...ok, maxResponseBytes: 65536 })).toBeNull();
  });

  it('the reply size limit defaults to 4 MiB', () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(4 * 1024 * 1024);
  });

  it('cost is per million tokens, and absent without prices', () => {
    const base = { baseUrl: 'http://x/v1', model: 'm' };
    expect(costUsd(base, 1000, 1000)).toBeUndefined();
    expect(costUsd({ ...base, pricePerMTokIn: 2, pricePerMTokOut: 8 }, 500_000, 250_000)).toBeCloseTo(3);
    expect(costUsd({ ...base, pricePerMTokOut: 10 }, 1_000_000, 100_000)).toBeCloseTo(1);
  });
});
