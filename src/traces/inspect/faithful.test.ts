import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import { WORLDS } from '../../worlds/registry';
import { convert, type ConvertItem } from '../export/convert';
import { identityOf } from '../import/identity';
import { importText } from '../import/importText';
import type { ImportedItem, VfRollout } from '../import/types';
import { bufferSource } from './byteSource';
import { importInspectEval } from './importEval';
import { LOG_SHAPES } from './logShape';
import { validateAgainst } from './validateLog';

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

/** The R writer's cache counts under the names the target schema gives them (the export says so). */
const RENAMED: Record<string, string> = { cache_creation_input_tokens: 'input_tokens_cache_write', cache_read_input_tokens: 'input_tokens_cache_read' };
const targetUsage = (usage: JsonObject | null) =>
  usage &&
  Object.fromEntries(
    Object.entries(usage).map(([m, u]) => [m, isJsonObject(u) ? Object.fromEntries(Object.entries(u).map(([k, v]) => [RENAMED[k] ?? k, v])) : u]),
  );

/** What a sample's writer recorded that a re-export must keep: as it was, or as the target schema names it. */
const recorded = (r: VfRollout) => {
  const o = r.inspect!;
  return {
    id: o.sampleId,
    epoch: o.epoch,
    scores: o.scores,
    usage: targetUsage(o.modelUsage),
    total: o.totalTimeMs,
    working: o.workingTimeMs,
    error: r.error?.raw ?? null,
    reward: r.reward,
    metrics: r.metrics,
  };
};

/** Every property of `was` is in `now` with the same value, at any depth, but those named in `gone` (dropped or renamed on purpose). */
function keeps(was: Json, now: Json, gone: ReadonlySet<string>, path = ''): string[] {
  if (isJsonObject(was))
    return isJsonObject(now)
      ? Object.entries(was).flatMap(([k, v]) => (gone.has(k) ? [] : k in now ? keeps(v, now[k]!, gone, `${path}.${k}`) : [`${path}.${k}: not written`]))
      : [`${path}: not an object`];
  if (Array.isArray(was))
    return Array.isArray(now) && now.length === was.length ? was.flatMap((v, i) => keeps(v, now[i]!, gone, `${path}[${i}]`)) : [`${path}: not the same list`];
  return JSON.stringify(was) === JSON.stringify(now) ? [] : [`${path}: ${JSON.stringify(was)} became ${JSON.stringify(now)}`];
}

/** What each writer's log holds that the target schema has no place for, or names otherwise: named in the export's notes. */
const GONE: Record<string, string[]> = {
  'inspect-py-0.3.46.json': [],
  'inspect-r-vitals-0.3.63.json': ['cache_creation_input_tokens', 'cache_read_input_tokens'],
  'inspect-py-0.3.95-deflate.eval': ['started_at', 'completed_at'],
  'inspect-py-0.3.133-zstd.eval': ['started_at', 'completed_at', 'eval_set_id'],
  'inspect-py-0.3.137-dict-scores.json': ['started_at', 'completed_at', 'task_display_name'],
};

const CASES: [string, 'json' | 'eval'][] = [
  ['inspect-py-0.3.46.json', 'json'],
  ['inspect-r-vitals-0.3.63.json', 'json'],
  ['inspect-py-0.3.95-deflate.eval', 'eval'],
  ['inspect-py-0.3.133-zstd.eval', 'eval'],
  ['inspect-py-0.3.137-dict-scores.json', 'json'],
];

describe('a foreign Inspect log exported back to its own format', () => {
  it.each(CASES)('%s: fits the log schema; results, metrics, stats and times kept, what the schema has no place for named', async (name, kind) => {
    const raw = bytes(name);
    const first = await load(kind === 'json' ? new TextDecoder().decode(raw) : raw);
    const out = await convert(asConvert(first), 'inspect', { worlds: WORLDS, created: CREATED, zip: kind === 'eval' });
    expect(out.outputs).toHaveLength(1);
    const data = out.outputs[0]!.data;
    const json = await convert(asConvert(first), 'inspect', { worlds: WORLDS, created: CREATED });
    const written = JSON.parse(json.outputs[0]!.data as string) as JsonObject;
    expect(validateAgainst(LOG_SHAPES, 'EvalLog', written)).toEqual([]);
    const gone = GONE[name]!;
    for (const field of gone) expect(json.notes.join('\n'), field).toContain(`.${field}`);
    if (kind === 'json') {
      // The log as the file has it, field by field (not through our reader): every value kept but those the notes name.
      const original = JSON.parse(new TextDecoder().decode(raw)) as JsonObject;
      for (const k of ['version', 'status', 'plan', 'results', 'stats', 'reductions', 'eval'] as const)
        expect(keeps(original[k]!, written[k]!, new Set(gone), k), k).toEqual([]);
      const samples = (original.samples as JsonObject[]).map(({ events: _e, attachments: _a, messages: _m, input: _i, ...rest }) => rest);
      expect(
        keeps(
          samples,
          (written.samples as JsonObject[]).map((s) => s),
          new Set(gone),
          'samples',
        ),
      ).toEqual([]);
    }
    const back = await load(data);
    const [a, b] = [rollouts(first), rollouts(back)];
    // Read back: everything recorded, and the fields the writer left out now present as Inspect reads them (null, a default).
    expect(keeps(a.map(recorded) as unknown as Json, b.map(recorded) as unknown as Json, new Set())).toEqual([]);
    const header = (r: VfRollout) => r.inspect!.run.header;
    const { eval: _spec, ...rest } = header(b[0]!);
    const { eval: _was, ...before } = header(a[0]!);
    // Inspect omits a null error (exclude_none); the export writes every field the schema requires.
    expect(keeps({ error: null, ...before } as Json, rest as Json, new Set(GONE[name]))).toEqual([]);
    expect(keeps(a[0]!.inspect!.run.reductions, b[0]!.inspect!.run.reductions, new Set())).toEqual([]);
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
    expect(out.notes.slice(0, 3)).toEqual([
      'the transcript events of 8 Inspect samples (24 events): not kept on import, so not written',
      'the message ids of 8 Inspect samples: not kept on import, written anew (attachments are written inline)',
      'fields the log schema this export targets (Inspect dbad73cf) has no place for, not written: EvalSpec.eval_set_id (1×), EvalSample.started_at (8×), EvalSample.completed_at (8×)',
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
    // Inspect's first schema named a metric's parameters `options`: written as `params`, and said.
    expect(log.results.scores).toEqual([
      {
        name: 'match',
        params: {},
        scorer: 'match',
        reducer: null,
        scored_samples: null,
        unscored_samples: null,
        metadata: null,
        metrics: { accuracy: { name: 'accuracy', value: 0.6666666666666666, params: {}, metadata: null } },
      },
    ]);
    expect(out.notes).toContainEqual(expect.stringMatching(/EvalMetric\.options → params \(1×\)/));
    expect(validateAgainst(LOG_SHAPES, 'EvalLog', log)).toEqual([]);
    const samples = log.samples as JsonObject[];
    expect(samples.every((s) => isJsonObject(s.scores) && 'match' in s.scores && !('score' in s))).toBe(true);
    expect(rollouts(await load(out.outputs[0]!.data as string)).map((r) => r.reward)).toEqual([0, 1, 1]);
    expect(out.notes).toContainEqual(expect.stringMatching(/version-1 log .* written as version 2/));
  });
});
