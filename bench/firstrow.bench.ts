import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { runEpisode } from '../src/core/episode';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld, taskFromParams } from '../src/worlds/fault-api/index';
import { DEFAULTS, PROFILES } from '../src/worlds/fault-api/params';

const RUNS = 3;
const dir = mkdtempSync(join(tmpdir(), 'vp-firstrow-'));

/** Native JSONL of about `mb` megabytes: 140 distinct fault-api traces, taken in turn (and again) until the file is that size. */
async function fileOf(mb: number): Promise<string> {
  const agents = faultApiWorld.referenceAgents.filter((a) => ['naive', 'careful', 'no-op'].includes(a.id));
  const traces = [];
  for (let i = 0; i < 140; i++) {
    const task = taskFromParams({ profile: PROFILES[i % 3]!, seed: 1 + Math.floor(i / 3), ...DEFAULTS });
    traces.push(await runEpisode(faultApiWorld, task, agents[i % agents.length]!.create(task)));
  }
  const lines = exportTracesJsonl(traces).trim().split('\n');
  const out: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < mb * 1e6; i++) {
    const line = `${lines[i % lines.length]!}\n`;
    out.push(line);
    bytes += Buffer.byteLength(line);
  }
  const path = join(dir, `library-${mb}mb.jsonl`);
  writeFileSync(path, out.join(''));
  return path;
}

/** Installed before the page's scripts: when the file was picked, and when the first row and the whole count showed. */
function observeRows() {
  const w = window as unknown as { __t: { picked?: number; first?: number } };
  w.__t = {};
  document.addEventListener(
    'change',
    (e) => {
      if (e.target instanceof HTMLInputElement && e.target.type === 'file') w.__t.picked = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    if (w.__t.first === undefined && document.querySelector('[data-testid="library-row"]')) w.__t.first = performance.now();
  }).observe(document, { childList: true, subtree: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** One cold load of the library: ms to its empty shell (the drop zone painted), then ms from picking the file to its first row. */
async function once(page: Page, path: string): Promise<{ shell: number; first: number; all: number; rows: number }> {
  await page.addInitScript(observeRows);
  await page.goto('./#/traces');
  await page.getByTestId('dropzone').waitFor();
  const shell = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now()))));
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles(path);
  await page.getByTestId('library-row').first().waitFor({ timeout: 120_000 });
  await page.getByTestId('import-status').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 300_000 });
  const all = Date.now() - t0;
  const t = await page.evaluate(() => (window as unknown as { __t: { picked: number; first: number } }).__t);
  const rows = Number(((await page.getByTestId('library-count').textContent()) ?? '').split(' ')[0]);
  return { shell, first: t.first - t.picked, all, rows };
}

for (const mb of [0.7, 50]) {
  test(`library: first visible row of a ${mb} MB file against the empty shell`, async ({ browser }, testInfo) => {
    test.setTimeout(600_000);
    const path = await fileOf(mb);
    const size = statSync(path).size / 1e6;
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext();
      try {
        runs.push(await once(await context.newPage(), path));
      } finally {
        await context.close();
      }
    }
    const shell = median(runs.map((r) => r.shell));
    const first = median(runs.map((r) => r.first));
    const all = median(runs.map((r) => r.all));
    const report = `first row, ${size.toFixed(1)} MB (${runs[0]!.rows} rows), median of ${RUNS} cold loads: empty shell ${shell.toFixed(0)} ms (navigation → drop zone painted); file picked → first row ${first.toFixed(0)} ms (ratio ${(first / shell).toFixed(2)}, target ≤ 1.2; picked as the shell paints, the first row shows at ${((shell + first) / shell).toFixed(2)}× the shell's time); every row listed ${all} ms`;
    console.log(report);
    await testInfo.attach('first row', { body: report, contentType: 'text/plain' });
  });
}
