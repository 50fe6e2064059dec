import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import { identityOf } from '../../traces/import/identity';
import { importText } from '../../traces/import/importText';
import type { VfRollout } from '../../traces/import/types';
import { bufferSource } from '../../traces/inspect/byteSource';
import { importInspectEval } from '../../traces/inspect/importEval';
import { evalZipOf, handLog } from '../../traces/inspect/testing';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { libraryParams, listedRows, readLibraryQuery } from './libraryQuery';
import { summarizeNative, summarizeVf } from './librarySummary';
import { runStatuses, statusSummary } from './rowKind';

async function fromEval(bytes: Uint8Array): Promise<VfRollout[]> {
  const out: VfRollout[] = [];
  await importInspectEval(bufferSource(bytes), {
    onEvents: (events) => events.forEach((e) => e.type === 'item' && e.item.kind === 'vf' && out.push(e.item.rollout)),
  });
  return out;
}

const row = (r: VfRollout, i: number) => summarizeVf(r, `r:${i}`, 'f', identityOf({ kind: 'vf', rollout: r }, null), 'r');

describe('library rows say what they are, where, and how they ended', () => {
  it('an Inspect sample is titled so and numbered the same from a .json log and an .eval zip', async () => {
    const log = handLog();
    const json = importText(JSON.stringify(log, null, 2)).items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : []));
    const zip = await fromEval(evalZipOf(log));
    const label = (rs: VfRollout[]) => rs.map(row).map((e) => `${e.what} ${e.place}`);
    expect(label(json)).toEqual(['Inspect sample 1 (id "w1", epoch 1)', 'Inspect sample 2 (id "w2", epoch 1)']);
    expect(label(zip)).toEqual(label(json));
    const vf = importText(
      `${JSON.stringify({ example_id: 0, prompt: [], completion: [], reward: 1, error: { error: 'ValueError', error_chain_str: 'boom' } })}\n`,
    ).items;
    const e = vf[0]!.kind === 'vf' ? row(vf[0]!.rollout, 0) : null;
    expect(e).toMatchObject({ what: 'vf rollout', place: 'line 1', status: 'error', statusNote: 'boom' });
  });

  it('errored, unfinished and limited rows are marked, filtered by the status parameter, and summed per run', async () => {
    const log = handLog();
    const samples = log.samples as Record<string, unknown>[];
    samples[0]!.error = { message: 'RuntimeError: down', traceback: '' };
    const rows = importText(JSON.stringify(log)).items.flatMap((i) => (i.kind === 'vf' ? [row(i.rollout, 0)] : []));
    expect(rows.map((r) => [r.status, r.statusNote])).toEqual([
      ['error', 'RuntimeError: down'],
      ['limit', 'message_limit'],
    ]);
    const task = faultApiWorld.listTasks()[0]!;
    const trace = await runEpisode(faultApiWorld, task, faultApiWorld.referenceAgents.find((a) => a.appliesTo(task))!.create(task));
    const native = summarizeNative({ ...trace, stop: null }, 'n', 'saved');
    expect([native.what, native.place, native.status]).toEqual(['native trace', '', 'unfinished']);
    const all = [...rows, native];
    expect(statusSummary(all)).toBe('1 of 3 had errors · 1 of 3 unfinished · 1 of 3 stopped by a limit');
    expect(statusSummary([{ status: 'ok' }])).toBe('');
    const q = readLibraryQuery(new URLSearchParams('status=error'));
    expect(listedRows(all, q).map((r) => r.status)).toEqual(['error']);
    expect(libraryParams(q).status).toBe('error');
    expect(readLibraryQuery(new URLSearchParams('status=bogus')).status).toBe('');
  });

  it("each import run's status summary, worked out once per list of rows", () => {
    const rows = [
      { run: 'a', status: 'error' as const },
      { run: 'b', status: 'ok' as const },
      { run: null, status: 'unfinished' as const },
      { run: 'a', status: 'limit' as const },
      { run: 'a', status: 'ok' as const },
      { run: 'c', status: 'unfinished' as const },
    ];
    const statuses = runStatuses(rows);
    expect([...statuses]).toEqual([
      ['a', '1 of 3 had errors · 1 of 3 stopped by a limit'],
      ['c', '1 of 1 unfinished'],
    ]);
    // The same list answers from what was kept; a new list (the next batch) is summed again.
    expect(runStatuses(rows)).toBe(statuses);
    expect(runStatuses([...rows, { run: 'b', status: 'error' as const }]).get('b')).toBe('1 of 2 had errors');
  });
});
