import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeLimitValue, LIMITS, overLimit, type LimitName } from './limits';

const DOCS = {
  README: readFileSync(new URL('../../README.md', import.meta.url), 'utf8'),
  'docs/security.md': readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8'),
};

describe.each(Object.entries(DOCS))('the limits, stated once: %s', (_doc, text) => {
  it.each(Object.keys(LIMITS) as LimitName[])('its Limits table states %s with its value and what it bounds', (name) => {
    expect(text).toContain(`| \`${name}\` | ${describeLimitValue(name)} | ${LIMITS[name].what} |`);
  });

  it('the table has no row for a limit the module does not have', () => {
    const section = text.slice(text.indexOf('## Limits'), text.indexOf('\n## ', text.indexOf('## Limits') + 1));
    const named = [...section.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys(LIMITS).sort());
  });
});

describe('the limits, stated once', () => {
  it('a limit ends with one message: where, what reached it, the limit by name and value', () => {
    expect(overLimit('rowMessages', 'line 4', '120,000 messages')).toBe(
      'line 4: 120,000 messages, over the rowMessages limit of 100,000 (messages in one row)',
    );
    expect(overLimit('stdinLineBytes', 'stdin line 2', '11 MiB', 1024)).toBe(
      'stdin line 2: 11 MiB, over the stdinLineBytes limit of 1 KiB (one line on stdin: a `vp play` call, an MCP message)',
    );
  });
});
