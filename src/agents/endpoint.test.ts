import { describe, expect, it } from 'vitest';
import { chatCompletionsUrl, checkEndpoint, costUsd, ENDPOINT_PRESETS, presetById } from './endpoint';

describe('endpoint settings', () => {
  it.each([
    ['http://localhost:11434/v1', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1/', 'http://localhost:11434/v1/chat/completions'],
    ['http://localhost:11434/v1///', 'http://localhost:11434/v1/chat/completions'],
    [' https://api.openai.com/v1 ', 'https://api.openai.com/v1/chat/completions'],
    ['http://h:8000/v1/chat/completions', 'http://h:8000/v1/chat/completions'],
    ['http://h:8000/v1/chat/completions/', 'http://h:8000/v1/chat/completions'],
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
  });

  it('cost is per million tokens, and absent without prices', () => {
    const base = { baseUrl: 'http://x/v1', model: 'm' };
    expect(costUsd(base, 1000, 1000)).toBeUndefined();
    expect(costUsd({ ...base, pricePerMTokIn: 2, pricePerMTokOut: 8 }, 500_000, 250_000)).toBeCloseTo(3);
    expect(costUsd({ ...base, pricePerMTokOut: 10 }, 1_000_000, 100_000)).toBeCloseTo(1);
  });
});
