import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runEpisode } from '../src/core/episode';
import { firstDisagreement, jumpTargets } from '../src/core/readings';
import type { Task, Trace } from '../src/core/types';
import type { ReferenceAgent, World } from '../src/core/world';
import { exportTracesJsonl } from '../src/traces/export/index';
import { readPrefixes } from '../src/traces/readings';
import { WORLDS } from '../src/worlds/registry';
import { photo } from './photo';
import { keysPressed, pressKeysAsShown } from './traceFixtures';

const dir = mkdtempSync(join(tmpdir(), 'vp-jumps-'));
const episodeUrl = (world: string, task: object, agent: string) => `./#/episode/${world}?task=${encodeURIComponent(JSON.stringify(task))}&agent=${agent}`;

/** fault-api's stubborn solver on hostile seed 6 (faults, errors and a first disagreement), run in Node, and its episode's URL. */
async function stubbornFaultApi(): Promise<{ trace: Trace; url: string }> {
  const world = WORLDS.find((w) => w.id === 'fault-api')!;
  const task = world.makeTask({ profile: 'hostile', seed: 6 });
  if (!task.ok) throw new Error(task.error);
  const agent = world.referenceAgents.find((a) => a.id === 'stubborn')!;
  return { trace: await runEpisode(world, task.value, agent.create(task.value)), url: episodeUrl('fault-api', task.value.spec, 'stubborn') };
}

interface Case {
  world: World;
  agent: ReferenceAgent;
  task: Task;
}

// Every world's gotchas, whichever worlds the registry holds.
const gotchas: Case[] = WORLDS.flatMap((world) =>
  world.referenceAgents.filter((a) => a.role === 'gotcha').map((agent) => ({ world, agent, task: world.listTasks().find((t) => agent.appliesTo(t))! })),
);

async function splitOf({ world, agent, task }: Case): Promise<{ trace: Trace; split: number }> {
  const trace = await runEpisode(world, task, agent.create(task));
  const readings = await readPrefixes(world, trace);
  if (!readings.ok) throw new Error(readings.error);
  const split = firstDisagreement(readings.value);
  if (split === null) throw new Error(`${world.id} ${agent.id}: a gotcha whose verdicts never split`);
  return { trace, split };
}

test.describe('jump to the first disagreement on each gotcha', () => {
  for (const c of gotchas)
    test(`${c.world.id} ${c.agent.id}`, async ({ page }) => {
      const { trace, split } = await splitOf(c);
      const n = trace.steps.length;
      await page.goto(episodeUrl(c.world.id, c.task.spec, c.agent.id));
      await expect(page.getByTestId('step-counter')).toHaveText(`step ${n} / ${n}`, { timeout: 30_000 });
      await page.getByTestId('step-counter').click();
      await page.keyboard.press('Home');
      await expect(page.getByTestId('step-counter')).toHaveText(`step 0 / ${n}`);
      await expect(page.getByTestId('jump-disagreement')).toHaveText(`first disagreement (step ${split})`, { timeout: 30_000 });
      await page.getByTestId('jump-disagreement').click();
      await expect(page.getByTestId('step-counter')).toHaveText(`step ${split} / ${n}`);
      await expect(page.getByTestId(`step-${split}`)).toHaveClass(/step-selected/);
      // The two readings are drawn over the steps, a point after each (a flat line has no box to be "visible").
      for (const line of ['reading-naive', 'reading-full']) await expect(page.getByTestId(line)).toHaveAttribute('points', new RegExp(`^(\\S+ ){${n}}\\S+$`));
      // The key does the same from anywhere.
      await page.keyboard.press('Home');
      await page.keyboard.press('d');
      await expect(page.getByTestId('step-counter')).toHaveText(`step ${split} / ${n}`);
    });
});

test('faults, trips and errors: next and previous by button and key, as the typed events say', async ({ page }) => {
  const { trace, url } = await stubbornFaultApi();
  const faults = jumpTargets(trace.steps, 'fault');
  const errors = jumpTargets(trace.steps, 'error');
  expect(faults.length).toBeGreaterThan(1);
  const n = trace.steps.length;
  await page.goto(url);
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${n} / ${n}`, { timeout: 30_000 });
  await page.keyboard.press('Home');
  await page.getByTestId('jump-fault').getByRole('button', { name: 'Next fault' }).click();
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${faults[0]} / ${n}`);
  await page.keyboard.press('f');
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${faults[1]} / ${n}`);
  await page.keyboard.press('Shift+F');
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${faults[0]} / ${n}`);
  await expect(page.getByTestId('jump-fault').getByRole('button', { name: 'Previous fault' })).toBeDisabled();
  if (errors.length) {
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+E');
    await expect(page.getByTestId('step-counter')).toHaveText(`step ${errors.filter((k) => k < n).at(-1) ?? errors.at(-1)} / ${n}`);
  }
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('first disagreement of naive and full');
  await photo(page, 'jumps-fault-api');
});

test('the library opens a trace at its first disagreement', async ({ page }) => {
  const c = gotchas.find((g) => g.agent.id === 'the-skipper') ?? gotchas[0]!;
  const { trace, split } = await splitOf(c);
  const file = join(dir, 'gotcha.jsonl');
  writeFileSync(file, exportTracesJsonl([trace]));
  await page.goto('./#/traces');
  await page.getByTestId('file-input').setInputFiles(file);
  await expect(page.getByTestId('import-status')).toContainText('1 imported', { timeout: 20_000 });
  await page.getByTestId('library-row').getByTestId('open-at-split').click();
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${split} / ${trace.steps.length}`, { timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`step=${split}$`));
  await photo(page, 'jumps-library-split');
});

test('keys pressed faster than the page draws each count: → → → from the start, End then E', async ({ page }) => {
  const { trace, url } = await stubbornFaultApi();
  const errors = jumpTargets(trace.steps, 'error');
  const n = trace.steps.length;
  await page.goto(url);
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${n} / ${n}`, { timeout: 30_000 });
  await page.keyboard.press('Home');
  await expect(page.getByTestId('step-counter')).toHaveText(`step 0 / ${n}`);
  // A slow machine (the CPU throttled 20×): each key lands before the step the one before asked for is drawn.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByTestId('step-counter')).toHaveText(`step 3 / ${n}`, { timeout: 20_000 });
  if (errors.length) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+E');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page.getByTestId('step-counter')).toHaveText(`step ${errors.filter((k) => k < n).at(-1) ?? errors.at(-1)} / ${n}`, { timeout: 20_000 });
  }
});

test('the keys work from the moment the step counter shows: Home and f pressed as it first appears', async ({ page }) => {
  const { trace, url } = await stubbornFaultApi();
  const faults = jumpTargets(trace.steps, 'fault');
  const n = trace.steps.length;
  // Before the page's scripts: Home then f pressed as the counter first reads its last step.
  await page.addInitScript(pressKeysAsShown, { selector: '[data-testid="step-counter"]', text: `step ${n} / ${n}`, keys: ['Home', 'f'] });
  await page.goto(url);
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${faults[0]} / ${n}`, { timeout: 30_000 });
  expect(await keysPressed(page)).toBe(true);
});
