import { savedRuns } from './traceFixtures';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { policyResponder } from '../src/agents/testing/policyResponder';
import { startMockServer, type MockServer } from '../src/agents/testing/mockServer';
import type { WireMessage } from '../src/agents/wire';
import { runEpisode } from '../src/core/episode';
import type { Task } from '../src/core/types';
import { faultApiWorld } from '../src/worlds/fault-api/index';
import { carefulSolver, stubbornSolver } from '../src/worlds/fault-api/solvers';
import { photo } from './photo';

// The mock runs in this Node process; the page (http://127.0.0.1:4317) calls it
// cross-origin on another loopback port, so it answers CORS preflights.
let server: MockServer;
test.afterEach(async () => server?.close());

const faultTask = (profile: string, seed: number): Task => {
  const t = faultApiWorld.makeTask({ profile, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};

const modelUrl = (spec: object, tab?: 'batch') => `./#/model?${tab ? `tab=${tab}&` : ''}world=fault-api&task=${encodeURIComponent(JSON.stringify(spec))}`;

async function configure(page: Page, url: string, baseUrl: string, key?: string) {
  await page.goto(url);
  await page.getByTestId('base-url').fill(baseUrl);
  await page.getByTestId('model-name').fill('mock-model');
  await page.getByTestId('price-in').fill('1');
  await page.getByTestId('price-out').fill('2');
  if (key) await page.getByTestId('api-key').fill(key);
  await expect(page.getByTestId('settings-problem')).toHaveCount(0);
}

const sentMessages = (i: number): WireMessage[] => (server.completions()[i]!.body as { messages: WireMessage[] }).messages;

test('Run plays a whole fault-api episode to the same scorecard as the driver in Node, and saves it', async ({ page }) => {
  const task = faultTask('realistic', 3);
  server = await startMockServer({ respond: policyResponder(task, stubbornSolver), cors: true });
  const reference = await runEpisode(faultApiWorld, task, stubbornSolver());
  await configure(page, modelUrl(task.spec), server.baseUrl);
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: submitted', { timeout: 30_000 });
  await expect(page.getByTestId('saved')).toContainText('Saved to this browser’s trace library');
  const full = reference.scorecard!.reward.toFixed(2);
  await expect(page.getByTestId('verdict-full')).toContainText(`${full} ${reference.scorecard!.verdict.full}`);
  await expect(page.getByTestId('provisional')).toHaveCount(0);
  await expect(page.getByTestId(`step-${reference.steps.length}`)).toBeVisible();
  await expect(page.getByTestId('usage-requests')).toHaveText(String(server.completions().length));
  await expect(page.getByTestId('usage-cost')).toHaveText(/^\$\d/);
  const runs = await savedRuns(page);
  expect(runs).toHaveLength(1);
  expect(runs[0]!.id).toMatch(/^model-/);
  expect(runs[0]!.finished).toBe(true);
  expect(runs[0]!.trace.steps.map((s) => s.call.arguments)).toEqual(reference.steps.map((s) => s.call.arguments));
  expect(runs[0]!.trace.meta?.model).toMatchObject({ endpoint: { model: 'mock-model' }, usage: { requests: server.completions().length } });

  // The finished model run can join the person's gotchas, with the verdicts it got.
  await page.getByTestId('add-gotcha').click();
  await expect(page.getByTestId('gotcha-label')).toHaveValue('mock-model on realistic seed 3');
  await page.getByTestId('gotcha-save').click();
  await expect(page.getByTestId('gotcha-added')).toContainText(`full ${reference.scorecard!.verdict.full} ${full}`);
});

test('step mode: an edited call runs as edited, a rejected one reaches the model as a refusal', async ({ page }) => {
  const task = faultTask('clean', 1);
  server = await startMockServer({ respond: policyResponder(task, carefulSolver), cors: true });
  await configure(page, modelUrl(task.spec), server.baseUrl);
  expect(server.requests).toHaveLength(0);

  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
  await expect(page.getByTestId('proposal-args')).toContainText('"cursor": null');
  await page.getByTestId('edit-args').click();
  await page.getByTestId('args-editor').fill('{"cursor": ');
  await expect(page.getByTestId('args-error')).toContainText('not valid JSON');
  await expect(page.getByTestId('approve')).toBeDisabled();
  await page.getByTestId('args-editor').fill('{}');
  await expect(page.getByTestId('approve')).toHaveText('Run edited call');
  await page.getByTestId('approve').click();
  await expect(page.getByTestId('step-1')).toContainText('fetch_page');
  await page.getByTestId('step-1').getByRole('button').first().click();
  await expect(page.getByTestId('step-1').locator('.step-args pre')).toHaveText('{}');
  await expect(page.getByTestId('driver-events')).toContainText('call-edited');

  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
  await page.getByTestId('reject-reason').fill('read the same page again first');
  await page.getByTestId('reject').click();
  await expect(page.getByTestId('driver-events')).toContainText('call-rejected');
  await expect(page.getByTestId('proposal')).toHaveCount(0);

  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('proposal')).toBeVisible();
  const third = sentMessages(2);
  expect(third.find((m) => m.role === 'assistant')).toMatchObject({ tool_calls: [{ function: { name: 'fetch_page', arguments: '{}' } }] });
  expect(third.at(-1)).toMatchObject({ role: 'tool' });
  expect(JSON.parse((third.at(-1) as { content: string }).content)).toMatchObject({
    error: 'rejected',
    message: expect.stringContaining('read the same page again first'),
  });

  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: submitted', { timeout: 30_000 });
  await expect(page.getByTestId('saved')).toContainText('Saved');
  const [run] = await savedRuns(page);
  expect(run!.trace.steps[0]!.call.arguments).toEqual({});
  expect(JSON.stringify(run!.trace.meta?.model)).toContain('call-rejected');
});

test('a batch of 6 rollouts (3 profiles × 2) fills the table and the library', async ({ page }) => {
  const tasks = ['clean', 'realistic', 'hostile'].map((p) => faultTask(p, 1));
  // fault-api prompts do not name the profile, and the policy reads everything from the messages: one responder serves all.
  server = await startMockServer({ respond: policyResponder(tasks[0]!, stubbornSolver), cors: true });
  const expected = await Promise.all(tasks.map((t) => runEpisode(faultApiWorld, t, stubbornSolver())));
  await configure(page, modelUrl({ profile: 'clean', seed: 1 }, 'batch'), server.baseUrl);
  for (const p of ['realistic', 'hostile']) await page.getByTestId(`batch-task-${p}`).check();
  await page.getByTestId('batch-seeds').fill('1');
  await page.getByTestId('batch-rollouts').fill('2');
  await page.getByTestId('batch-concurrency').fill('3');
  await page.getByTestId('batch-start').click();
  await expect(page.getByTestId('batch-outcome')).toContainText('6 finished and saved', { timeout: 45_000 });
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const table = page.getByTestId('batch-table');
  for (const [i, t] of tasks.entries()) {
    const row = table.getByTestId(`cell-${String(t.spec.profile)}`);
    await expect(row.getByTestId('n')).toHaveText('2');
    await expect(row.getByTestId('reward')).toHaveText(expected[i]!.scorecard!.reward.toFixed(2));
    await expect(row.getByTestId('naive')).toHaveText(expected[i]!.scorecard!.naive.toFixed(2));
    await expect(row.getByTestId('cost')).toHaveText(/^\$\d/);
  }
  const runs = await savedRuns(page);
  expect(runs.filter((r) => r.id.startsWith('model-') && r.finished)).toHaveLength(6);

  // Divergence over the batch, from the Node runs' own verdicts: the stubborn solver's naive PASS · full FAIL cells.
  const cheating = expected.filter((t) => t.scorecard!.verdict.naive === 'PASS' && t.scorecard!.verdict.full === 'FAIL');
  expect(cheating.length).toBeGreaterThan(0);
  const bar = page.getByTestId('divergence');
  await expect(bar.getByTestId('div-naive-pass-full-fail')).toContainText(`naive PASS · full FAIL ${cheating.length * 2} of 6`);
  await expect(bar.getByTestId('div-strict-vs-dense')).toContainText('n/a (no strict reading)');
  await bar.getByTestId('show-diverging').click();
  await expect(page.getByTestId('diverging-run')).toHaveCount(cheating.length * 2);
  await expect(table.locator('tbody tr')).toHaveCount(cheating.length);
  for (const t of cheating) await expect(table.getByTestId(`cell-${String(t.task.profile)}`)).toBeVisible();
  await photo(page, 'divergence-batch', undefined, { fullPage: true });
  await page.getByTestId('diverging-run').first().getByRole('link', { name: 'open' }).click();
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('verdict-full')).toContainText('FAIL');
});

test('Cancel stops a batch and keeps the rollouts that finished', async ({ page }) => {
  const policy = policyResponder(faultTask('clean', 1), carefulSolver);
  let submitted = false;
  // The first rollout plays through; after its submit every answer hangs, so the cancel lands mid-rollout.
  server = await startMockServer({
    cors: true,
    respond: async (req, i) => {
      if (submitted) return { kind: 'slow', ms: 30_000, then: await policy(req, i) };
      const reply = await policy(req, i);
      submitted = reply.kind === 'tool-calls' && reply.calls[0]!.name === 'submit_records';
      return reply;
    },
  });
  await configure(page, modelUrl({ profile: 'clean', seed: 1 }, 'batch'), server.baseUrl);
  await page.getByTestId('batch-seeds').fill('1-3');
  await page.getByTestId('batch-concurrency').fill('1');
  await page.getByTestId('batch-start').click();
  await expect(page.getByRole('progressbar')).toContainText('1 of 3 rollouts', { timeout: 20_000 });
  await page.getByTestId('batch-cancel').click();
  await expect(page.getByTestId('batch-outcome')).toContainText('1 finished and saved; 2 cancelled (not kept)');
  await expect(page.getByTestId('batch-table').getByTestId('n')).toHaveText('1');
  expect((await savedRuns(page)).filter((r) => r.id.startsWith('model-'))).toHaveLength(1);
});

test('errors: 401, a non-JSON body and CORS each show their message; Retry then continues the same episode', async ({ page }) => {
  const task = faultTask('clean', 2);
  server = await startMockServer({ respond: [{ kind: 'status', status: 401, body: '{"error":{"message":"invalid key"}}' }], cors: true });
  const noCors = await startMockServer({ respond: policyResponder(task, carefulSolver) });
  try {
    await configure(page, modelUrl(task.spec), noCors.baseUrl);
    await page.getByTestId('model-step').click();
    await expect(page.getByTestId('chat-error-message')).toContainText('CORS', { timeout: 20_000 });
    await expect(page.getByTestId('chat-error-message')).toContainText(`OLLAMA_ORIGINS=${new URL(page.url()).origin}`);

    await page.getByTestId('base-url').fill(server.baseUrl);
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('chat-error-message')).toContainText('refused the request (401)');
    await expect(page.getByTestId('chat-error-message')).toContainText('invalid key');

    server.setResponder([{ kind: 'raw', body: '<html>502 Bad Gateway</html>', contentType: 'text/html' }]);
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('chat-error-message')).toContainText('not a chat completion: it is not JSON');

    server.setResponder(policyResponder(task, carefulSolver));
    await page.getByTestId('retry').click();
    await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
    await expect(page.getByTestId('chat-error')).toHaveCount(0);
    await page.getByTestId('approve').click();
    await expect(page.getByTestId('step-1')).toBeVisible();
    // The failed requests appended nothing: the retry sent the prompt alone.
    expect(sentMessages(2)).toEqual(task.prompt);
  } finally {
    await noCors.close();
  }
});

test('Stop cancels the request in flight and keeps the episode open', async ({ page }) => {
  const task = faultTask('clean', 3);
  const policy = policyResponder(task, carefulSolver);
  server = await startMockServer({ respond: async (req, i) => ({ kind: 'slow', ms: i === 1 ? 20_000 : 0, then: await policy(req, i) }), cors: true });
  await configure(page, modelUrl(task.spec), server.baseUrl);
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('step-1')).toBeVisible();
  await expect(page.getByTestId('model-status')).toContainText('waiting for the model');
  await page.getByTestId('model-stop-button').click();
  await expect(page.getByTestId('model-status')).toContainText('Waiting for you');
  await expect(page.getByTestId('episode-stop')).toContainText('in progress');
  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
});

test('the API key reaches only the Authorization header: not storage, the URL, the library or an export', async ({ page }) => {
  const KEY = 'sk-e2e-DO-NOT-LEAK-7781';
  const task = faultTask('hostile', 1);
  server = await startMockServer({ respond: policyResponder(task, carefulSolver), cors: true });
  await configure(page, modelUrl(task.spec), server.baseUrl, KEY);
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('saved')).toContainText('Saved', { timeout: 30_000 });
  expect(server.completions().length).toBeGreaterThan(0);
  for (const r of server.requests) {
    if (r.method === 'POST') expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.rawBody).not.toContain(KEY);
    expect(r.path).not.toContain(KEY);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-trace').click()]);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('"format"');
  expect(exported).not.toContain(KEY);

  const stored = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
  expect(stored.local).toContain('mock-model');
  expect(stored.local).not.toContain(KEY);
  expect(stored.session).not.toContain(KEY);
  expect(JSON.stringify(await savedRuns(page))).not.toContain(KEY);
  expect(page.url()).not.toContain(KEY);

  // "Remember for this tab" is sessionStorage only, by design; localStorage still never sees it.
  await page.getByTestId('remember-key').check();
  const remembered = await page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
  expect(remembered.session).toContain(KEY);
  expect(remembered.local).not.toContain(KEY);
  await page.getByTestId('remember-key').uncheck();
  expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(KEY);
});

test('a server that echoes the key, a header value and a URL credential: none reaches IndexedDB, an export, localStorage or the URL', async ({ page }) => {
  // The key is short on purpose: the old pattern scrub only knew sk- keys of 16+ characters.
  const KEY = 'sk-test-SECRET123';
  const HEADER = 'org-SECRET-4455';
  const CRED = 'qp-SECRET-9911';
  const all = [KEY, HEADER, CRED];
  const echo = all.join(' ');
  server = await startMockServer({
    cors: true,
    respond: [
      {
        kind: 'tool-calls',
        content: `Checking ${echo}`,
        calls: [{ name: 'run_sql', arguments: { query: `SELECT '${KEY}' AS k, '${HEADER}' AS h, '${CRED}' AS c` } }],
      },
      { kind: 'prose', content: `Finished: ${echo}` },
    ],
  });
  await configure(page, `./#/model?world=tripwire&task=${encodeURIComponent('{"id":"refund-a"}')}`, `${server.baseUrl}?api_key=${CRED}`, KEY);
  await page.getByTestId('extra-headers').fill(JSON.stringify({ 'X-Org': HEADER }));
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('saved')).toContainText('Saved', { timeout: 30_000 });
  // In memory the page shows what the model did, key and all; only what is written down is masked.
  await expect(page.getByTestId('step-1')).toBeVisible();

  const [request] = server.completions();
  expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
  expect(request!.headers['x-org']).toBe(HEADER);
  expect(request!.path).toBe(`/v1/chat/completions?api_key=${CRED}`);

  const leaks: string[] = [];
  const check = (where: string, text: string) => {
    for (const s of all) if (text.includes(s) || text.includes(encodeURIComponent(s))) leaks.push(`${where}: ${s}`);
  };
  const downloaded = async (click: () => Promise<void>) => {
    const [d] = await Promise.all([page.waitForEvent('download'), click()]);
    return readFile((await d.path())!, 'utf8');
  };
  const runs = await savedRuns(page);
  expect(runs).toHaveLength(1);
  check('IndexedDB runs', JSON.stringify(runs));
  expect(runs[0]!.trace.steps[0]!.call.arguments).toEqual({ query: "SELECT '***' AS k, '***' AS h, '***' AS c" });
  expect(runs[0]!.trace.stop?.detail).toBe('Finished: *** *** ***');
  const exported = await downloaded(() => page.getByTestId('export-trace').click());
  expect(exported).toContain('"format"');
  check('Export trace', exported);

  await page.getByTestId('add-gotcha').click();
  await page.getByTestId('gotcha-save').click();
  await expect(page.getByTestId('gotcha-added')).toBeVisible();
  const gotchas = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const req = indexedDB.open('verifier-playground');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const all = req.result.transaction('gotchas', 'readonly').objectStore('gotchas').getAll();
          all.onsuccess = () => resolve(all.result);
        };
      }),
  );
  expect(gotchas).toHaveLength(1);
  check('IndexedDB gotchas', JSON.stringify(gotchas));
  const local = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(local).toContain('mock-model');
  expect(local).toContain(server.baseUrl);
  check('localStorage', local);
  check('URL', page.url());

  await page.goto('./#/traces');
  await expect(page.getByTestId('library-row').first()).toBeVisible();
  check('Export JSONL', await downloaded(() => page.getByTestId('export-jsonl').click()));
  check('Export vf results.jsonl', await downloaded(() => page.getByRole('button', { name: 'Export vf results.jsonl' }).click()));
  check('Export CSV', await downloaded(() => page.getByRole('button', { name: 'Export CSV' }).click()));
  check('URL', page.url());
  await page.goto('./#/');
  const suite = await downloaded(() => page.getByTestId('export-gotchas').click());
  expect(suite).toContain('verifier-playground.gotchas');
  check('Export gotchas', suite);
  check('URL', page.url());
  check('localStorage', await page.evaluate(() => JSON.stringify({ ...localStorage })));
  expect(leaks).toEqual([]);

  // After a reload the settings come back without the URL's credential: the person types it again.
  await page.goto('./#/model?world=tripwire');
  await page.reload();
  await expect(page.getByTestId('base-url')).toHaveValue(server.baseUrl);
});

test('a 60 MB reply is refused as it streams, with a message and Retry; the next request carries the same short history', async ({ page }) => {
  const task = faultTask('clean', 1);
  server = await startMockServer({ respond: [{ kind: 'stream', bytes: 60 * 1024 * 1024 }], cors: true });
  await configure(page, modelUrl(task.spec), server.baseUrl);
  await expect(page.getByTestId('max-reply')).toHaveValue('4');
  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('chat-error')).toContainText('The reply was too large', { timeout: 20_000 });
  await expect(page.getByTestId('chat-error-message')).toContainText("The model's reply is larger than the 4 MiB limit");
  expect(server.streams[0]!.complete).toBe(false);
  await photo(page, 'reply-too-large', undefined, { fullPage: true });

  server.setResponder(policyResponder(task, carefulSolver));
  await page.getByTestId('retry').click();
  await expect(page.getByTestId('proposal-tool')).toHaveText('fetch_page');
  expect(sentMessages(1)).toEqual(task.prompt);

  await page.getByTestId('max-reply').fill('0.01');
  await expect(page.getByTestId('settings-problem')).toHaveText('max reply size must be from 0.0625 to 256 MiB');
  await photo(page.getByTestId('endpoint-settings'), 'max-reply-setting');
});

test('Step is one model call: an invalid call spends one turn and says why; the saved trace shows the model’s words and the calls that never ran', async ({
  page,
}) => {
  const task = faultTask('clean', 2);
  server = await startMockServer({
    respond: () => ({ kind: 'tool-calls', content: 'Fetching the first page now.', calls: [{ name: 'fetch_page', arguments: '{not json', id: 'bad' }] }),
    cors: true,
  });
  await configure(page, modelUrl({ ...task.spec, max_turns: 3 }), server.baseUrl);
  await page.getByTestId('model-step').click();
  await expect(page.getByTestId('model-status')).toContainText('could not run', { timeout: 20_000 });
  expect(server.completions()).toHaveLength(1);
  await expect(page.getByTestId('episode-stop')).toContainText('in progress');
  await expect(page.getByTestId('driver-events')).toContainText('invalid-arguments');
  await page.getByTestId('model-run').click();
  await expect(page.getByTestId('episode-stop')).toContainText('stopped: budget', { timeout: 20_000 });
  expect(server.completions()).toHaveLength(3);
  const [run] = await savedRuns(page);

  await page.goto(`./#/trace/${encodeURIComponent(run!.id)}`);
  await expect(page.getByTestId('verify-status')).toHaveText('Replay verified', { timeout: 20_000 });
  await expect(page.getByTestId('steps-panel')).toContainText('No call reached the world.');
  await expect(page.getByTestId('driver-events').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('driver-events')).toContainText('invalid-arguments');
  await expect(page.getByTestId('driver-messages')).toHaveAttribute('open', '');
  await expect(page.getByTestId('driver-messages')).toContainText('Fetching the first page now.');
  await expect(page.getByTestId('driver-messages')).toContainText('fetch_page({not json)');
});
