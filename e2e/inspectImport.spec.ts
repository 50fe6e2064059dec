import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { convert, type ConvertItem } from '../src/traces/export/convert';
import { identityOf } from '../src/traces/import/identity';
import { importText } from '../src/traces/import/importText';
import { handLog } from '../src/traces/inspect/testing';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { WORLDS } from '../src/worlds/registry';
import { importFile, runReference } from './traceFixtures';

const dir = mkdtempSync(join(tmpdir(), 'vp-inspect-'));

/** Two .eval logs: a fault-api episode written by our exporter, and another task in Inspect's own shapes. */
async function evalLogs(): Promise<string[]> {
  const trace = await runReference(faultApiWorld, { profile: 'hostile', seed: 6 }, 'careful');
  const ours: ConvertItem = { item: { kind: 'native', line: 1, trace }, source: 'played', env: 'fault-api', model: 'careful', run: null };
  const foreign = importText(JSON.stringify(handLog())).items.map((item): ConvertItem => ({ item, source: 'log.json', ...identityOf(item, null) }));
  const out = await convert([ours, ...foreign], 'inspect', { worlds: WORLDS, created: '2025-01-01T00:00:00Z', zip: true });
  return out.outputs.map((o, i) => {
    const path = join(dir, `run-${i + 1}.eval`);
    writeFileSync(path, o.data);
    return path;
  });
}

test('Inspect .eval logs import in the worker: a sample of our world replays, another task shows as messages', async ({ page }) => {
  const files = await evalLogs();
  await page.goto('./#/traces');
  await importFile(page, files);
  await expect(page.getByTestId('import-status')).toContainText('run-1.eval: 1 imported (inspect-eval)');
  await expect(page.getByTestId('import-status')).toContainText('run-2.eval: 2 imported (inspect-eval)');
  await expect(page.getByTestId('library-count')).toHaveText(/^3 of 3 traces/);
  await page.getByTestId('library-search').fill('hostile');
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('verify-banner')).toContainText('Replayed from Inspect sample 1 (id "hostile-seed-6", epoch 1)', { timeout: 20_000 });
  await expect(page.getByTestId('scorecard')).toContainText('completeness');

  await page.goto('./#/traces');
  await page.getByTestId('library-search').fill('oslo');
  await page.getByTestId('library-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('message-view')).toContainText('weather');
  await expect(page.getByTestId('message-view')).toContainText('Bergen');
});
