import { canonicalJson, isJsonObject } from '../../core/json';
import { hashString } from '../../core/hash';
import type { Payload } from '../workers/importProtocol';
import type { LibraryEntry } from './librarySummary';
import { specNames } from './specNames';

/** One trace as the report reads it: who, where, and what it measured. */
export interface ReportInput {
  agent: string;
  world: string;
  /** The group within the world its world names (a profile: "hostile"); null when it names none. */
  column: string | null;
  reward: number | null;
  pass: boolean | null;
  disagreement: boolean;
  layers: Record<string, number>;
  steps: number;
  /** The largest prompt the model was sent in this trace (tokens). */
  peakContext: number | null;
  costUsd: number | null;
  latencyMs: number | null;
}

/** A figure a seed published for a real model: a reference row, never pooled with the person's. */
export interface PublishedRow {
  world: string;
  /** The group it was measured on (a profile); null: over all the world's tasks. */
  column: string | null;
  agent: string;
  reward: number | null;
  naive: number | null;
  layers: Record<string, number>;
  source: string;
}

export interface ReportRow {
  agent: string;
  /** 'yours': computed from the selection; otherwise the published source. */
  source: 'yours' | string;
  n: number | null;
  reward: number | null;
  passRate: number | null;
  disagreementRate: number | null;
  layers: Record<string, number>;
  steps: number | null;
  peakContext: number | null;
  costUsd: number | null;
  latencyMs: number | null;
}

export interface ReportGroup {
  /** "fault-api · hostile" */
  key: string;
  world: string;
  column: string | null;
  layerIds: string[];
  rows: ReportRow[];
  published: ReportRow[];
  /** Best and worst mean full reward among the person's rows, when there are two or more. */
  gap: { best: string; worst: string; by: number } | null;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const present = <T>(xs: readonly (T | null)[]) => xs.filter((x): x is T => x !== null);

function agentRow(agent: string, rows: readonly ReportInput[]): ReportRow {
  const judged = present(rows.map((r) => r.pass));
  const layerIds = [...new Set(rows.flatMap((r) => Object.keys(r.layers)))];
  return {
    agent,
    source: 'yours',
    n: rows.length,
    reward: mean(present(rows.map((r) => r.reward))),
    passRate: judged.length ? judged.filter(Boolean).length / judged.length : null,
    disagreementRate: rows.filter((r) => r.disagreement).length / rows.length,
    layers: Object.fromEntries(layerIds.map((l) => [l, mean(present(rows.map((r) => r.layers[l] ?? null)))!])),
    steps: mean(rows.map((r) => r.steps)),
    peakContext: mean(present(rows.map((r) => r.peakContext))),
    costUsd: mean(present(rows.map((r) => r.costUsd))),
    latencyMs: mean(present(rows.map((r) => r.latencyMs))),
  };
}

const fromPublished = (p: PublishedRow): ReportRow => ({
  agent: p.agent,
  source: p.source,
  n: null,
  reward: p.reward,
  passRate: null,
  disagreementRate: null,
  layers: p.layers,
  steps: null,
  peakContext: null,
  costUsd: null,
  latencyMs: null,
});

/**
 * The per-model report: one group per world and the group its world names (a
 * profile), one row per agent in it, with the published rows for that world
 * and group beside them. Means are over the traces given; a figure no trace
 * recorded (cost of a vf-eval row) is left empty, not zero.
 */
export function buildReport(inputs: readonly ReportInput[], published: readonly PublishedRow[]): ReportGroup[] {
  const groups = new Map<string, { world: string; column: string | null; rows: ReportInput[] }>();
  for (const r of inputs) {
    const key = JSON.stringify([r.world, r.column]);
    const g = groups.get(key) ?? { world: r.world, column: r.column, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map(({ world, column, rows }) => {
      const agents = [...new Set(rows.map((r) => r.agent))].sort();
      const mine = agents.map((a) =>
        agentRow(
          a,
          rows.filter((r) => r.agent === a),
        ),
      );
      const scored = mine.filter((r) => r.reward !== null).sort((a, b) => b.reward! - a.reward!);
      const best = scored[0];
      const worst = scored[scored.length - 1];
      return {
        key: column ? `${world} · ${column}` : world,
        world,
        column,
        layerIds: [...new Set(rows.flatMap((r) => Object.keys(r.layers)))].filter((l) => !(MEASURED as readonly string[]).includes(l)),
        rows: mine,
        published: published.filter((p) => p.world === world && (p.column === null || p.column === column)).map(fromPublished),
        gap: best && worst && scored.length >= 2 ? { best: best.agent, worst: worst.agent, by: best.reward! - worst.reward! } : null,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * The rows a report counts. A person's run played with hints is no human
 * baseline: left out unless the reader includes it, and counted as left out,
 * so the report says what it does not show.
 */
export function reportRows<E extends Pick<LibraryEntry, 'hints' | 'kind' | 'stop' | 'run'>>(
  rows: readonly E[],
  includeHinted: boolean,
  /** What a row holds (contentKey): the same run imported twice (an export read back in) is counted once. */
  keyOf: (e: E) => string | null = () => null,
): { counted: E[]; hinted: number; unfinished: number; duplicates: number } {
  // A run still in progress has no final score yet: averaging its provisional one would drag a baseline down.
  const finished = rows.filter((e) => !(e.kind === 'native' && e.stop === null));
  // Alike rows in one file (or among the runs saved here) are that many rollouts; another file holding them again
  // is a copy. A content is counted as often as the one source that holds it most.
  const perSource = new Map<string, Map<string, number>>();
  for (const e of finished) {
    const k = keyOf(e);
    if (k === null) continue;
    const counts = perSource.get(k) ?? new Map<string, number>();
    counts.set(e.run ?? '', (counts.get(e.run ?? '') ?? 0) + 1);
    perSource.set(k, counts);
  }
  const taken = new Map<string, number>();
  const distinct = finished.filter((e) => {
    const k = keyOf(e);
    if (k === null) return true;
    const n = taken.get(k) ?? 0;
    if (n >= Math.max(...perSource.get(k)!.values())) return false;
    taken.set(k, n + 1);
    return true;
  });
  const hinted = distinct.filter((e) => e.hints === true).length;
  return {
    counted: includeHinted ? distinct : distinct.filter((e) => e.hints !== true),
    hinted,
    unfinished: rows.length - finished.length,
    duplicates: finished.length - distinct.length,
  };
}

/**
 * A run's content, whoever imported it and from which file: the same trace read twice has the same key.
 * Durations are part of it, so two people's runs that happen to make the same calls stay two runs; so are the
 * world and agent the row is listed under (two models' files may hold alike rows: vf-eval names them by file).
 */
export function contentKey(e: Pick<LibraryEntry, 'world' | 'agent'>, payload: Payload | undefined): string | null {
  if (!payload) return null;
  return `${JSON.stringify([e.world, e.agent])}:${payloadKey(payload)}`;
}

function payloadKey(payload: Payload): string {
  if (payload.kind === 'native') {
    const t = payload.trace;
    return `native:${hashString(canonicalJson({ world: t.world, task: t.task, agent: t.agent, steps: t.steps, stop: t.stop, reward: t.scorecard?.reward ?? null }))}`;
  }
  const r = payload.rollout;
  return `vf:${hashString(canonicalJson({ example: r.exampleId, prompt: r.prompt, completion: r.completion, reward: r.reward, metrics: r.metrics, timing: r.timing }))}`;
}

/** The figures every group shows in their own columns: a layer of the same name (a rubric's metric) would list them twice. */
export const MEASURED = ['steps', 'peak_context', 'cost', 'latency'] as const;

/** A library row with its payload as the report reads it. */
export function reportInput(e: LibraryEntry, payload: Payload | undefined): ReportInput {
  let column: string | null = null;
  let peakContext: number | null = null;
  let costUsd: number | null = null;
  if (payload?.kind === 'native') {
    column = specNames(e.world).group(payload.trace.task);
    const prompts = payload.trace.steps.flatMap((s) => (s.usage ? [s.usage.promptTokens] : []));
    peakContext = prompts.length ? Math.max(...prompts) : null;
    const costs = payload.trace.steps.flatMap((s) => (s.model?.costUsd === undefined ? [] : [s.model.costUsd]));
    costUsd = costs.length ? costs.reduce((a, b) => a + b, 0) : null;
  } else if (payload?.kind === 'vf') {
    const task = payload.rollout.info?.task;
    if (isJsonObject(task)) column = specNames(e.world).group(task);
    peakContext = payload.rollout.tokenUsage?.finalInputTokens ?? null;
  }
  return {
    agent: e.agent,
    world: e.world,
    column,
    reward: e.reward,
    pass: e.verdictFull === null ? null : e.verdictFull === 'PASS',
    disagreement: e.disagreement,
    layers: e.layers,
    steps: e.steps,
    peakContext,
    costUsd,
    latencyMs: e.durationMs,
  };
}
