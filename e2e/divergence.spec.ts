import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { importFile, runReference } from './traceFixtures';
import { scriptedAgent } from '../src/core/agent';
import { runEpisode } from '../src/core/episode';
import type { Trace } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { ticketQueueWorld } from '../src/worlds/ticket-queue/index';
import { oracleCalls } from '../src/worlds/ticket-queue/agents';
import { setupOf } from '../src/worlds/ticket-queue/spec';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { photo } from './photo';

const dir = mkdtempSync(join(tmpdir(), 'vp-div-'));

/** ticket-queue's gold trajectory with its first note written twice: strict reads 0, the dense reward stays near 1. */
async function noteTwice(): Promise<Trace> {
  const task = ticketQueueWorld.listTasks()[0]!;
  const calls = oracleCalls(setupOf(task.spec));
  const first = calls.find((c) => c.name === 'write_note')!;
  return runEpisode(ticketQueueWorld, task, scriptedAgent('note-twice', [...calls.slice(0, -1), first, calls.at(-1)!]));
}

async function fixture() {
  const traces = [
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'stubborn'),
    await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful'),
    await runReference(tripwireWorld, { id: 'top-refund-customer' }, 'the-peeker'),
    await runReference(tripwireWorld, { id: 'refund-a' }, 'oracle'),
    await runReference(ticketQueueWorld, ticketQueueWorld.listTasks()[0]!.spec, 'oracle'),
    await noteTwice(),
  ];
  const path = join(dir, 'mixed.jsonl');
  writeFileSync(path, exportTracesJsonl(traces));
  return { path, traces };
}

test('the library shows divergence for the listed rows or a selection, and the diverging rows are one click away', async ({ page }, testInfo) => {
  const { path, traces } = await fixture();
  const cards = traces.map((t) => t.scorecard!);
  // The expectations come from the worlds' own scorecards, not from the code that counts them.
  const naivePassFullFail = cards.filter((c) => c.verdict.naive === 'PASS' && c.verdict.full === 'FAIL').length;
  const strict = cards.filter((c) => c.readings?.strict !== undefined);
  const strictDense = strict.filter((c) => c.readings!.strict === 0 && c.reward >= 0.5).length;
  expect([naivePassFullFail, strict.length, strictDense]).toEqual([3, 2, 1]);
  const tqTwice = cards[5]!;
  const diverging = cards.filter(
    (c) => (c.verdict.naive === 'PASS' && c.verdict.full === 'FAIL') || (c.verdict.naive === 'FAIL' && c.verdict.full === 'PASS') || c === tqTwice,
  ).length;

  await page.goto('./#/traces');
  await importFile(page, path);
  const bar = page.getByTestId('divergence');
  await expect(bar).toContainText('over the 6 listed');
  await expect(bar.getByTestId('div-naive-pass-full-fail')).toContainText(`naive PASS · full FAIL ${naivePassFullFail} of 6 (50%)`);
  await expect(bar.getByTestId('div-strict-vs-dense')).toContainText(`strict 0 while full ≥ 0.50 ${strictDense} of ${strict.length} (50%)`);
  await expect(bar.getByTestId('show-diverging')).toHaveText(`${diverging} diverge — show`);

  await bar.getByTestId('show-diverging').click();
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${diverging} of 6 traces`));
  expect(page.url()).toContain('filter=diverging');
  await expect(page.getByTestId('library-row').filter({ hasText: 'note-twice' })).toHaveCount(1);
  await expect(page.getByTestId('library-row').filter({ hasText: 'careful' })).toHaveCount(0);
  await photo(page, 'divergence-library', testInfo, { fullPage: true });

  // Back returns to every row; the link brings the filter back.
  await page.goBack();
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/);
  await page.goto('./#/traces?filter=diverging');
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${diverging} of 6 traces`));
  await expect(page.getByTestId('divergence-filter')).toHaveValue('diverging');
  await page.getByTestId('divergence-filter').selectOption('');
  await expect(page.getByTestId('library-count')).toHaveText(/^6 of 6 traces/);

  // A selection: its own figures, and "show" keeps to it.
  const rows = page.getByTestId('library-row');
  await rows.filter({ hasText: 'the-peeker' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'careful' }).getByRole('checkbox').check();
  await rows.filter({ hasText: 'vendor-outage-triage' }).filter({ hasText: 'oracle' }).getByRole('checkbox').check();
  await expect(bar).toContainText('over the 3 selected');
  await expect(bar.getByTestId('div-naive-pass-full-fail')).toContainText('naive PASS · full FAIL 1 of 3');
  await bar.getByTestId('show-naive-pass-full-fail').click();
  await expect(page.getByTestId('library-count')).toHaveText(/^1 of 6 traces · 1 selected/);
  await expect(page.getByTestId('only-chip')).toContainText('within the 3 selected');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('the-peeker');
  await page.getByTestId('only-chip').getByRole('button', { name: 'clear' }).click();
  await expect(page.getByTestId('library-count')).toHaveText(new RegExp(`^${naivePassFullFail} of 6 traces`));
});
