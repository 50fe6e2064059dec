import { describe, expect, it } from 'vitest';
import { clampText, HOVER_MAX, hoverText } from './clamp';

describe('clampText', () => {
  it('leaves a string that fits alone', () => {
    expect(clampText('gpt-4.1-mini', 12)).toBe('gpt-4.1-mini');
    expect(clampText('', 3)).toBe('');
  });

  it('cuts a longer one to exactly max characters, the last an ellipsis', () => {
    const out = clampText('M'.repeat(200_000), 80);
    expect(out).toHaveLength(80);
    expect(out.endsWith('M…')).toBe(true);
  });

  it('never leaves half of a surrogate pair before the ellipsis', () => {
    const s = `${'a'.repeat(8)}😀😀😀`;
    const out = clampText(s, 10);
    expect(out).toBe(`${'a'.repeat(8)}…`);
    expect(clampText(`${'a'.repeat(7)}😀😀`, 10)).toBe(`${'a'.repeat(7)}😀…`);
  });
});

describe('hoverText', () => {
  it('is the whole text up to the limit', () => {
    const s = 'x'.repeat(HOVER_MAX);
    expect(hoverText(s)).toBe(s);
  });

  it('past the limit, is its start and how long it is', () => {
    const out = hoverText('A'.repeat(200_000));
    expect(out.startsWith('A'.repeat(100))).toBe(true);
    expect(out.endsWith('… (200,000 characters)')).toBe(true);
    expect(out.length).toBeLessThan(HOVER_MAX + 40);
  });
});
