import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isJsonObject, type JsonObject } from '../../core/json';
import { WORLDS } from '../../worlds/registry';
import { convert, type ConvertItem } from '../export/convert';
import { identityOf } from '../import/identity';
import { importText } from '../import/importText';
import type { ImportedItem, VfRollout } from '../import/types';
import { bufferSource } from './byteSource';
import { importInspectEval } from './importEval';

/**
 * A foreign Inspect log, imported and exported back to Inspect, keeps what its
 * writer recorded: results (metric names, values, stderr), stats, status,
 * plan, reductions, and per sample the scores, output, usage, times and errors.
 */
const CREATED = '2030-01-01T00:00:00+00:00';
const bytes = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/writers/${name}`, import.meta.url)));

async function load(data: string | Uint8Array): Promise<ImportedItem[]> {
  if (typeof data === 'string') return importText(data).items;
  const items: ImportedItem[] = [];
  const summary = await importInspectEval(bufferSource(data), { onEvents: (events) => events.forEach((e) => e.type === 'item' && items.push(e.item)) });
  expect(summary.errors).toEqual([]);
  return items;
}

const asConvert = (items: ImportedItem[]): ConvertItem[] =>
  items.map((item) => {
    const id = identityOf(item, null);
    return { item, source: 'test', env: id.env, model: id.model, run: id.run };
  });

const rollouts = (items: ImportedItem[]): VfRollout[] => items.flatMap((i) => (i.kind === 'vf' ? [i.rollout] : []));

/** What a sample's writer recorded that a re-export must keep as it was. */
const recorded = (r: VfRollout) => {
  const o = r.inspect!;
  return {
    id: o.sampleId,
    epoch: o.epoch,
    scores: o.scores,
    output: o.output,
    usage: o.modelUsage,
    total: o.totalTimeMs,
    working: o.workingTimeMs,
    started: o.startedAt,
    completed: o.completedAt,
    error: r.error?.raw ?? null,
    reward: r.reward,
    metrics: r.metrics,
  };
};

const CASES: [string, 'json' | 'eval'][] = [
  ['inspect-py-0.3.46.json', 'json'],
  ['inspect-r-vitals-0.3.63.json', 'json'],
  ['inspect-py-0.3.95-deflate.eval', 'eval'],
  ['inspect-py-0.3.133-zstd.eval', 'eval'],
];

describe('a foreign Inspect log exported back to its own format', () => {
  it.each(CASES)('%s: results, metrics, stats and times unchanged', async (name, kind) => {
    const raw = bytes(name);
    const first = await load(kind === 'json' ? new TextDecoder().decode(raw) : raw);
    const out = await convert(asConvert(first), 'inspect', { worlds: WORLDS, created: CREATED, zip: kind === 'eval' });
    expect(out.outputs).toHaveLength(1);
    const data = out.outputs[0]!.data;
    if (kind === 'json') {
      // The header as the file has it, field by field (not through our reader).
      const original = JSON.parse(new TextDecoder().decode(raw)) as JsonObject;
      const written = JSON.parse(data as string) as JsonObject;
      for (const k of ['version', 'status', 'plan', 'results', 'stats', 'reductions'] as const) expect(written[k], k).toEqual(original[k]);
      expect(written.eval).toMatchObject(original.eval as JsonObject);
    }
    const back = await load(data);
    const [a, b] = [rollouts(first), rollouts(back)];
    expect(b.map(recorded)).toEqual(a.map(recorded));
    const header = (r: VfRollout) => r.inspect!.run.header;
    const { eval: _spec, ...rest } = header(b[0]!);
    const { eval: _was, ...before } = header(a[0]!);
    // Inspect omits a null error (exclude_none); the export writes every field the schema requires.
    expect(rest).toEqual({ error: null, ...before });
    expect(b[0]!.inspect!.run.reductions).toEqual(a[0]!.inspect!.run.reductions);
    expect(out.notes.some((n) => /results are recomputed/.test(n))).toBe(false);
  });

  it("the zstd log's custom metrics are the log's, not a recomputed mean", async () => {
    const items = await load(bytes('inspect-py-0.3.133-zstd.eval'));
    const out = await convert(asConvert(items), 'inspect', { worlds: WORLDS, created: CREATED });
    const log = JSON.parse(out.outputs[0]!.data as string) as {
      results: { completed_samples: number; scores: { metrics: Record<string, { value: number }> }[] };
      stats: JsonObject;
    };
    expect(log.results.completed_samples).toBe(4);
    expect(Object.fromEntries(Object.entries(log.results.scores[0]!.metrics).map(([k, m]) => [k, m.value]))).toEqual({
      switch_rate: 1,
      mean_switches: 2.68,
      mean_reward: 3_720_000,
    });
    expect(log.stats.started_at).toBe('2025-09-12T08:15:01.004122+00:00');
    expect(out.notes).toEqual([
      'the transcript events of 8 Inspect samples (24 events): not kept on import, so not written',
      'the message ids of 8 Inspect samples: not kept on import, written anew (attachments are written inline)',
    ]);
  });

  it('part of a log: its results recomputed and the notes say which metrics were not carried; its run times kept', async () => {
    const items = (await load(new TextDecoder().decode(bytes('inspect-py-0.3.46.json')))).slice(0, 3);
    const out = await convert(asConvert(items), 'inspect', { worlds: WORLDS, created: CREATED });
    const log = JSON.parse(out.outputs[0]!.data as string) as { results: { scores: { metrics: JsonObject }[] }; stats: JsonObject };
    expect(Object.keys(log.results.scores[0]!.metrics)).toEqual(['mean']);
    expect(log.stats).toMatchObject({ started_at: '2024-11-05T09:30:01+00:00', completed_at: '2024-11-05T09:30:19+00:00' });
    expect(out.notes).toContainEqual(
      "order_totals × openai/gpt-4o-mini: the log's own results (accuracy, stderr) were computed over every sample it holds; this export has 3 of its 5 samples, so its results are recomputed as means per scorer and its reductions rebuilt",
    );
  });

  it('a version-1 log is written as version 2, its one scorer moved into results.scores as Inspect View moves it', async () => {
    const items = await load(new TextDecoder().decode(bytes('inspect-py-v1-0.3.4.json')));
    const out = await convert(asConvert(items), 'inspect', { worlds: WORLDS, created: CREATED });
    const log = JSON.parse(out.outputs[0]!.data as string) as JsonObject & { results: { scores: JsonObject[] } };
    expect(log.version).toBe(2);
    expect(log.results.scores).toEqual([
      { name: 'match', params: {}, scorer: 'match', metrics: { accuracy: { name: 'accuracy', value: 0.6666666666666666, options: {} } } },
    ]);
    const samples = log.samples as JsonObject[];
    expect(samples.every((s) => isJsonObject(s.scores) && 'match' in s.scores && !('score' in s))).toBe(true);
    expect(rollouts(await load(out.outputs[0]!.data as string)).map((r) => r.reward)).toEqual([0, 1, 1]);
    expect(out.notes).toContainEqual(expect.stringMatching(/version-1 log .* written as version 2/));
  });
});
