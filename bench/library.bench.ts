import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';
import { runEpisode } from '../src/core/episode';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld, taskFromParams } from '../src/worlds/fault-api/index';
import { DEFAULTS, PROFILES } from '../src/worlds/fault-api/params';

const COUNT = 10_000;

async function bigFile(): Promise<string> {
  const traces = [];
  // Short and long trajectories mixed: about 5 KB a trace, the 10,000 / 50 MB the issue names.
  const agents = faultApiWorld.referenceAgents.filter((a) => ['naive', 'careful', 'no-op', 'wrong-values'].includes(a.id));
  for (let i = 0; i < COUNT; i++) {
    const task = taskFromParams({ profile: PROFILES[i % 3]!, seed: 1 + Math.floor(i / 3), ...DEFAULTS });
    const agent = agents[i % agents.length]!;
    traces.push(await runEpisode(faultApiWorld, task, agent.create(task)));
  }
  const path = join(mkdtempSync(join(tmpdir(), 'vp-bench-')), 'library-10k.jsonl');
  writeFileSync(path, exportTracesJsonl(traces));
  return path;
}

test('library: 10,000 traces open, and the main thread never blocks for long', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const path = await bigFile();
  const mb = statSync(path).size / 1e6;
  await page.addInitScript(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto('./#/traces');
  await page.getByTestId('dropzone').waitFor();
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
  const t0 = Date.now();
  await page.getByTestId('file-input').setInputFiles(path);
  await page.getByTestId('library-count').filter({ hasText: `${COUNT} of ${COUNT}` }).waitFor({ timeout: 120_000 });
  const openMs = Date.now() - t0;
  await page.waitForTimeout(500);
  const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
  const table = page.getByTestId('library-table');
  const s0 = Date.now();
  for (let i = 0; i < 40; i++) await table.evaluate((el, y) => el.scrollTo(0, y), i * 3000);
  const scrollMs = Date.now() - s0;
  const scrollLongest = await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
  await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
  const c0 = Date.now();
  await page.getByTestId('library-charts-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('library-charts').getByTestId('chart-layers').waitFor();
  const chartsMs = Date.now() - c0;
  const chartsLongest = await page.evaluate(() => Math.max(0, ...(window as unknown as { __long: number[] }).__long));
  const report = `library: ${COUNT} traces, ${mb.toFixed(1)} MB JSONL: open ${openMs} ms (file picked → all rows listed); longest main-thread task ${longest.toFixed(0)} ms; 40 scroll jumps through the table ${scrollMs} ms, longest task ${scrollLongest.toFixed(0)} ms; charts drawn on scrolling to them in ${chartsMs} ms, longest task ${chartsLongest.toFixed(0)} ms`;
  console.log(report);
  await testInfo.attach('library', { body: report, contentType: 'text/plain' });
});
