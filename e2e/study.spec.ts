import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { policyResponder } from '../src/agents/testing/policyResponder';
import { startMockServer, type MockServer } from '../src/agents/testing/mockServer';
import { runEpisode } from '../src/core/episode';
import type { Task, Trace } from '../src/core/types';
import { verifyTrace } from '../src/traces/replay';
import { makeStudy } from '../src/traces/study/definition';
import { readStudyParams, studyHref } from '../src/traces/study/link';
import { taskOrder } from '../src/traces/study/order';
import { hostileStudyFiles, PILOT } from '../src/traces/study/testing/hostileStudy';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { stubbornSolver } from '../src/worlds/fault-api/solvers';
import { AXE_SOURCE, runAxe, serious } from './axe';
import { sideScroll } from './layoutChecks';
import { importFile, savedRuns } from './traceFixtures';
import { photo } from './photo';
import { watchLongTasks } from './longTasks';

// The model endpoint runs in this Node process; the page calls it cross-origin, so it answers CORS preflights.
let server: MockServer;
test.afterEach(async () => server?.close());

const PROFILES = ['clean', 'realistic', 'hostile'] as const;
const faultTask = (profile: string, seed: number): Task => {
  const t = faultApiWorld.makeTask({ profile, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};

/** The researcher makes the study with the form, as a person would: three fault-api profiles, shuffled, 10 minutes a task, scores shown. */
async function makeStudyLink(page: Page): Promise<string> {
  await page.goto('./#/study/new');
  await page.getByTestId('maker-title').fill('Pagination baseline');
  await page.getByTestId('maker-instructions').fill('Collect every record the API lists, as you would at work.');
  for (const [i, profile] of PROFILES.entries()) {
    if (i > 0) await page.getByTestId('maker-add-task').click();
    await page
      .getByTestId(`maker-task-${i + 1}`)
      .getByLabel('profile')
      .selectOption(profile);
  }
  await page.getByTestId('maker-order').selectOption('shuffled');
  await page.getByTestId('maker-limit').fill('600');
  await page.getByTestId('maker-minutes').fill('15');
  await page.getByTestId('maker-scores').check();
  const url = await page.getByTestId('maker-link').inputValue();
  return url.slice(url.indexOf('#'));
}

type Style = 'thorough' | 'hasty';

/** One task played by clicking: fetch pages (all of them, or two), build the submission with the panel's buttons, submit. */
async function playTask(page: Page, style: Style) {
  const fetches = style === 'thorough' ? 24 : 2;
  for (let i = 1; i <= fetches; i++) {
    if (await page.getByTestId('listing-ended').isVisible()) break;
    await page.getByRole('button', { name: 'Fetch page' }).click();
    await expect(page.getByTestId('step-counter')).toHaveText(`step ${i} / ${i}`);
  }
  await page.getByRole('button', { name: /Add every record seen/ }).click();
  if (style === 'thorough') {
    await page.getByRole('button', { name: 'Dedupe by id' }).click();
    await page.getByRole('button', { name: 'Amounts to integers' }).click();
  }
  await page.getByRole('button', { name: /Submit records/ }).click();
}

/** A participant in a browser of their own: intro, pseudonym, the three tasks (one reload on the way), the download. */
async function participate(browser: Browser, href: string, pseudonym: string, style: Style, file: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`./${href}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagination baseline');
  await expect(page.getByTestId('study-time')).toHaveText(
    'About 15 minutes in all; each task has a time limit of 10 min (a clock shows what is left), so at most 30 min in all.',
  );
  await expect(page.getByTestId('study-privacy')).toContainText('Nothing leaves this browser until you download your results.');
  await page.getByTestId('pseudonym').fill(pseudonym);
  await page.getByTestId('study-begin').click();
  for (let k = 1; k <= 3; k++) {
    await expect(page.getByTestId('study-task-of')).toHaveText(`Task ${k} of 3`);
    await page.getByTestId('study-start-task').click();
    await expect(page.getByTestId('study-bar')).toContainText(`Task ${k} of 3`);
    await expect(page.getByTestId('study-clock')).toHaveText(/^(10:00|9:5\d) left$/);
    // A study never offers the verifier's events, and shows no score while playing.
    await expect(page.getByTestId('turns')).toBeVisible();
    await expect(page.getByTestId('reveal-hints')).toHaveCount(0);
    await expect(page.getByTestId('scorecard-hidden')).toHaveText('Scores are shown at the end of the study, not during it.');
    if (k === 2) {
      await page.getByRole('button', { name: 'Fetch page' }).click();
      await expect(page.getByTestId('step-counter')).toHaveText('step 1 / 1');
      await page.reload();
      await expect(page.getByTestId('study-bar')).toContainText('Task 2 of 3');
      await expect(page.getByTestId('step-counter')).toHaveText('step 1 / 1');
      await page.getByRole('button', { name: /Add every record seen/ }).click();
      await page.getByRole('button', { name: /Submit records/ }).click();
    } else await playTask(page, style);
  }
  await expect(page.getByTestId('study-done')).toContainText('All 3 tasks are done');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('study-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^study-pagination-baseline-[0-9a-f]{6}-${pseudonym}\\.jsonl$`));
  await download.saveAs(file);
  await expect(page.getByTestId('study-thanks')).toContainText(`Thank you, ${pseudonym}`);
  await expect(page.getByTestId('study-score-full')).toHaveCount(3);
  await context.close();
}

const readLines = async (file: string): Promise<Trace[]> =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Trace);

/** What the report must show, computed here from the traces: the t-interval's critical value from a table, not the app's. */
const T975: Record<number, number> = { 1: 12.706204736, 2: 4.30265273, 3: 3.182446305, 5: 2.570581836 };
function expectedMean(xs: number[]): string {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (xs.length < 2) return m.toFixed(2);
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  const half = (T975[xs.length - 1]! * sd) / Math.sqrt(xs.length);
  return `${m.toFixed(2)} [${Math.max(0, m - half).toFixed(2)}, ${Math.min(1, m + half).toFixed(2)}]`;
}
const expectedRate = (k: number, n: number) => `${k}/${n} (${Math.round((k / n) * 100)}%)`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Run {
  reward: number;
  naive: number;
  full: boolean;
  naivePass: boolean;
  calls: number;
  wallMs: number | null;
}
const runOf = (t: Trace, wallMs: number | null): Run => ({
  reward: t.scorecard!.reward,
  naive: t.scorecard!.naive,
  full: t.scorecard!.verdict.full === 'PASS',
  naivePass: t.scorecard!.verdict.naive === 'PASS',
  calls: t.steps.length,
  wallMs,
});

async function expectRow(page: Page, testId: string, runs: Run[]) {
  const row = page.getByTestId(testId);
  await expect(row.getByTestId('runs')).toHaveText(String(runs.length));
  await expect(row.getByTestId('full')).toHaveText(expectedMean(runs.map((r) => r.reward)));
  await expect(row.getByTestId('naive')).toHaveText(expectedMean(runs.map((r) => r.naive)));
  await expect(row.getByTestId('pass-full')).toHaveText(expectedRate(runs.filter((r) => r.full).length, runs.length));
  await expect(row.getByTestId('pass-naive')).toHaveText(expectedRate(runs.filter((r) => r.naivePass).length, runs.length));
  await expect(row.getByTestId('naive-pass-full-fail')).toHaveText(expectedRate(runs.filter((r) => r.naivePass && !r.full).length, runs.length));
  const gap = runs.reduce((a, r) => a + r.naive - r.reward, 0) / runs.length;
  await expect(row.getByTestId('gap')).toHaveText(`${gap >= 0 ? '+' : '−'}${Math.abs(gap).toFixed(2)}`);
  const calls = median(runs.map((r) => r.calls));
  await expect(row.getByTestId('calls')).toHaveText(Number.isInteger(calls) ? String(calls) : calls.toFixed(1));
  const times = runs.flatMap((r) => (r.wallMs === null ? [] : [r.wallMs]));
  if (times.length) {
    const s = median(times) / 1000;
    await expect(row.getByTestId('time')).toHaveText(s < 10 ? `${s.toFixed(1)} s` : s < 120 ? `${Math.round(s)} s` : `${(s / 60).toFixed(1)} min`);
  }
}

test('two participants play a 3-task study by clicking; their files beside a model batch make the report’s human baseline, and an edited file is left out', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // The baseline section is checked with axe at the end (./axe.ts).
  await page.addInitScript({ path: AXE_SOURCE });
  const tasks = PROFILES.map((p) => faultTask(p, 1));
  server = await startMockServer({ respond: policyResponder(tasks[0]!, stubbornSolver), cors: true });

  const href = await makeStudyLink(page);
  const study = readStudyParams(new URLSearchParams(href.split('?')[1]));
  expect(study.ok).toBe(true);
  if (!study.ok) return;
  expect(study.value.tasks.map((t) => t.spec)).toEqual(tasks.map((t) => t.spec));

  const files = { ada: testInfo.outputPath('ada.jsonl'), bo: testInfo.outputPath('bo.jsonl'), mallory: testInfo.outputPath('mallory.jsonl') };
  await participate(browser, href, 'ada', 'thorough', files.ada);
  await participate(browser, href, 'bo', 'hasty', files.bo);

  // Every run of both files replays here, in Node, to the score it recorded; those are the figures the report must show.
  const people = [...(await readLines(files.ada)), ...(await readLines(files.bo))];
  expect(people).toHaveLength(6);
  for (const t of people) {
    const r = await verifyTrace(faultApiWorld, t);
    expect(r.ok && r.value.status).toBe('match');
    expect(r.ok && r.value.trace.scorecard!.reward).toBe(t.scorecard!.reward);
  }
  const human = (t: Trace) => runOf(t, (t.meta!.study as { wallMs: number }).wallMs);
  const taskOf = (t: Trace) => (t.meta!.study as { task: number }).task;

  // An edited copy of bo's file, under another name (each run put where mallory's order has it): a changed score, a removed step.
  const mallorysPlace = (task: number) => taskOrder(study.value, 'mallory').indexOf(task - 1) + 1;
  const forged = (await readLines(files.bo)).map((t) => {
    const m = t.meta!.study as unknown as { task: number };
    return { ...t, meta: { ...t.meta, study: { ...(t.meta!.study as object), pseudonym: 'mallory', position: mallorysPlace(m.task) } } };
  });
  forged[0]!.scorecard!.reward = 1;
  forged[1]!.steps = forged[1]!.steps.slice(1).map((s, i) => ({ ...s, index: i }));
  await writeFile(files.mallory, forged.map((t) => JSON.stringify(t)).join('\n') + '\n');

  // The model batch on the same tasks, in the researcher's browser.
  const models = await Promise.all(tasks.flatMap((t) => [runEpisode(faultApiWorld, t, stubbornSolver()), runEpisode(faultApiWorld, t, stubbornSolver())]));
  await page.goto(`./#/model?tab=batch&world=fault-api&task=${encodeURIComponent(JSON.stringify({ profile: 'clean', seed: 1 }))}`);
  await page.getByTestId('base-url').fill(server.baseUrl);
  await page.getByTestId('model-name').fill('mock-model');
  for (const p of ['realistic', 'hostile']) await page.getByTestId(`batch-task-${p}`).check();
  await page.getByTestId('batch-seeds').fill('1');
  await page.getByTestId('batch-rollouts').fill('2');
  await page.getByTestId('batch-concurrency').fill('3');
  await page.getByTestId('batch-start').click();
  await expect(page.getByTestId('batch-outcome')).toContainText('6 finished and saved', { timeout: 60_000 });

  await page.goto('./#/traces');
  await importFile(page, [files.ada, files.bo, files.mallory]);
  await page.getByTestId('report-button').click();
  // Nothing is held to a study until the reader gives it: the report says so, and takes no title from the files.
  await expect(page.getByTestId('study-unchecked')).toContainText('Not checked against a study.');
  const table = page.getByTestId(`baseline-${study.value.id}`);
  await expect(table.getByRole('heading', { level: 2 })).toContainText(
    `study ${study.value.id}, not checked against the study (its files call it “Pagination baseline”)`,
  );
  await page.getByTestId('study-given-link').fill(`https://example.org/vp/${href}`);
  await page.getByTestId('study-given-check').click();
  await expect(page.getByTestId('study-given')).toContainText('Held to the study “Pagination baseline”');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('baseline-verifying')).toHaveCount(0, { timeout: 30_000 });
  await expect(table.getByRole('heading', { level: 2 })).toContainText('Human baseline: Pagination baseline');
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 2)');
  await expect(table.getByTestId('bl-all-mock-model').getByRole('cell').first()).toHaveText('mock-model (n = 6)');

  await expectRow(page, 'bl-all-human', people.map(human));
  await expectRow(
    page,
    'bl-all-mock-model',
    models.map((t) => runOf(t, null)),
  );
  for (const n of [1, 2, 3]) {
    await expectRow(page, `bl-${n}-human`, people.filter((t) => taskOf(t) === n).map(human));
    await expectRow(
      page,
      `bl-${n}-mock-model`,
      models.filter((t) => t.task.profile === PROFILES[n - 1]).map((t) => runOf(t, null)),
    );
  }

  // The edited file: flagged with why, and out of the figures above; as the copy it is, it implicates no one (bo's file still counts).
  const left = table.getByTestId('baseline-left-out');
  await expect(left.getByTestId('baseline-run')).toHaveCount(1);
  await expect(left.getByTestId('baseline-run')).toContainText('edited: the file mallory.jsonl (mallory, 3 runs)');
  await expect(left).toContainText('its checksum does not match its content: the file was edited after it was downloaded');
  await expect(left).toContainText(`the file says full 1.00 ${forged[0]!.scorecard!.verdict.full}; its replay scores`);
  await expect(left).toContainText("call for call and to the millisecond, bo's in bo.jsonl: one is a copy of the other");
  await photo(page, 'study-report-page', testInfo, { fullPage: true });
  await photo(table, 'study-report');

  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('baseline-csv').click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  const overall = people.map((t) => t.scorecard!.reward);
  const mean = overall.reduce((a, b) => a + b, 0) / overall.length;
  const humanLine = csv.split('\r\n').find((l) => l.startsWith(`${study.value.id},Pagination baseline,all 3 tasks,human,human,2,6,`))!;
  expect(Number(humanLine.split(',')[7])).toBeCloseTo(mean, 12);
  const svgDownload = page.waitForEvent('download');
  await page.getByTestId('baseline-svg').click();
  expect(await readFile(await (await svgDownload).path(), 'utf8')).toMatch(/^<svg [^>]*>[\s\S]*human \(n = 2\)[\s\S]*mock-model \(n = 6\)[\s\S]*<\/svg>$/);

  // The reader includes the edited file: it counts (with its replay's scores), and can be left out again.
  await left.getByTestId('baseline-include').first().click();
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 3)');
  await expect(table.getByTestId('bl-all-human').getByTestId('runs')).toHaveText('9');
  await expect(left).toContainText('included by you: the file mallory.jsonl');
  await left.getByTestId('baseline-include').first().click();
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 2)');

  // The baseline section reads as it looks: nothing serious for axe, light and dark; on a phone its table scrolls in its own box.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { found } = await runAxe(page, { include: '[data-testid="baselines"]' });
    expect(
      found.filter(serious).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`),
      scheme,
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await expect.poll(async () => (await sideScroll(page)).over).toBeLessThanOrEqual(0);
});

test('a study link that was edited or cut short says what is wrong, and starts nothing', async ({ page }) => {
  const made = faultTask('clean', 1);
  await page.goto('./#/study/new');
  await page.getByTestId('maker-title').fill('Short');
  await expect(page.getByTestId('maker-link')).toHaveValue(/#\/study\?v=1&id=[0-9a-f]{16}&n=1&title=Short/);
  const href = (await page.getByTestId('maker-link').inputValue()).replace(/^.*#/, '#');
  expect(href).toContain(encodeURIComponent(JSON.stringify(made.spec.profile)));
  await page.goto(`./${href.replace('title=Short', 'title=Long')}`);
  await expect(page.getByTestId('study-link-problem')).toContainText('the link was changed after it was made: its content does not hash to its id');
  await page.goto(`./${href.slice(0, href.indexOf('&task='))}`);
  await expect(page.getByTestId('study-link-problem')).toHaveText('the link says it has 1 task but lists 0: it was cut short (copy the whole link)');
  await page.goto(`./${href.replace('v=1', 'v=9')}`);
  await expect(page.getByTestId('study-link-problem')).toHaveText(
    'this study link is version 9; this site reads version 1: open the link on a newer copy of the site',
  );
  await expect(page.getByTestId('pseudonym')).toHaveCount(0);
});

test('the clock of a timed task counts down, and ends the task when it runs out', async ({ page }) => {
  const tasks = [faultTask('clean', 1), faultTask('clean', 2)];
  const made = makeStudy({
    title: 'Timed',
    instructions: '',
    tasks: tasks.map((t) => ({ world: 'fault-api', spec: t.spec })),
    order: 'fixed',
    timeLimitS: 30,
    minutes: null,
    showScores: false,
  });
  if (!made.ok) throw new Error(made.error);
  await page.clock.install();
  await page.goto(`./${studyHref(made.value)}`);
  await expect(page.getByTestId('study-time')).toHaveText('Each task has a time limit of 30 s (a clock shows what is left), so at most 1 min in all.');
  await page.getByTestId('pseudonym').fill('ada');
  await page.getByTestId('study-begin').click();
  await page.getByTestId('study-start-task').click();
  await expect(page.getByTestId('study-clock')).toHaveText('0:30 left');
  await page.getByRole('button', { name: 'Fetch page' }).click();
  await expect(page.getByTestId('step-counter')).toHaveText('step 1 / 1');
  await page.clock.runFor(12_000);
  await expect(page.getByTestId('study-clock')).toHaveText(/^0:1[89] left$/);
  await page.clock.runFor(20_000);
  await expect(page.getByTestId('study-task-of')).toHaveText('Task 2 of 2');
  const runs = await savedRuns(page);
  expect(runs).toHaveLength(1);
  expect(runs[0]!.trace.stop).toEqual({ reason: 'budget', terminated: false, truncated: true, detail: "the study's time limit of 30 s per task ran out" });
  expect(runs[0]!.trace.steps).toHaveLength(1);
});

test('hostile results files: held to the study the reader gives, each forged file is listed with why and counted only by choice', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const hostile = await hostileStudyFiles();
  const paths: string[] = [];
  for (const [name, text] of Object.entries(hostile.files)) {
    const path = testInfo.outputPath(name);
    await writeFile(path, text);
    paths.push(path);
  }
  await page.goto('./#/traces');
  await importFile(page, paths);
  await page.getByTestId('report-button').click();
  const table = page.getByTestId(`baseline-${PILOT.id}`);
  await expect(page.getByTestId('baseline-verifying')).toHaveCount(0, { timeout: 30_000 });
  // Unchecked: the files' own claims, said to be so.
  await expect(page.getByTestId('study-unchecked')).toBeVisible();
  await expect(table.getByRole('heading', { level: 2 })).toContainText('not checked against the study (its files call it “Pagination pilot” or “Retry study”)');
  await expect(table.locator('tr.task-head').first()).toHaveText('all 3 tasks the files name');
  await photo(page, 'study-report-unchecked', testInfo);

  // The study's definition file, as `vp study make --json` prints it.
  const def = testInfo.outputPath('pilot.json');
  await writeFile(def, JSON.stringify({ study: PILOT, href: studyHref(PILOT), url: null }));
  await page.getByTestId('study-given-file').setInputFiles(def);
  await expect(page.getByTestId('study-given')).toContainText('Held to the study “Pagination pilot” (study');
  await expect(page.getByTestId('study-given')).toContainText('2 tasks, fixed order, 10 min per task, hints never');
  await expect(table.getByRole('heading', { level: 2 })).toContainText('Human baseline: Pagination pilot');
  await expect(table.locator('tr.task-head').first()).toHaveText('all 2 tasks');
  await expect(table.locator('tr.task-head')).toHaveCount(3);
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 2)');
  await expect(table.getByTestId('bl-all-human').getByTestId('runs')).toHaveText('4');

  const left = table.getByTestId('baseline-left-out');
  const line = (status: string, file: string) => left.locator(`[data-status="${status}"]`).filter({ hasText: `the file ${file} ` });
  await expect(line('several', 'crowd.jsonl')).toContainText('several participants in one file: the file crowd.jsonl (10 pseudonyms, 20 runs)');
  await expect(line('several', 'crowd.jsonl')).toContainText('the file holds runs under 10 pseudonyms (p01, p02, p03, p04 and 6 more)');
  await expect(line('copy', 'eve.jsonl')).toContainText("call for call and to the millisecond, bo's in bo.jsonl");
  await expect(line('copy', 'bo.jsonl')).toContainText("eve's in eve.jsonl");
  await expect(line('reused', 'ada-again.jsonl')).toContainText('the pseudonym ada also has runs in ada.jsonl');
  await expect(line('foreign', 'cy-relabelled.jsonl')).toContainText('its file calls the study "Retry study"; the study is "Pagination pilot"');
  await expect(line('foreign', 'di-20min.jsonl')).toContainText("it was played with a time limit of 20 min per task; the study's is 10 min per task");
  await expect(line('foreign', 'fay-extra-task.jsonl')).toContainText("its task (fault-api · realistic seed 1) is not one of the study's 2 tasks");
  await expect(line('edited', 'fay-extra-task.jsonl')).toContainText('the same file holds a run that is not of this study');
  await expect(left.locator('[data-status="foreign"]').getByTestId('baseline-include')).toHaveCount(0);
  await photo(page, 'study-report-hostile', testInfo, { fullPage: true });

  // The reader counts the crowd file anyway: by choice, in the address; n counts its ten pseudonyms.
  await line('several', 'crowd.jsonl').getByTestId('baseline-include').click();
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 12)');
  await expect(page).toHaveURL(/include=/);
  await expect(page).toHaveURL(/study=v%3D1/);
  await page.reload();
  await expect(page.getByTestId('study-given')).toContainText('Held to the study “Pagination pilot”');
  await expect(table.getByTestId('bl-all-human').getByRole('cell').first()).toHaveText('human (n = 12)', { timeout: 30_000 });
  await expect(left.locator('[data-status="included"]')).toContainText('included by you: the file crowd.jsonl');
});

test('a study link past studyLinkChars, or naming more than studyTasks tasks, is refused at once and starts nothing', async ({ page }) => {
  await page.goto('./#/study/new');
  await expect(page.getByTestId('maker-title')).toBeVisible();
  const open = async (query: string) => {
    const long = await watchLongTasks(page);
    // Set from the page: a navigation of a 2 MB address is the browser's own time, not the page's.
    await page.evaluate((q) => {
      location.hash = `#/study?${q}`;
    }, query);
    await expect(page.getByTestId('study-link-problem')).toBeVisible({ timeout: 60_000 });
    // The browser's own handling of a 2 MB address is most of it (~0.6 s measured; the link's check itself ~0.1 s).
    const longest = Math.max(0, ...(await long.read()));
    console.log(`a study link of ${query.length.toLocaleString('en-US')} characters: longest task ${longest} ms`);
    expect(longest).toBeLessThan(2_000);
  };
  // 56 tasks of 19 kB specs: 1.07 MB, just past the limit (the 1.9 MB link that froze the page is refused the same way, by its length first).
  const big = new URLSearchParams({ v: '1', id: '0123456789abcdef', n: '56', title: 't', order: 'fixed', scores: 'hidden', hints: 'never' });
  for (let i = 0; i < 56; i++) big.append('task', `fault-api:${JSON.stringify({ profile: 'clean', seed: i, pad: 'x'.repeat(19_000) })}`);
  await open(big.toString());
  await expect(page.getByTestId('study-link-problem')).toContainText('over the studyLinkChars limit of 1 MiB');
  // One task too many (the count is read before any task: linkLimits.test.ts checks a 20,000-task link is refused unread).
  const many = new URLSearchParams({ v: '1', id: '0123456789abcdef', n: '101', title: 't', order: 'fixed', scores: 'hidden', hints: 'never' });
  for (let i = 0; i < 101; i++) many.append('task', `fault-api:{"seed":${i}}`);
  await open(many.toString());
  await expect(page.getByTestId('study-link-problem')).toHaveText('the link: n=101 tasks, over the studyTasks limit of 100 (tasks in one study)');
  await expect(page.getByTestId('pseudonym')).toHaveCount(0);
});
