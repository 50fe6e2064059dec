import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';

/**
 * Issue 26's figures, each against its target, collected across the bench files and printed
 * together at the end of `npm run bench:web` (globalTeardown). Current figures only: the file is
 * emptied when the run starts.
 */
export interface Figure {
  /** The target's number in issue 26. */
  target: number;
  what: string;
  value: string;
  goal: string;
  met: boolean;
  /** The 1-minute load average before and after the measurement: the machine is shared. */
  load: [number, number];
}

const FILE = '.reports/bench-figures.json';

const read = (): Figure[] => (existsSync(FILE) ? (JSON.parse(readFileSync(FILE, 'utf8')) as Figure[]) : []);

export const load1 = () => loadavg()[0]!;

export function recordFigure(f: Figure): void {
  mkdirSync('.reports', { recursive: true });
  writeFileSync(FILE, JSON.stringify([...read().filter((x) => x.what !== f.what), f], null, 1));
}

export function clearFigures(): void {
  rmSync(FILE, { force: true });
}

export function printFigures(): string {
  const figures = read().sort((a, b) => a.target - b.target);
  if (figures.length === 0) return '';
  const lines = [
    `issue 26 — fast where users wait (${figures.filter((f) => f.met).length} of ${figures.length} met; 2 cores shared with other work: load average (1 min) before → after each figure)`,
    ...figures.map(
      (f) => `  ${f.target}. ${f.met ? '✓' : '✗'} ${f.what}: ${f.value} (target ${f.goal}; load ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)})`,
    ),
    '  4. the test suite ≤ 5 min from a fresh clone: timed by `npm test`, not here',
  ];
  return lines.join('\n');
}

export const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What a bench page logs (`console.debug`) once what it measures is done. */
export const DONE = 'vp-bench:done';

/**
 * Resolves when the page logs DONE, to be called before the navigation. The page says when it is done, so
 * nothing is injected into it or polls it while it is measured: Playwright's `waitForFunction` compiles its
 * injected script in the page (~30 ms of the page's thread, in a trace, right after the load event: inside
 * the window measured) and evaluates the predicate every frame.
 */
export function pageDone(page: Page, timeout: number): Promise<unknown> {
  return page.waitForEvent('console', { predicate: (m) => m.text() === DONE, timeout });
}
