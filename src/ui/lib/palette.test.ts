import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_COLORS, COLOR, FILE_COLORS } from './palette';

const UI = join(__dirname, '..');
const css = readFileSync(join(UI, 'styles.css'), 'utf8');
const block = (from: string, to: string) => css.slice(css.indexOf(from), css.indexOf(to));
const vars = (text: string) => Object.fromEntries([...text.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
const light = vars(block(':root {', '@media (prefers-color-scheme: dark)'));
const dark = vars(block('@media (prefers-color-scheme: dark)', '* { box-sizing'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sources(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}

describe('one palette, declared once', () => {
  it('no colour is spelled in the UI code outside the palette: everything names a meaning', () => {
    const spelled = sources(UI)
      .filter((p) => !p.endsWith('lib/palette.ts'))
      .flatMap((p) => [...readFileSync(p, 'utf8').matchAll(/['"`=]\s*#[0-9a-f]{3,8}\b/gi)].map((m) => `${p.slice(UI.length + 1)}: ${m[0]}`));
    expect(spelled).toEqual([]);
  });

  it('every colour the palette names is declared in both themes', () => {
    for (const v of [...Object.values(COLOR), ...AGENT_COLORS]) {
      const name = /^var\(--([\w-]+)\)$/.exec(v)?.[1];
      expect(name, v).toBeDefined();
      expect(light[name!], `--${name} (light)`).toBeDefined();
      expect(dark[name!] ?? light[name!], `--${name} (dark)`).toBeDefined();
    }
    // The dark theme gives the verifiers and the agents their own values (a light-theme blue is too dark on it).
    for (const n of ['c-naive', 'c-full', 'c-agent-1']) expect(dark[n]).toBeDefined();
  });

  it("a file's colours are the light theme's", () => {
    expect(FILE_COLORS).toEqual({ full: light['c-full'], neutral: light.muted, border: light.border });
  });
});
