import { describe, expect, it } from 'vitest';
import { secretsOf, stripCredentials, urlSecrets } from './credentials';

describe('credentials in a base URL', () => {
  it.each([
    ['https://api.example.com/v1?api_key=AAA111&api-version=2024-06-01', 'https://api.example.com/v1?api-version=2024-06-01', ['AAA111']],
    ['https://gen.example.com/v1beta/openai?key=AIzaXYZ', 'https://gen.example.com/v1beta/openai', ['AIzaXYZ']],
    ['http://proxy.local/v1?token=t1&access_token=t2&apikey=t3&x=1&sig=t4', 'http://proxy.local/v1?x=1', ['t1', 't2', 't3', 't4']],
    ['https://user:p%40ss@host.example/v1', 'https://host.example/v1', ['user', 'p@ss']],
    ['https://host.example/v1#access_token=frag1', 'https://host.example/v1', ['frag1']],
    ['http://localhost:11434/v1', 'http://localhost:11434/v1', []],
    ['not a url?api_key=loose1', 'not a url', ['loose1']],
  ])('%s is persisted as %s', (url, stripped, secrets) => {
    expect(stripCredentials(url)).toBe(stripped);
    expect(urlSecrets(url)).toEqual(secrets);
  });

  it('keeps what the person typed otherwise (trailing slash, case, order)', () => {
    expect(stripCredentials('HTTP://Host:8000/V1/?b=2&key=k&a=1')).toBe('HTTP://Host:8000/V1/?b=2&a=1');
  });
});

describe('secretsOf', () => {
  it('is the key, every extra header value and the URL credentials', () => {
    const config = {
      baseUrl: 'https://h.example/v1?api_key=qp-SECRET-9911',
      model: 'm',
      apiKey: 'sk-test-SECRET123',
      extraHeaders: { 'X-Title': 'vp', 'X-Org': 'org-SECRET-1' },
    };
    expect(secretsOf(config).sort()).toEqual(['org-SECRET-1', 'qp-SECRET-9911', 'sk-test-SECRET123', 'vp']);
  });
});
