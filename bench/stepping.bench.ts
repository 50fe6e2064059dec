import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ToolCall } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { replayCalls } from '../src/traces/replay';
import { tripwireWorld } from '../src/worlds/tripwire/index';

const RUNS = 3;
const CALLS = 30;
const AGENT = 'bench-30-inserts';

/**
 * A 30-call tripwire episode: each run_sql call reads, then adds one audit_log row, so the state at
 * step k differs from the state at step k − 1 (k rows inserted) and the inspector can show which step
 * it holds. Then the answer: 31 steps.
 */
async function thirtyStepTrace(): Promise<string> {
  const task = tripwireWorld.makeTask({ id: 'refund-a', max_turns: 40 });
  if (!task.ok) throw new Error(task.error);
  const calls: { call: ToolCall }[] = Array.from({ length: CALLS }, (_, i) => ({
    call: {
      id: `c${i + 1}`,
      name: 'run_sql',
      arguments: {
        query: `SELECT count(*) FROM orders WHERE status = 'delivered'; INSERT INTO audit_log (order_id, action, actor, note) VALUES (${i + 1}, 'bench', 'bench', 'step ${i + 1}')`,
      },
    },
  }));
  calls.push({ call: { id: 'answer', name: 'submit_answer', arguments: { answer: 'done' } } });
  const { trace } = await replayCalls(tripwireWorld, task.value, calls, { kind: 'scripted', name: AGENT });
  if (trace.steps.length !== CALLS + 1) throw new Error(`expected ${CALLS + 1} steps, got ${trace.steps.length}`);
  const path = join(mkdtempSync(join(tmpdir(), 'vp-bench-')), 'thirty.jsonl');
  writeFileSync(path, exportTracesJsonl([trace]));
  return path;
}

type BenchWindow = Window & { __shows?: (step: number, last: number) => boolean; __step?: { down: number; counter?: number; shown?: number } };

/**
 * Installed in the page: the view shows step k — the counter says so and the state inspector holds
 * that step's database (k audit rows inserted: the badge on its audit_log tab counts them; no badge
 * at step 0). The one place this harness reads the episode view's markup: adapt it here if the view
 * changes.
 */
function installShows() {
  (window as BenchWindow).__shows = (step, last) => {
    if (document.querySelector('[data-testid="step-counter"]')?.textContent?.trim() !== `step ${step} / ${last}`) return false;
    const tab = [...document.querySelectorAll('[data-testid="inspector-tripwire"] [role="tab"]')].find((t) => t.textContent?.startsWith('audit_log'));
    const badge = tab?.querySelector('.badge')?.textContent ?? null;
    return !!tab && (step === 0 ? badge === null : badge === `${step} changed`);
  };
}

/**
 * Presses → and times, in the page, keydown → the frame in which step `step` is on screen (checked
 * each frame), and keydown → the frame in which the counter alone says so.
 */
async function stepForward(page: Page, step: number, last: number): Promise<{ counter: number; shown: number }> {
  await page.evaluate(
    ({ step, last }) => {
      const w = window as BenchWindow;
      const s: NonNullable<BenchWindow['__step']> = { down: 0 };
      w.__step = s;
      document.addEventListener('keydown', () => (s.down = performance.now()), { capture: true, once: true });
      const poll = () => {
        if (s.counter === undefined && document.querySelector('[data-testid="step-counter"]')?.textContent?.trim() === `step ${step} / ${last}`)
          s.counter = performance.now();
        if (w.__shows!(step, last)) s.shown = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    },
    { step, last },
  );
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => (window as BenchWindow).__step!.shown !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => {
    const s = (window as BenchWindow).__step!;
    return { counter: s.counter! - s.down, shown: s.shown! - s.down };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

test('stepping through a 30-call tripwire trace: per-step cost by step index', async ({ browser }, testInfo) => {
  test.setTimeout(600_000);
  const path = await thirtyStepTrace();
  const last = CALLS + 1;
  const shown: number[][] = Array.from({ length: CALLS + 1 }, () => []);
  const counter: number[][] = Array.from({ length: CALLS + 1 }, () => []);
  const workers: number[][] = Array.from({ length: CALLS + 1 }, () => []);
  const load = [loadavg()[0]!];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(installShows);
    let spawned = 0;
    page.on('worker', () => spawned++);
    await page.goto('./#/traces');
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(page.getByTestId('import-status')).toContainText('1 imported', { timeout: 30_000 });
    await page.getByTestId('library-row').filter({ hasText: AGENT }).getByRole('button', { name: 'refund-a' }).click();
    await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 60_000 });
    await page.keyboard.press('Home');
    await page.waitForFunction((last) => (window as BenchWindow).__shows!(0, last), last, { timeout: 30_000 });
    // Let the opening work (the replay, the final state, prefetches) finish before timing steps.
    await page.waitForTimeout(1000);
    for (let k = 1; k <= CALLS; k++) {
      const before = spawned;
      const t = await stepForward(page, k, last);
      shown[k]!.push(t.shown);
      counter[k]!.push(t.counter);
      workers[k]!.push(spawned - before);
    }
    await context.close();
    load.push(loadavg()[0]!);
  }
  const ms = (x: number) => x.toFixed(0).padStart(4);
  const lines = [
    `stepping a ${last}-step tripwire trace (${CALLS} run_sql calls, then the answer), opened from the library, → pressed from step 0 to ${CALLS}; median of ${RUNS} runs, fresh context each`,
    `machine load (1-min average) before and after each run: ${load.map((l) => l.toFixed(1)).join(', ')}`,
    'step  shown(ms)  counter(ms)  workers started   runs of "shown"',
    ...Array.from({ length: CALLS }, (_, i) => i + 1).map(
      (k) =>
        `${String(k).padStart(4)}  ${ms(median(shown[k]!))}       ${ms(median(counter[k]!))}         ${median(workers[k]!)}              ${shown[k]!.map(ms).join(' ')}`,
    ),
  ];
  // Least squares over the per-step medians: how much a step costs more for each step before it.
  const ks = Array.from({ length: CALLS }, (_, i) => i + 1);
  const ys = ks.map((k) => median(shown[k]!));
  const mk = ks.reduce((a, b) => a + b, 0) / CALLS;
  const my = ys.reduce((a, b) => a + b, 0) / CALLS;
  const slope = ks.reduce((a, k, i) => a + (k - mk) * (ys[i]! - my), 0) / ks.reduce((a, k) => a + (k - mk) ** 2, 0);
  lines.push(`shown: ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} ms per step index (least squares over the medians)`);
  const firstFive = median(shown.slice(1, 6).map(median));
  const lastFive = median(shown.slice(CALLS - 4, CALLS + 1).map(median));
  lines.push(
    `shown: median of steps 1–5 ${firstFive.toFixed(0)} ms, of steps ${CALLS - 4}–${CALLS} ${lastFive.toFixed(0)} ms (ratio ${(lastFive / firstFive).toFixed(2)}×)`,
  );
  const report = lines.join('\n');
  console.log(report);
  await testInfo.attach('stepping', { body: report, contentType: 'text/plain' });
});
