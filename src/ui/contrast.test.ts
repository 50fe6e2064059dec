import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// axe checks contrast on the views it can read, but marks text over tinted boxes "incomplete" and moves on.
// The verdict words are the app's most important text: their colours are checked here, from the stylesheet itself.
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const light = variables(css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color-scheme: dark)')));
const dark = { ...light, ...variables(css.slice(css.indexOf('@media (prefers-color-scheme: dark)'), css.indexOf('* { box-sizing'))) };

type Rgb = [number, number, number];
const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
/** color-mix(in srgb, a p%, b), as the tinted boxes are drawn. */
const mix = (a: Rgb, p: number, b: Rgb): Rgb => a.map((x, i) => x * p + b[i]! * (1 - p)) as Rgb;
const luminance = (c: Rgb) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const ratio = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe.each([
  ['light', light],
  ['dark', dark],
])('text colours in the %s theme reach 4.5:1', (_theme, v) => {
  const grounds: [string, Rgb][] = [
    ['the panel', rgb(v.panel!)],
    ['the page', rgb(v.bg!)],
    ['code', rgb(v['code-bg']!)],
    // .verdict-pass / .verdict-fail: the PASS and FAIL boxes, tinted with their own colour.
    ['the PASS box', mix(rgb(v['c-good']!), 0.1, rgb(v.panel!))],
    ['the FAIL box', mix(rgb(v['c-bad']!), 0.09, rgb(v.panel!))],
    // .last-call, .lib-row-selected, .divergence-alarm
    ['a warning box', mix(rgb(v['c-warn']!), 0.12, rgb(v.panel!))],
    ['a selected row', mix(rgb(v.accent!), 0.14, rgb(v.panel!))],
    ['an alarm row', mix(rgb(v['c-bad']!), 0.07, rgb(v.panel!))],
  ];
  it.each(['text', 'muted', 'c-good', 'c-bad', 'c-warn-text', 'accent', 'c-fault'])('--%s', (name) => {
    const fg = rgb(v[name]!);
    for (const [where, bg] of grounds) expect(ratio(fg, bg), `--${name} on ${where}`).toBeGreaterThanOrEqual(4.5);
  });
  it('a primary button: --on-accent on --accent', () => expect(ratio(rgb(v['on-accent']!), rgb(v.accent!))).toBeGreaterThanOrEqual(4.5));
});

describe.each([
  ['light', light],
  ['dark', dark],
])('marks and lines in the %s theme reach 3:1 (WCAG 1.4.11)', (_theme, v) => {
  it.each(['c-naive', 'c-full', 'c-fault', 'c-bad', 'c-good', 'muted', 'text', ...[1, 2, 3, 4, 5, 6].map((i) => `c-agent-${i}`)])('--%s', (name) => {
    expect(v[name], `--${name} is declared`).toBeDefined();
    for (const [where, bg] of [
      ['the panel', rgb(v.panel!)],
      ['the page', rgb(v.bg!)],
    ] as const)
      expect(ratio(rgb(v[name]!), bg), `--${name} on ${where}`).toBeGreaterThanOrEqual(3);
  });
});
