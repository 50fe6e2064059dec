import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { Trace } from '../../core/types';
import { findReferenceAgent } from '../../core/world';
import { identityOf } from '../../traces/import/identity';
import { importText } from '../../traces/import/importText';
import { verifyTrace } from '../../traces/replay';
import { WORLDS } from '../../worlds/registry';
import { world as ledger } from '../../worlds/testing/ledger/index';
import { HomePage } from '../components/HomePage';
import { determinismProbe } from '../lib/determinismProbe';
import { episodeHref, readEpisodeRoute } from '../lib/episodeRoute';
import { builtRowsJson, checkHomeRows, builtHomeRowsFrom, type BuiltHomeRows } from '../lib/home/check';
import { homeRowsOnThePage } from '../lib/home/liveRows';
import { createHomeStore } from '../lib/home/store';
import { describeExport, exportRows } from '../lib/libraryExport';
import { listedRows, readLibraryQuery } from '../lib/libraryQuery';
import { summarizeVf } from '../lib/librarySummary';
import { batchTasks, cellOf } from '../lib/model/batch';
import { buildReport, contentKey, reportInput, reportRows } from '../lib/report';
import { reportCsv } from '../lib/reportFiles';
import { parseHash } from '../lib/route';
import { setup } from '../lib/testing/libraryFakes';
import { HumanDriver } from '../live/humanDriver';
import { MemoryStore, SharedLocks, tabDeps } from '../live/testing';
import type { CalibrationMessage, CalibrationRequest } from '../workers/calibrationProtocol';
import { allWorlds, homeTables, isWorldId, loadWorld, loadWorldUi, publishedRows, registerWorldEntry, WORLD_ENTRIES, worldEntry } from './registry';
import { taskChoices } from './taskVocabulary';
import './testing/register';

/**
 * The UI half of "a world is its folders" (issue 25): the test-only ledger
 * world comes in through the registries' test hooks alone (core's and the
 * UI's `testing/register.ts`), and the generic UI code — home tables,
 * calibration worker, library, report, exports, batch cells, live play —
 * serves it as it serves the shipped worlds. Every name checked here is the
 * ledger's own (its spec names, its showcase, its agents), so generic code
 * that listed the shipped worlds, or named tasks its own way, fails here.
 */
const ID = ledger.id;
const task = ledger.listTasks()[0]!;
const agent = (id: string) => findReferenceAgent(ledger, id)!;
const run = (id: string, t = task) => runEpisode(ledger, t, agent(id).create(t));

describe('the fixture world in the UI registry, by the hook alone', () => {
  it('is an entry beside the shipped ones, loads to the same world core registered, and a second entry with its id is refused', async () => {
    expect(WORLD_ENTRIES.map((w) => w.id).sort()).toEqual(WORLDS.map((w) => w.id).sort());
    expect(WORLD_ENTRIES.filter((w) => w.id === ID)).toHaveLength(1);
    expect(isWorldId(ID)).toBe(true);
    expect(await loadWorld(ID, 'reference')).toBe(WORLDS.find((w) => w.id === ID));
    const entry = worldEntry(ID)!;
    registerWorldEntry(entry);
    expect(WORLD_ENTRIES.filter((w) => w.id === ID)).toHaveLength(1);
    expect(() => registerWorldEntry({ ...entry })).toThrow(`a world entry "${ID}" is already registered`);
  });
});

describe('the home page', () => {
  it('lists its showcase among the tables, in its order, and computes its rows on the page as the build does in Node, verified', async () => {
    const tables = homeTables();
    const mine = tables.find((t) => t.id === ID)!;
    expect(tables.at(-1)).toBe(mine);
    expect(mine.home.inHomeWorker).toBeUndefined();

    // The build (scripts/prerenderHome.tsx): the showcase over the world as Node's registry holds it, into the data block.
    const built: BuiltHomeRows = { [ID]: await mine.home.rows(Promise.resolve(WORLDS.find((w) => w.id === ID)!)) };
    const block = builtRowsJson(built);
    const read = builtHomeRowsFrom(block, [ID]);
    expect(read).toEqual(built);

    // The page: the same rows from the UI registry's loader, checked against the build's.
    const live = await homeRowsOnThePage(ID);
    expect(live.map((r) => [r.world, r.agent, r.card.verdict.naive, r.card.verdict.full])).toEqual([
      [ID, 'oracle', 'PASS', 'PASS'],
      [ID, 'blind-total', 'PASS', 'FAIL'],
      [ID, 'off-by-one', 'FAIL', 'FAIL'],
    ]);
    expect(live).toHaveLength(mine.home.count);
    expect(checkHomeRows(read![ID]!, live).check).toEqual({ status: 'verified' });

    const store = createHomeStore(
      read,
      { [ID]: Promise.resolve(live) },
      tables.map((t) => t.id),
    );
    await Promise.resolve();
    expect(store.getState()[ID]!.check).toEqual({ status: 'verified' });

    // The markup the build paints: the ledger's table, its rows and their links, its calibration section, its play link.
    const html = renderToStaticMarkup(createElement(HomePage, { state: store.getState(), gotchas: null, calibration: null }));
    expect(html).toContain(`data-testid="home-${ID}"`);
    expect(html).toContain(mine.home.title);
    expect(html).toContain(`data-testid="home-calibration-${ID}"`);
    expect(html).toContain('naive PASS · full FAIL');
    expect(html).toContain(ledger.summary);
    const href = episodeHref({ world: ID, task: live[1]!.task, agent: 'blind-total', step: 'disagreement' });
    expect(html).toContain(href.replace(/&/g, '&amp;'));
  });

  it("a row's link opens the ledger's episode with its agent and task", () => {
    const { path, query } = parseHash(episodeHref({ world: ID, task: task.spec, agent: 'blind-total' }));
    const route = readEpisodeRoute(path, query);
    expect(isWorldId(route.world) && route.world).toBe(ID);
    expect(ledger.makeTask(route.task).ok).toBe(true);
    expect(findReferenceAgent(ledger, route.agent)?.id).toBe('blind-total');
  });
});

describe('calibration: the calibration worker over the ledger', () => {
  /** The worker's own module, on a `self` that records what it posts (one module for the file: it shares this file's registry). */
  const posted: CalibrationMessage[] = [];
  const workerSelf: { postMessage(m: CalibrationMessage): void; onmessage?: (e: { data: CalibrationRequest }) => Promise<void> } = {
    postMessage: (m) => posted.push(m),
  };
  beforeAll(async () => {
    vi.stubGlobal('self', workerSelf);
    await import('../workers/calibration.worker');
  });
  afterAll(() => vi.unstubAllGlobals());

  async function calibrate(request: CalibrationRequest): Promise<CalibrationMessage[]> {
    posted.length = 0;
    await workerSelf.onmessage!({ data: request });
    return [...posted];
  }

  it('runs every task × every reference agent of the ledger: the oracle at 1.00, every sentinel under its ceiling', async () => {
    const posted = await calibrate({ kind: 'matrix', world: ID });
    const last = posted.at(-1)!;
    if (last.type !== 'matrix') throw new Error(JSON.stringify(last));
    const n = ledger.listTasks().length * ledger.referenceAgents.length;
    expect(last.cells).toHaveLength(n);
    expect(new Set(last.cells.map((c) => c.agent))).toEqual(new Set(ledger.referenceAgents.map((a) => a.id)));
    expect(last.cells.filter((c) => c.role === 'oracle').every((c) => c.reward === 1)).toBe(true);
    expect(last.cells.filter((c) => c.role === 'sentinel').every((c) => c.reward <= ledger.sentinelCeiling!)).toBe(true);
    expect(posted).toContainEqual({ type: 'progress', done: n, total: n });
  });

  it("runs the ledger's own calibration job, as the entry declares it", async () => {
    const posted = await calibrate({ kind: 'job', world: ID, params: { seeds: 4 } });
    expect(posted.at(-1)).toEqual({ type: 'done', result: { rewards: [1, 1, 1, 1] } });
    expect(posted).toContainEqual({ type: 'progress', done: 4, total: 4 });
  });

  it('the calibration page lists its section, and the diagnostics probe carries its traces', async () => {
    const ui = await worldEntry(ID)!.ui();
    expect(ui.calibration.title).toMatch(/^test ledger/);
    const probe = await determinismProbe();
    expect(Object.keys(probe.traces).filter((k) => k.startsWith(`${ID} `))).toEqual(ledger.referenceAgents.map((a) => `${ID} ${a.id}`));
    expect(JSON.parse(probe.traces[`${ID} oracle`]!)).toEqual(JSON.parse(JSON.stringify(await run('oracle'))));
  });
});

/** A person plays the oracle's calls through the live controller; the run is saved each step. */
async function play(store: MemoryStore, id: string): Promise<HumanDriver> {
  const { world, ui } = await loadWorldUi(ID);
  const [choice] = taskChoices(world, ui.tasks);
  const driver = await HumanDriver.start(world, choice!, id, tabDeps(store, new SharedLocks()), () => 0);
  for (const step of (await run('oracle', choice)).steps) await driver.call(step.call);
  return driver;
}

describe('play: the live controller over the ledger', () => {
  it('loadWorldUi gives the ledger with its UI, and the oracle’s calls played by a person end in a PASS, saved', async () => {
    const { entry, world, ui } = await loadWorldUi(ID);
    expect(entry.id).toBe(ID);
    expect(world).toBe(ledger);
    expect(taskChoices(world, ui.tasks).map((t) => ui.tasks.label(t))).toEqual(['sum the ledger']);
    const store = new MemoryStore();
    const driver = await play(store, 'run-ledger');
    const { trace } = driver.live.state;
    expect(trace.world).toBe(ID);
    expect(trace.stop).toMatchObject({ reason: 'submitted', terminated: true });
    expect(trace.scorecard).toMatchObject({ reward: 1, verdict: { naive: 'PASS', full: 'PASS' } });
    expect(store.records.get('run-ledger')!.trace).toEqual(trace);
  });

  it('the batch form offers its one choice with seeds pooled, and names cells as the ledger does', async () => {
    const { world, ui } = await loadWorldUi(ID);
    const tasks = batchTasks(world, ui.tasks, new Set(['ledger']), '2-4', 3);
    if (!tasks.ok) throw new Error(tasks.error);
    expect(tasks.value.map((t) => [t.seed, t.maxTurns])).toEqual([
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
    const trace = await run('oracle', tasks.value[0]);
    expect(cellOf('pooled')(trace)).toBe('ledger');
    expect(cellOf('each')(trace)).toBe('ledger · seed 2');
  });
});

describe('the library, the report and exports over ledger traces', () => {
  /** The library as the page has it, over a person's saved run and two reference runs held in the tab. */
  async function library() {
    const store = new MemoryStore();
    await play(store, 'run-human');
    const { lib, saved, unsaved } = setup({
      verify: async (t: Trace) => {
        const r = await verifyTrace(await loadWorld(t.world, 'play'), t);
        if (!r.ok) throw new Error(r.error);
        return r.value;
      },
    });
    for (const [id, r] of store.records) saved.set(id, r);
    unsaved.push({ id: 'blind', trace: await run('blind-total', ledger.listTasks()[1]), reason: 'not saved' });
    unsaved.push({ id: 'off', trace: await run('off-by-one', ledger.listTasks()[2]), reason: 'not saved' });
    await lib.loadSaved();
    return lib;
  }

  it('rows are labelled with the ledger’s own names, say what they are, flag the sentinel the naive check passes, and re-score', async () => {
    const lib = await library();
    const rows = lib.store.getState().entries;
    expect(rows.map((e) => [e.id, e.world, e.task, e.agent, e.what, e.status, e.verdictFull, e.disagreement])).toEqual([
      ['blind', ID, 'ledger seed 2', 'blind-total', 'native trace', 'ok', 'FAIL', true],
      ['off', ID, 'ledger seed 3', 'off-by-one', 'native trace', 'ok', 'FAIL', false],
      ['run-human', ID, 'ledger seed 1', 'human', 'native trace', 'ok', 'PASS', false],
    ]);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams({ world: ID, q: 'submit_total' }))).map((e) => e.id)).toHaveLength(3);
    expect(listedRows(rows, readLibraryQuery(new URLSearchParams({ world: ID, filter: 'diverging' }))).map((e) => e.id)).toEqual(['blind']);
    await lib.rescore(rows.map((e) => e.id));
    expect(Object.values(lib.store.getState().rescored).map((r) => [r.replay, r.full])).toEqual([
      ['match', 'FAIL'],
      ['match', 'FAIL'],
      ['match', 'PASS'],
    ]);
  });

  it('the report groups them by the groups the ledger names, with the figures it published beside', async () => {
    const lib = await library();
    const { counted } = reportRows(lib.store.getState().entries, false, (e) => contentKey(e, lib.payloadOf(e.id)));
    const groups = buildReport(
      counted.map((e) => reportInput(e, lib.payloadOf(e.id))),
      await publishedRows(),
    );
    expect(groups.map((g) => [g.key, g.rows.map((r) => r.agent)])).toEqual([
      [`${ID} · even seeds`, ['blind-total']],
      [`${ID} · odd seeds`, ['human', 'off-by-one']],
    ]);
    expect(groups[1]!.layerIds.sort()).toEqual(['observed', 'total']);
    expect(groups[1]!.published.map((p) => [p.agent, p.source])).toEqual([['fixture-model', 'test fixture, not a measurement']]);
    expect(groups[0]!.published).toEqual([]);
    expect(reportCsv(groups)).toContain(`${ID} · odd seeds,fixture-model,"published: test fixture, not a measurement"`);
  });

  it('exports every row with every world the page has, and a re-import reads them back under the ledger’s names', async () => {
    const lib = await library();
    const rows = lib.store.getState().entries;
    const ctx = { payloadOf: lib.payloadOf, runs: {}, worlds: await allWorlds(), created: '2026-01-01T00:00:00Z' };
    const vf = await exportRows(rows, 'vf', ctx);
    expect(describeExport(vf)).toMatch(/^Wrote 3 of 3 rows to results\.jsonl\. The per-step world events/);
    const back = importText(vf.files[0]!.text).items.map((item, n) => {
      if (item.kind !== 'vf') throw new Error('a vf export reads back as vf rows');
      return summarizeVf(item.rollout, `again:${n}`, 'results.jsonl', identityOf(item, null));
    });
    const who = (e: { world: string; task: string; agent: string; reward: number | null }) => [e.world, e.task, e.agent, e.reward];
    expect(back.map(who)).toEqual(rows.map(who));
    const native = await exportRows(rows, 'native', ctx);
    expect(describeExport(native)).toBe('Wrote 3 of 3 rows to traces.jsonl.');
  });
});
