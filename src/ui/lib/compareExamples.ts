import type { Payload } from '../workers/importProtocol';
import type { LibraryEntry } from './librarySummary';

/** One side of an example: a model's (or a person's) row on it, and what it did. */
export interface Side {
  entry: LibraryEntry;
  /** The final output: the submitted answer (our worlds), the last assistant message (other envs). */
  output: string;
  /** Tool calls with what each returned, in order. */
  tools: { call: string; result: string | null; ok: boolean }[];
  caughtBy: string | null;
}

export interface ExampleRow {
  example: string;
  /** By agent, in the order of `agents`; null where that agent has no row on this example. */
  sides: (Side | null)[];
}

export interface ExampleComparison {
  agents: string[];
  rows: ExampleRow[];
  /** Examples only one agent ran: counted, not shown side by side. */
  unpaired: number;
}

const short = (v: unknown, max = 400) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** What a row's payload says it did: its output, its tools' results, and the layer that caught it. */
export function sideOf(entry: LibraryEntry, payload: Payload | undefined): Side {
  if (!payload) return { entry, output: '', tools: [], caughtBy: null };
  if (payload.kind === 'native') {
    const t = payload.trace;
    const last = t.steps[t.steps.length - 1];
    return {
      entry,
      output: last ? `${last.call.name} ${short(last.call.arguments)}` : '',
      tools: t.steps.map((s) => ({ call: `${s.call.name} ${short(s.call.arguments, 160)}`, result: short(s.result.content), ok: s.result.ok })),
      caughtBy: t.scorecard?.verdict.caughtBy ?? null,
    };
  }
  const r = payload.rollout;
  const said = [...r.completion].reverse().find((m) => m.role === 'assistant' && m.content.trim() !== '');
  // A vf-eval row records rewards, not a verdict: the layer that caught it is the first metric below 1 (our worlds' rows carry their layers as metrics).
  const failing = Object.entries(r.metrics).find(([k, v]) => k !== 'naive_reward' && v < 1 - 1e-9);
  return {
    entry,
    output: short(said?.content ?? ''),
    tools: r.calls.map((c) => ({
      call: `${c.call.name} ${short(c.call.arguments, 160)}`,
      result: c.result ? short(c.result.content) : null,
      ok: c.result !== null,
    })),
    caughtBy:
      r.reward !== null && r.reward < 1 - 1e-9
        ? failing
          ? `${failing[0]} ${failing[1].toFixed(2)}`
          : `the reward (${r.reward.toFixed(2)}; no layer below 1 recorded)`
        : null,
  };
}

/**
 * The selected rows paired by example: one column per agent (in the order
 * first met), one row per example at least two of them ran. An agent with
 * several rows on one example (several rollouts) shows its first.
 */
export function compareByExample(entries: readonly LibraryEntry[], payloadOf: (id: string) => Payload | undefined): ExampleComparison {
  const agents: string[] = [];
  const byExample = new Map<string, Map<string, LibraryEntry>>();
  for (const e of entries) {
    if (!agents.includes(e.agent)) agents.push(e.agent);
    const m = byExample.get(e.example) ?? new Map<string, LibraryEntry>();
    if (!m.has(e.agent)) m.set(e.agent, e);
    byExample.set(e.example, m);
  }
  const rows: ExampleRow[] = [];
  let unpaired = 0;
  for (const [example, m] of byExample) {
    if (m.size < 2) {
      unpaired++;
      continue;
    }
    rows.push({ example, sides: agents.map((a) => (m.has(a) ? sideOf(m.get(a)!, payloadOf(m.get(a)!.id)) : null)) });
  }
  return { agents, rows, unpaired };
}
