import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { identityFromPath, identityOf } from '../../traces/import/identity';
import { importText } from '../../traces/import/importText';
import { fixture, nativeTraces } from '../../traces/import/testing';
import type { ImportedItem } from '../../traces/import/types';
import { handLog } from '../../traces/inspect/testing';
import { WORLDS } from '../../worlds/registry';
import type { Payload } from '../workers/importProtocol';
import { unzipSync, strFromU8 } from 'fflate';
import { zipFiles } from './download';
import { describeExport, exportRows, zipNameOf } from './libraryExport';
import { summarizeNative, summarizeVf, type LibraryEntry } from './librarySummary';

/** What must survive an export and a re-import: who played, what, where, and how it scored. */
const identityOfRow = (e: LibraryEntry) => ({ world: e.world, agent: e.agent, task: e.task, reward: e.reward, naive: e.naive });

/** The library's rows read from an imported file, as the import worker summarises them. */
function rowsOfText(text: string, path: string | null, batch: string): { entries: LibraryEntry[]; payloads: Map<string, Payload> } {
  const payloads = new Map<string, Payload>();
  const entries = importText(text).items.map((item: ImportedItem, n) => {
    const id = `${batch}:${n}`;
    if (item.kind === 'native') {
      payloads.set(id, { kind: 'native', trace: item.trace });
      return summarizeNative(item.trace, id, 'file', batch);
    }
    payloads.set(id, { kind: 'vf', rollout: item.rollout });
    return summarizeVf(item.rollout, id, 'file', identityOf(item, path ? identityFromPath(path) : null), batch);
  });
  return { entries, payloads };
}

async function library() {
  const [model, other] = await nativeTraces();
  const human: Trace = { ...other!, agent: { kind: 'human', name: 'human' } };
  const payloads = new Map<string, Payload>([
    ['saved-a', { kind: 'native', trace: model! }],
    ['saved-b', { kind: 'native', trace: human }],
  ]);
  const entries = [summarizeNative(model!, 'saved-a', 'saved in this browser'), summarizeNative(human, 'saved-b', 'saved in this browser')];
  const vf = rowsOfText(fixture('v0.1.2.post1', 'results.jsonl'), 'evals/wiki-search--openai--gpt-4.1-mini/r1/results.jsonl', 'import-a');
  const inspect = rowsOfText(JSON.stringify(handLog()), null, 'import-b');
  for (const part of [vf, inspect]) {
    entries.push(...part.entries);
    for (const [k, v] of part.payloads) payloads.set(k, v);
  }
  return { entries, payloads, natives: 2, foreign: vf.entries.length + inspect.entries.length };
}

const ctx = (payloads: Map<string, Payload>) => ({ payloadOf: (id: string) => payloads.get(id), runs: {}, worlds: WORLDS, created: '2025-01-01T00:00:00Z' });
const sorted = <T>(xs: T[]) => xs.map((x) => JSON.stringify(x)).sort();

describe('library exports: every listed row, or a sentence saying why not', () => {
  it("vf results.jsonl in today's shape writes every row, and a re-import keeps agent, model, env, task and scores", async () => {
    const { entries, payloads } = await library();
    const out = await exportRows(entries, 'vf', { ...ctx(payloads), vfShape: 'current' });
    expect(out.written).toBe(entries.length);
    const back = rowsOfText(out.files[0]!.text, 'results.jsonl', 'again');
    expect(sorted(back.entries.map(identityOfRow))).toEqual(sorted(entries.map(identityOfRow)));
    expect(back.entries.find((e) => e.agent === 'human')).toBeDefined();
    expect(describeExport(out)).toMatch(/today's shape, as asked: .*`info` gained `world` and `agent` keys/);
  });

  it('vf results.jsonl by default: an imported vf row as its era wrote it (its env and model were the folder’s, not the row’s)', async () => {
    const { entries, payloads } = await library();
    const out = await exportRows(entries, 'vf', ctx(payloads));
    const source = fixture('v0.1.2.post1', 'results.jsonl').trim().split('\n');
    const lines = out.files[0]!.text.trim().split('\n');
    const keys = (l: string) => Object.keys(JSON.parse(l) as object);
    expect(lines.filter((l) => keys(l).includes('id')).map(keys)).toEqual(source.map(keys));
    expect(lines.filter((l) => keys(l).includes('id')).every((l) => !('world' in ((JSON.parse(l) as { info?: object }).info ?? {})))).toBe(true);
  });

  it('an Inspect log per env × model writes every row, and a re-import keeps agent, env, task and scores', async () => {
    const { entries, payloads } = await library();
    const out = await exportRows(entries, 'inspect', ctx(payloads));
    expect(out.written).toBe(entries.length);
    expect(out.files.length).toBeGreaterThan(1);
    expect(out.files.map((f) => f.name)).toContain('inspect-log-1.json');
    const back = out.files.flatMap((f, i) => rowsOfText(f.text, null, `again${i}`).entries);
    expect(sorted(back.map(identityOfRow))).toEqual(sorted(entries.map(identityOfRow)));
  });

  it('native JSONL writes our worlds’ rows and says, per env, which rows it could not represent', async () => {
    const { entries, payloads, natives, foreign } = await library();
    const out = await exportRows(entries, 'native', ctx(payloads));
    expect(out.written).toBe(natives);
    const text = describeExport(out);
    expect(text).toMatch(new RegExp(`^Wrote ${natives} of ${natives + foreign} rows to traces.jsonl\\.`));
    expect(text).toMatch(/rows of wiki-search: not one of the playground's worlds/);
    const back = rowsOfText(out.files[0]!.text, null, 'again');
    expect(sorted(back.entries.map(identityOfRow))).toEqual(sorted(entries.slice(0, natives).map(identityOfRow)));
  });

  it('a row whose trace this tab no longer holds is counted, not skipped in silence', async () => {
    const { entries, payloads } = await library();
    payloads.delete('saved-a');
    const out = await exportRows(entries, 'vf', ctx(payloads));
    expect(out.written).toBe(entries.length - 1);
    expect(describeExport(out)).toMatch(/1 row whose trace is no longer held by this tab: not written/);
  });

  it('several files of one export are one zip named for what it holds, unless asked apart; one file stays itself', async () => {
    const { entries, payloads } = await library();
    const out = await exportRows(entries, 'inspect', ctx(payloads));
    const n = out.files.length;
    expect(n).toBeGreaterThan(1);
    expect(zipNameOf(out, 'inspect', true)).toBe(`inspect-logs-${n}-files.zip`);
    expect(zipNameOf(out, 'inspect', false)).toBeNull();
    expect(describeExport(out, `inspect-logs-${n}-files.zip`)).toMatch(
      new RegExp(`^Wrote ${entries.length} of ${entries.length} rows to inspect-logs-${n}-files\\.zip \\(${n} files: inspect-log-1\\.json, `),
    );
    const zipped = unzipSync(await zipFiles(out.files));
    expect(Object.keys(zipped).sort()).toEqual(out.files.map((f) => f.name).sort());
    for (const f of out.files) expect(strFromU8(zipped[f.name]!)).toBe(f.text);
    const one = await exportRows(entries, 'vf', ctx(payloads));
    expect(zipNameOf(one, 'vf', true)).toBeNull();
  });
});
