import { describe, expect, it } from 'vitest';
import type { Trace } from '../../core/types';
import { buildReport, contentKey, reportRows, type ReportInput } from './report';
import { reportCsv, reportSvg } from './reportFiles';
import { publishedRows } from '../worlds/registry';

/** Every world's published figures, as the report view loads them. */
const PUBLISHED = await publishedRows();

const row = (agent: string, column: string, reward: number, patch: Partial<ReportInput> = {}): ReportInput => ({
  agent,
  world: 'fault-api',
  column,
  reward,
  pass: reward === 1,
  disagreement: false,
  layers: { completeness: reward },
  steps: 10,
  peakContext: null,
  costUsd: null,
  latencyMs: null,
  ...patch,
});

describe('the per-model report', () => {
  it('one row per agent per world and profile: means, pass and disagreement rates, peaks, and the gap stated', () => {
    const groups = buildReport(
      [
        row('local-7b', 'hostile', 0.5, { disagreement: true, steps: 20, peakContext: 1000, costUsd: 0, latencyMs: 300 }),
        row('local-7b', 'hostile', 1, { steps: 10, peakContext: 3000, costUsd: 0, latencyMs: 100 }),
        row('frontier', 'hostile', 1, { costUsd: 0.02 }),
        row('human', 'clean', 1),
      ],
      PUBLISHED,
    );
    expect(groups.map((g) => g.key)).toEqual(['fault-api · clean', 'fault-api · hostile']);
    const hostile = groups[1]!;
    const local = hostile.rows.find((r) => r.agent === 'local-7b')!;
    expect(local).toMatchObject({
      n: 2,
      reward: 0.75,
      passRate: 0.5,
      disagreementRate: 0.5,
      steps: 15,
      peakContext: 2000,
      costUsd: 0,
      latencyMs: 200,
      layers: { completeness: 0.75 },
    });
    expect(hostile.rows.find((r) => r.agent === 'frontier')).toMatchObject({ peakContext: null, latencyMs: null, costUsd: 0.02 });
    expect(hostile.gap).toEqual({ best: 'frontier', worst: 'local-7b', by: 0.25 });
    expect(groups[0]!.gap).toBeNull();
    // The seed's table: three models on hostile, labelled as published, not counted as the person's.
    expect(hostile.published.map((p) => [p.agent, p.reward])).toEqual([
      ['google/gemini-2.5-flash-lite', null],
      ['deepseek/deepseek-v3.2', 0.76],
      ['anthropic/claude-sonnet-5', 0.81],
    ]);
    expect(hostile.published.every((p) => p.source.startsWith('dirty-integration seed') && p.n === null)).toBe(true);
  });

  it('a world the seeds measured over all tasks shows its published rows in each of its groups; other worlds none', () => {
    const groups = buildReport([row('m', 'read', 1, { world: 'tripwire' }), row('m', 'x', 1, { world: 'elsewhere' })], PUBLISHED);
    expect(groups.find((g) => g.world === 'tripwire')!.published.map((p) => p.agent)).toEqual(['gpt-4.1-mini', 'gpt-4o-mini', 'gpt-4.1-nano']);
    expect(groups.find((g) => g.world === 'tripwire')!.published[2]!.layers).toMatchObject({ final_answer: 0.83, end_state: 1 });
    expect(groups.find((g) => g.world === 'elsewhere')!.published).toEqual([]);
  });

  it('writes CSV with published rows marked, and an SVG chart that labels them', () => {
    const groups = buildReport([row('local, "7b"', 'hostile', 0.5)], PUBLISHED);
    const csv = reportCsv(groups).trim().split('\n');
    expect(csv[0]).toBe(
      'group,agent,source,traces,mean_full,pass_rate,naive_full_disagreement_rate,layer_completeness,mean_steps,peak_context_tokens,cost_usd,latency_ms',
    );
    expect(csv[1]).toBe('fault-api · hostile,"local, ""7b""",yours,1,0.500,0.000,0.000,0.500,10.0,,,');
    expect(csv[3]).toMatch(/^fault-api · hostile,deepseek\/deepseek-v3\.2,"published: dirty-integration seed[^"]*",,0\.760,/);
    const svg = reportSvg(groups);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('local, &quot;7b&quot;');
    expect(svg).toContain('deepseek/deepseek-v3.2 (published)');
    expect(svg).toContain('not run');
  });
});

describe('runs played with hints', () => {
  const e = (id: string, hints?: boolean, stop: string | null = 'submitted') => ({ id, hints, kind: 'native' as const, stop, run: null });
  it('are left out of the report unless included, and counted either way; runs in progress never count', () => {
    const rows = [e('a'), e('b', true), e('c', false), e('d', false, null)];
    expect(reportRows(rows, false)).toEqual({ counted: [e('a'), e('c', false)], hinted: 1, unfinished: 1, duplicates: 0 });
    expect(reportRows(rows, true)).toEqual({ counted: rows.slice(0, 3), hinted: 1, unfinished: 1, duplicates: 0 });
  });

  it('a rubric metric named like a measured column (steps, cost, latency) is not listed twice', () => {
    const [g] = buildReport([row('m', 'hostile', 1, { layers: { completeness: 1, steps: 0.9, cost: 1, latency: 1 } })], []);
    expect(g!.layerIds).toEqual(['completeness']);
  });
});

describe('the same run imported twice', () => {
  it('is counted once, and the copies are counted', () => {
    const e = (id: string, key: string, run: string | null) => ({ id, key, run, kind: 'native' as const, stop: 'submitted', hints: false });
    // File 1 holds two alike rollouts (x twice) and y; file 2 is the same file imported again.
    const rows = [e('a', 'x', 'f1'), e('b', 'x', 'f1'), e('c', 'y', 'f1'), e('d', 'x', 'f2'), e('e', 'x', 'f2'), e('f', 'y', 'f2'), e('g', 'z', null)];
    const r = reportRows(rows, false, (row) => row.key);
    expect(r.counted.map((x) => x.id)).toEqual(['a', 'b', 'c', 'g']);
    expect(r.duplicates).toBe(3);
  });

  it('a trace and its copy share a content key; a run with other durations does not', () => {
    const trace = {
      format: 'verifier-playground.trace',
      version: 2,
      world: 'w',
      task: { id: 't' },
      agent: { kind: 'human', name: 'you' },
      steps: [{ index: 0, call: { name: 'f', arguments: {} }, result: { ok: true, content: '', done: false }, events: [], durationMs: 5 }],
      stop: null,
      scorecard: null,
      events: [],
    } as unknown as Trace;
    const copy = JSON.parse(JSON.stringify({ ...trace, meta: { source: 'export.jsonl' } })) as Trace;
    const row = { world: 'w', agent: 'human' };
    expect(contentKey(row, { kind: 'native', trace })).toBe(contentKey(row, { kind: 'native', trace: copy }));
    const slower = { ...trace, steps: [{ ...trace.steps[0]!, durationMs: 9 }] };
    expect(contentKey(row, { kind: 'native', trace: slower })).not.toBe(contentKey(row, { kind: 'native', trace }));
    // Alike rows listed under two models are two runs.
    expect(contentKey({ world: 'w', agent: 'other' }, { kind: 'native', trace })).not.toBe(contentKey(row, { kind: 'native', trace }));
  });
});
