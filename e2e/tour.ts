import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Trace } from '../src/core/types';
import { exportTracesJsonl } from '../src/traces/export/index';
import { WORLDS as NODE_WORLDS } from '../src/worlds/registry';
import { homeTables, WORLD_ENTRIES } from '../src/ui/worlds/registry';
import { makeStudy } from '../src/traces/study/definition';
import { studyHref } from '../src/traces/study/link';
import { runReference } from './traceFixtures';

/**
 * Every view of the app, opened the way a person reaches it, with enough on it
 * to be worth looking at (steps played, traces imported, a finished episode).
 * The views spec runs its layout and accessibility checks at each stop; a world
 * added to the registry joins the tour by itself.
 */
export interface Stop {
  name: string;
  /** Opens the view and waits until what it shows has settled. */
  open(page: Page): Promise<void>;
  /** Boxes that may scroll on a phone but must fit their panel on a wide screen. */
  fitWide?: string;
}

const episodeUrl = (world: string, agent: string, task?: object) =>
  `./#/episode/${world}?agent=${encodeURIComponent(agent)}${task ? `&task=${encodeURIComponent(JSON.stringify(task))}` : ''}`;

const counter = (page: Page) => page.getByTestId('step-counter');

/** A few moves of a person's run, where the world's play panel is known here; any other world is only started. */
const FIRST_MOVES: Record<string, (page: Page) => Promise<void>> = {
  'fault-api': async (page) => {
    for (let i = 1; i <= 2; i++) {
      await page.getByRole('button', { name: 'Fetch page' }).click();
      await expect(counter(page)).toHaveText(`step ${i} / ${i}`);
    }
  },
  tripwire: async (page) => {
    await page
      .getByTestId('sql-editor')
      .fill(
        "SELECT o.id, o.status, o.amount_cents, o.placed_on, c.name, c.email, c.city, c.tier FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.status <> 'refunded' ORDER BY o.amount_cents DESC LIMIT 8",
      );
    await page.getByTestId('sql-editor').press('Control+Enter');
    await expect(counter(page)).toHaveText('step 1 / 1', { timeout: 20_000 });
    // A refused write: its message is long and must stay readable.
    await page
      .getByTestId('sql-editor')
      .fill(
        "UPDATE orders SET status = 'refunded', placed_on = '2024-01-01T00:00:00Z' WHERE id = 1045 AND customer_id IN (SELECT id FROM customers WHERE tier = 'gold')",
      );
    await page.getByTestId('sql-editor').press('Control+Enter');
    await expect(counter(page)).toHaveText('step 2 / 2', { timeout: 20_000 });
  },
  'ticket-queue': async (page) => {
    await page.getByRole('button', { name: 'List tickets' }).click();
    await expect(counter(page)).toHaveText('step 1 / 1');
    const first = await page.getByTestId('step-1').locator('.step-result').innerText();
    const id = /TQ-\d+/.exec(first)?.[0] ?? 'TQ-101';
    await page.getByTestId('ticket-id').fill(id);
    await page.getByRole('button', { name: 'Read' }).click();
    await expect(counter(page)).toHaveText('step 2 / 2');
  },
};

async function startRun(page: Page, world: string) {
  await page.goto(episodeUrl(world, 'human'));
  await page.getByTestId('start-run').click();
  await expect(counter(page)).toHaveText('step 0 / 0', { timeout: 30_000 });
}

/**
 * A library as a person has one: two reference agents of every world on its first task (what the trace and compare
 * stops show), and two vf-eval runs named as vf-eval names its files (what the imported-runs table shows).
 */
async function libraryFiles(): Promise<string[]> {
  const traces: Trace[] = [];
  for (const world of NODE_WORLDS) {
    const task = world.listTasks()[0]!;
    for (const agent of world.referenceAgents.filter((a) => a.appliesTo(task)).slice(0, 2)) traces.push(await runReference(world, task.spec, agent.id));
  }
  const dir = mkdtempSync(join(tmpdir(), 'vp-tour-'));
  const path = join(dir, 'tour.jsonl');
  writeFileSync(path, exportTracesJsonl(traces));
  const vf = readFileSync(new URL('../src/traces/import/fixtures/v0.1.2.post1/results.jsonl', import.meta.url), 'utf8');
  // Two models' runs of one env: the second scored lower (and so is another file, not the first one twice).
  const lower = vf
    .trim()
    .split('\n')
    .map((l) => JSON.stringify({ ...(JSON.parse(l) as object), reward: 0 }))
    .join('\n');
  const runs = ['wiki-search--openai--gpt-4.1-mini.jsonl', 'wiki-search--qwen--qwen3-8b-instruct-2507.jsonl'].map((name) => join(dir, name));
  writeFileSync(runs[0]!, vf);
  writeFileSync(runs[1]!, `${lower}\n`);
  return [path, ...runs];
}

/**
 * Stops that need what an earlier one left (the library's imports, a saved gotcha) are one chain, opened in one
 * page in order; chains need nothing from each other, so each starts from a fresh browser profile and they can be
 * checked side by side.
 */
export interface Chain {
  name: string;
  stops: Stop[];
}

export function tourChains(): Chain[] {
  return [libraryChain(), ...WORLD_ENTRIES.map((w) => worldChain(w.id)), homeChain(), toolsChain(), studyChain()];
}

/** The library as a person fills it, and every view reached from its rows; last, the home page with the gotcha saved on the way. */
function libraryChain(): Chain {
  const openFirstRow = async (page: Page) => {
    await page.goto('./#/traces');
    await page.getByTestId('library-row').first().getByRole('button').first().click();
    await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 30_000 });
  };
  return {
    name: 'library',
    stops: [
      {
        name: 'library',
        open: async (page) => {
          await page.goto('./#/traces');
          await page.getByTestId('file-input').setInputFiles(await libraryFiles());
          await expect(page.getByTestId('import-status')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
          await expect(page.getByTestId('import-run')).toHaveCount(3);
          await expect(page.getByTestId('library-row').first()).toBeVisible();
        },
      },
      {
        name: 'report',
        fitWide: '.report-scroll',
        open: async (page) => {
          await page.goto('./#/traces');
          await expect(page.getByTestId('library-row').first()).toBeVisible({ timeout: 30_000 });
          await page.getByTestId('report-button').click();
          await expect(page.getByTestId('report-group').first()).toBeVisible({ timeout: 30_000 });
        },
      },
      { name: 'trace', open: openFirstRow },
      {
        // A step before the end: the later steps are drawn as not yet taken, and must stay readable.
        name: 'trace-early',
        open: async (page) => {
          await openFirstRow(page);
          await page.getByRole('button', { name: 'To start' }).click();
          await page.getByRole('button', { name: 'Step forward' }).click();
          await expect(counter(page)).toHaveText(/^step 1 \//);
          await expect(page.getByTestId('provisional')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'compare',
        open: async (page) => {
          await page.goto('./#/traces');
          // Two runs of one task: the library file holds two of each world's first task.
          await page.getByTestId('library-search').fill(NODE_WORLDS[0]!.id);
          const rows = page.getByTestId('library-row');
          await expect(rows.nth(1)).toBeVisible();
          for (const i of [0, 1]) await rows.nth(i).getByRole('checkbox').check();
          await page.getByRole('button', { name: 'Compare selected' }).click();
          await expect(page.getByTestId('compare')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'gotcha',
        open: async (page) => {
          await openFirstRow(page);
          await page.getByTestId('add-gotcha').click();
          await page.getByTestId('gotcha-save').click();
          await expect(page.getByTestId('gotcha-added')).toBeVisible({ timeout: 20_000 });
          await page.goto('./#/');
          await page.getByTestId('open-gotcha').first().click();
          await expect(page.getByTestId('gotcha-banner')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        // The home page as it is once a person has saved a gotcha: their suite under the showcase tables.
        name: 'home-with-gotcha',
        open: async (page) => {
          await page.goto('./');
          await expect(page.getByTestId('user-gotcha')).toHaveCount(1, { timeout: 30_000 });
          await expect(page.getByTestId('gotcha-status')).toHaveText('unchanged', { timeout: 30_000 });
          for (const w of homeTables()) await expect(page.getByTestId(`check-${w.id}`)).toContainText('Verified in this browser', { timeout: 60_000 });
        },
      },
    ],
  };
}

/** A person's run a few moves in, a reference agent's run at its end, and (where the tour knows how) a finished run. */
function worldChain(world: string): Chain {
  const stops: Stop[] = [
    {
      name: `play-${world}`,
      open: async (page) => {
        await startRun(page, world);
        await FIRST_MOVES[world]?.(page);
      },
    },
    {
      name: `reference-${world}`,
      open: async (page) => {
        await page.goto(episodeUrl(world, 'human'));
        const agent = page.getByLabel('agent', { exact: true });
        const first = await agent.locator('option').nth(1).getAttribute('value');
        await agent.selectOption(first!);
        await expect(counter(page)).toHaveText(/step \d+ \/ \d+/, { timeout: 30_000 });
        // The focus is back on the agent picker (its keys are its own): the end is a button away.
        await page.getByRole('button', { name: 'To end' }).click();
        await expect(page.getByTestId('provisional')).toHaveCount(0, { timeout: 30_000 });
      },
    },
  ];
  const finish = FINISH[world];
  if (finish)
    stops.push({
      name: 'finished',
      open: async (page) => {
        await startRun(page, world);
        await FIRST_MOVES[world]?.(page);
        await finish(page);
        await expect(page.getByTestId('verdict-full')).toContainText(/PASS|FAIL/, { timeout: 20_000 });
      },
    });
  return { name: `world-${world}`, stops };
}

/** How the tour ends a run it has started, where it knows the world's play panel. */
const FINISH: Record<string, (page: Page) => Promise<void>> = {
  'fault-api': async (page) => {
    await page.getByRole('button', { name: /Add every record seen/ }).click();
    await page.getByRole('button', { name: /Submit records/ }).click();
  },
};

function homeChain(): Chain {
  return {
    name: 'home',
    stops: [
      {
        name: 'home',
        open: async (page) => {
          await page.goto('./');
          for (const w of homeTables()) await expect(page.getByTestId(`check-${w.id}`)).toContainText('Verified in this browser', { timeout: 60_000 });
          await expect(page.getByTestId('fault-api-calibration')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'start',
        open: async (page) => {
          await page.goto(episodeUrl(WORLD_ENTRIES[0]!.id, 'human'));
          await expect(page.getByTestId('start-run')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'diagnostics',
        open: async (page) => {
          await page.goto('./#/diagnostics');
          await expect(page.getByTestId('hashes')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'not-found',
        open: async (page) => {
          await page.goto('./#/no/such/view');
          await expect(page.getByRole('heading', { name: /Nothing at/ })).toBeVisible();
        },
      },
    ],
  };
}

function toolsChain(): Chain {
  return {
    name: 'calibration and model',
    stops: [
      { name: 'calibration', open: openCalibration, fitWide: '.matrix-wrap' },
      {
        name: 'model',
        open: async (page) => {
          await page.goto('./#/model');
          await expect(page.getByTestId('endpoint-settings')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'model-batch',
        open: async (page) => {
          await page.goto('./#/model?tab=batch');
          await expect(page.getByTestId('endpoint-settings')).toBeVisible({ timeout: 30_000 });
        },
      },
    ],
  };
}

function studyChain(): Chain {
  return {
    name: 'study',
    stops: [
      {
        name: 'study-maker',
        open: async (page) => {
          await page.goto('./#/study/new');
          await expect(page.getByTestId('maker-problem')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'study-intro',
        open: async (page) => {
          await page.goto(`./${tourStudy()}`);
          await expect(page.getByTestId('study-intro')).toBeVisible({ timeout: 30_000 });
        },
      },
      {
        name: 'study-task',
        open: async (page) => {
          await page.goto(`./${tourStudy()}`);
          await page.getByTestId('pseudonym').fill(`tour ${stopRun++}`);
          await page.getByTestId('study-begin').click();
          await page.getByTestId('study-start-task').click();
          await expect(page.getByTestId('study-clock')).toBeVisible({ timeout: 30_000 });
          await FIRST_MOVES[NODE_WORLDS[0]!.id]?.(page);
        },
      },
    ],
  };
}

let stopRun = 1;

/** A two-task study of the first world, timed, with long instructions: the participant's pages. */
function tourStudy(): string {
  const world = NODE_WORLDS[0]!;
  const study = makeStudy({
    title: 'Tour study: two tasks of the first world',
    instructions: 'Play each task as you would at work. '.repeat(8).trim(),
    tasks: world
      .listTasks()
      .slice(0, 2)
      .map((t) => ({ world: world.id, spec: t.spec })),
    order: 'fixed',
    timeLimitS: 900,
    minutes: 20,
    showScores: false,
  });
  if (!study.ok) throw new Error(study.error);
  return studyHref(study.value);
}

async function openCalibration(page: Page) {
  await page.goto('./#/calibration');
  await expect(page.getByTestId('fault-api-calibration')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('matrix-chart').first()).toBeVisible({ timeout: 90_000 });
}
