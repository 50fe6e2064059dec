import { savedRuns } from './traceFixtures';
import { expect, test, type Page } from '@playwright/test';
import { policyResponder } from '../src/agents/testing/policyResponder';
import { startMockServer, type MockServer } from '../src/agents/testing/mockServer';
import { runEpisode } from '../src/core/episode';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { carefulSolver } from '../src/worlds/fault-api/solvers';
import { tripwireWorld } from '../src/worlds/tripwire/index';
import { photo } from './photo';

let server: MockServer;
test.afterEach(async () => server?.close());

const made = tripwireWorld.makeTask({ id: 'refund-a' });
if (!made.ok) throw new Error(made.error);
const task = made.value;
const skipper = tripwireWorld.referenceAgents.find((a) => a.id === 'the-skipper')!;
const order = /#(\d+)/.exec(task.prompt[1]!.content)![1]!;

async function runSql(page: Page, query: string, k: number) {
  await page.getByTestId('sql-editor').fill(query);
  await page.getByTestId('sql-editor').press('Control+Enter');
  await expect(page.getByTestId('step-counter')).toHaveText(`step ${k} / ${k}`, { timeout: 20_000 });
}

test('a model run that skips the identity check, continued by a person from step 1, reaches the full pass; the library links parent and fork', async ({
  page,
}) => {
  // The "model" is the skipper: it refunds without reading who the customer is (naive PASS, full FAIL).
  server = await startMockServer({ respond: policyResponder(task, () => skipper.create(task)), cors: true });
  const reference = await runEpisode(tripwireWorld, task, skipper.create(task));
  await page.goto(`./#/model?world=tripwire&task=${encodeURIComponent(JSON.stringify(task.spec))}`);
  await page.getByTestId('base-url').fill(server.baseUrl);
  await page.getByTestId('model-name').fill('mock-model');
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: submitted', { timeout: 30_000 });
  await expect(page.getByTestId('saved')).toContainText('Saved');
  await expect(page.getByTestId('verdict-full')).toContainText(`${reference.scorecard!.reward.toFixed(2)} FAIL`);
  const [parent] = await savedRuns(page);

  // Step 1 (the amount read) is kept; a person takes it from there.
  await page.getByTestId('step-1').getByRole('button').first().click();
  await expect(page.getByTestId('fork-bar')).toContainText('Continue from step 1 as');
  await page.getByTestId('fork-human').click();
  await expect(page.getByTestId('step-counter')).toHaveText('step 1 / 1', { timeout: 20_000 });
  await expect(page.getByTestId('step-1')).toContainText('run_sql');
  await runSql(page, `SELECT c.name, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.id = ${order}`, 2);
  await runSql(page, `UPDATE orders SET status = 'refunded' WHERE id = ${order}`, 3);
  await runSql(page, `INSERT INTO audit_log (order_id, action, actor, note) VALUES (${order}, 'refund', 'agent', 'verified')`, 4);
  const amount = JSON.parse(reference.steps[0]!.result.content).rows[0][0] as number;
  await page.getByTestId('answer-input').fill(`$${(amount / 100).toFixed(2)}`);
  await page.getByRole('button', { name: /Submit answer/ }).click();
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS', { timeout: 20_000 });

  const child = (await savedRuns(page)).find((r) => r.id !== parent!.id)!;
  expect(child.finished).toBe(true);
  expect(child.trace.agent.kind).toBe('human');
  expect(child.trace.meta?.parent).toMatchObject({ trace: parent!.id, step: 1 });
  expect(child.trace.steps[0]).toEqual(parent!.trace.steps[0]);

  // One click each way: the library row of the fork leads to its parent, the parent to the fork.
  await page.goto('./#/traces');
  await expect(page.getByTestId('library-row')).toHaveCount(2, { timeout: 20_000 });
  const childRow = page.getByTestId('library-row').filter({ has: page.getByTestId('lineage-parent') });
  await childRow.getByTestId('lineage-parent').click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('step-counter')).toHaveText(`step 1 / ${parent!.trace.steps.length}`);
  await expect(page.getByTestId('trace-lineage')).toContainText('Continued in: human from step 1');
  await photo(page, 'fork-parent', undefined, { fullPage: true });
  await page.getByTestId('trace-lineage').getByTestId('lineage-child').click();
  await expect(page.getByTestId('trace-lineage')).toContainText(`Forked from ${parent!.id} at step 1`, { timeout: 20_000 });
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS');
  await photo(page, 'fork-child', undefined, { fullPage: true });
});

test('“what would the careful solver do from here?”: the stubborn run on a hostile API, continued by the careful oracle from step 3, passes', async ({
  page,
}) => {
  const spec = { profile: 'hostile', seed: 6 };
  await page.goto(`./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify(spec))}&agent=stubborn&step=3`);
  await expect(page.getByTestId('step-counter')).toHaveText(/step 3 \//, { timeout: 30_000 });
  await expect(page.getByTestId('verdict-full')).toContainText('FAIL');
  await page.getByTestId('fork-agent').selectOption('careful');
  await page.getByTestId('fork-reference').click();
  await expect(page.getByTestId('trace-lineage')).toContainText('Forked from reference agent stubborn at step 3', { timeout: 30_000 });
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS');
  // The parent is not a library entry: its link goes back to the reference agent's episode at the fork's step.
  await page.getByTestId('trace-lineage').getByTestId('lineage-parent').click();
  await expect(page.getByTestId('step-counter')).toHaveText(/step \d+ \//, { timeout: 30_000 });
  await expect(page).toHaveURL(/agent=stubborn/);
});

test('a fork of a trace in the library, to a reference agent, opens at once (no reload)', async ({ page }) => {
  const spec = { profile: 'hostile', seed: 6 };
  await page.goto(`./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify(spec))}&agent=stubborn&step=3`);
  await expect(page.getByTestId('step-counter')).toHaveText(/step 3 \//, { timeout: 30_000 });
  await page.getByTestId('fork-agent').selectOption('careful');
  await page.getByTestId('fork-reference').click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 30_000 });
  const first = page.url();
  // Now from the trace view itself: the second fork is saved while this view is open, and must open in it.
  await page.getByTestId('step-2').getByRole('button').first().click();
  await expect(page.getByTestId('fork-bar')).toContainText('Continue from step 2 as');
  await page.getByTestId('fork-agent').selectOption('trusting');
  await page.getByTestId('fork-reference').click();
  await expect.poll(() => page.url()).not.toBe(first);
  await expect(page.getByRole('heading', { name: /No trace/ })).toHaveCount(0);
  await expect(page.getByTestId('trace-lineage')).toContainText('at step 2', { timeout: 30_000 });
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('episode-stop')).toContainText('trusting');
});

test('a run handed to the model at step 3: the model view replays the kept calls, shows them to the model as its own, and it finishes the task', async ({
  page,
}) => {
  const made = faultApiWorld.makeTask({ profile: 'hostile', seed: 6 });
  if (!made.ok) throw new Error(made.error);
  // The "model" plays the careful solver on whatever steps its messages show: the three kept ones included.
  server = await startMockServer({ respond: policyResponder(made.value, carefulSolver), cors: true });
  await page.goto(`./#/episode/fault-api?task=${encodeURIComponent(JSON.stringify(made.value.spec))}&agent=stubborn&step=3`);
  await expect(page.getByTestId('step-counter')).toHaveText(/step 3 \//, { timeout: 30_000 });
  await page.getByTestId('fork-model').click();
  await expect(page.getByTestId('fork-offered')).toContainText('Continues reference agent stubborn from step 3');
  await page.getByTestId('base-url').fill(server.baseUrl);
  await page.getByTestId('model-name').fill('mock-model');
  await page.getByTestId('driver').selectOption('history');
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: submitted', { timeout: 30_000 });
  await expect(page.getByTestId('verdict-full')).toContainText('1.00 PASS');
  const first = (server.completions()[0]!.body as { messages: { role: string; tool_call_id?: string }[] }).messages;
  expect(first.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(['vp_prior_1', 'vp_prior_2', 'vp_prior_3']);
  await expect(page.getByTestId('saved')).toContainText('Saved');
  const [run] = await savedRuns(page);
  expect(run!.trace.meta?.parent).toMatchObject({ trace: 'reference agent stubborn', step: 3 });
  expect(run!.trace.meta?.model).toMatchObject({ driver: 'history' });
});
