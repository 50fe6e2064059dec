import { describe, expect, it } from 'vitest';
import { runEpisode } from '../../core/episode';
import type { Json } from '../../core/json';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { WORLDS } from '../../worlds/registry';
import { identityOf } from '../import/identity';
import { importText } from '../import/importText';
import { parseVfMetadata } from '../import/metadata';
import { fixture, nativeTraces } from '../import/testing';
import type { ImportedItem } from '../import/types';
import { bufferSource } from '../inspect/byteSource';
import { importInspectEval } from '../inspect/importEval';
import { LOG_SHAPES } from '../inspect/logShape';
import { handLog } from '../inspect/testing';
import { validateAgainst } from '../inspect/validateLog';
import { convert, type ConvertItem, type TargetFormat } from './convert';

const CREATED = '2025-03-04T05:06:07.000Z';

const asItem = (item: ImportedItem, source: string): ConvertItem => {
  const id = identityOf(item, null);
  return { item, source, env: id.env, model: id.model, run: id.run };
};

/** Native traces of two worlds, a vf-eval run of another environment (with its metadata.json), an Inspect log of another task. */
async function library(): Promise<ConvertItem[]> {
  const task = ticketQueueWorld.listTasks()[0]!;
  const tq = await runEpisode(ticketQueueWorld, task, ticketQueueWorld.referenceAgents.find((a) => a.appliesTo(task))!.create(task));
  const natives = [...(await nativeTraces()), tq].map((trace, i) => asItem({ kind: 'native', line: i + 1, trace }, 'played'));
  const meta = parseVfMetadata(fixture('v0.1.10', 'metadata.json'));
  if (!meta.ok) throw new Error(meta.error);
  const vf = importText(fixture('v0.1.10', 'results.jsonl'), { metadata: meta.value }).items.map((i) => asItem(i, 'results.jsonl'));
  const inspect = importText(JSON.stringify(handLog())).items.map((i) => asItem(i, 'log.json'));
  return [...natives, ...vf, ...inspect];
}

/** What a reader of the library keeps per row: who, where, how it scored. */
function kept(items: ImportedItem[]) {
  return items.map((item) => {
    const id = identityOf(item, null);
    const reward = item.kind === 'native' ? item.trace.scorecard?.reward : item.rollout.reward;
    const naive = item.kind === 'native' ? item.trace.scorecard?.naive : item.rollout.metrics.naive_reward;
    return { env: id.env, model: id.model, reward, naive: naive ?? null };
  });
}

async function reimport(format: TargetFormat, data: string | Uint8Array): Promise<ImportedItem[]> {
  if (typeof data === 'string') {
    const { items, summary } = importText(data);
    expect(summary.errors).toEqual([]);
    return items;
  }
  const items: ImportedItem[] = [];
  await importInspectEval(bufferSource(data), { onEvents: (events) => events.forEach((e) => e.type === 'item' && items.push(e.item)) });
  return items;
}

describe('export to every format, re-import: identity and scores kept', () => {
  // vf in today's shape: env and model ride in info. As written, a results.jsonl row keeps only what its era wrote (below).
  it.each([
    ['vf', false],
    ['inspect', false],
    ['inspect', true],
  ] as const)('%s (zip: %s)', async (format, zip) => {
    const items = await library();
    const out = await convert(items, format, { worlds: WORLDS, created: CREATED, zip, vfShape: 'current' });
    expect(out.rows).toBe(items.length);
    const back = (await Promise.all(out.outputs.map((o) => reimport(format, o.data)))).flat();
    const byKey = (xs: ReturnType<typeof kept>) => xs.map((x) => JSON.stringify(x)).sort();
    expect(byKey(kept(back))).toEqual(byKey(kept(items.map((i) => i.item))));
  });

  it('inspect: one log per env × model × run, each named', async () => {
    const out = await convert(await library(), 'inspect', { worlds: WORLDS, created: CREATED });
    expect(out.outputs.map((o) => [o.suffix, o.label, o.rows])).toEqual([
      ['-1', 'fault-api × careful', 1],
      ['-2', 'fault-api × trusting', 1],
      ['-3', expect.stringMatching(/^ticket-queue × /), 1],
      ['-4', 'hangman_agent × gpt-4.1-mini', 3],
      ['-5', 'weather_qa × openai/gpt-test', 2],
    ]);
    expect(out.notes).toEqual([
      'the tool schemas of 3 vf-eval rows: not written (Inspect keeps tools in transcript events, which this export does not write)',
      'sample fields the log schema this export follows (Inspect dbad73cf) has no place for: turn_count (not written)',
      'the transcript events of 1 Inspect sample (2 events): not kept on import, so not written',
      'the events_data of 1 Inspect sample: not kept on import, so not written',
      'the message ids of 2 Inspect samples: not kept on import, written anew (attachments are written inline)',
      "3 traces recorded no start and end time (played before traces carried them, or not in the page): their log's started_at and completed_at are the export's time",
      // The hand-made log of the library leaves out what Inspect leaves out when empty: written as Inspect reads it.
      expect.stringMatching(/^fields the writer left out .* the Inspect dbad73cf schema requires, written as Inspect reads them .*: EvalDataset\.name, /),
    ]);
    for (const o of out.outputs) expect(validateAgainst(LOG_SHAPES, 'EvalLog', JSON.parse(o.data as string) as Json), o.label).toEqual([]);
  });

  it('vf: says what native traces and Inspect samples lose as rows', async () => {
    const out = await convert(await library(), 'vf', { worlds: WORLDS, created: CREATED });
    expect(out.notes).toEqual([
      // The vf-eval rows' env and model came from metadata.json: not in the rows as their era wrote them.
      "the env and model of 3 vf-eval rows written as their era wrote them: not in the rows (a results.jsonl leaves them to its folder and metadata.json); today's shape writes them into info",
      'the per-step world events, step timings, layer reasons and meta of 3 native traces: vf-eval rows have no field for them (replaying a row into its world derives the events and reasons again)',
      '1 Inspect message with content parts (reasoning, images): written as their text',
      'the transcript events of 1 Inspect sample: not kept on import, so not written',
    ]);
    // An Inspect sample keeps its scores as written (the letter grade, the explanation) in info.inspect.
    const row = JSON.parse((out.outputs[0]!.data as string).trim().split('\n').at(-2)!);
    expect(row.info.inspect).toMatchObject({ run_id: 'R1', sample_id: 'w1', scores: { match: { value: 'C', explanation: 'matches the target' } } });
  });

  it('native: rows of our worlds replay; rows of other environments are counted, not written', async () => {
    const items = await library();
    const vfOfOurs = importText(fixture('v0.2', 'results.jsonl')).items.map((i) => asItem(i, 'ours.jsonl'));
    const out = await convert([...items, ...vfOfOurs], 'native', { worlds: WORLDS, created: CREATED });
    expect(out.rows).toBe(3 + vfOfOurs.length);
    expect(out.notes).toEqual([
      "3 rows of hangman_agent: not one of the playground's worlds, so not representable as native traces (nothing to replay them into); not written",
      "2 rows of weather_qa: not one of the playground's worlds, so not representable as native traces (nothing to replay them into); not written",
      'the transcript events of 1 Inspect sample: not kept on import, so not written',
    ]);
    const back = importText(out.outputs[0]!.data as string).items;
    expect(back.map((i) => i.kind === 'native' && i.trace.world)).toEqual(['fault-api', 'fault-api', 'ticket-queue', ...vfOfOurs.map(() => 'fault-api')]);
    const replayed = back.at(-1)!;
    expect(replayed.kind === 'native' && replayed.trace.meta).toMatchObject({ source: 'ours.jsonl', replayed_from: 'vf-eval' });
  });

  it('csv: one line per row with its identity, rewards and every layer or metric as a column', async () => {
    const items = await library();
    const out = await convert(items, 'csv', { worlds: WORLDS, created: CREATED });
    const lines = (out.outputs[0]!.data as string).trimEnd().split('\r\n');
    expect(lines).toHaveLength(items.length + 1);
    const header = lines[0]!.split(',');
    expect(header.slice(0, 8)).toEqual(['source', 'run', 'env', 'model', 'kind', 'task', 'example', 'epoch']);
    expect(header).toEqual(expect.arrayContaining(['completeness', 'provenance', 'judge/accuracy']));
    expect(lines.at(-1)).toMatch(/^log\.json,R1,weather_qa,openai\/gpt-test,inspect,,w2,1,0,/);
    expect(out.notes).toEqual([
      `the messages, tool calls and results of ${items.length} rows: a CSV has one line per row, so only their scores, counts and identity are written`,
      'the transcript events of 1 Inspect sample: not kept on import, so not written',
    ]);
  });
});
