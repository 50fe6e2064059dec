import type { Step, WorldEvent } from '../../../core/types';
import { MARKS, type MarkKind } from '../../lib/palette';
import { laneOf, type Lane } from './eventStyle';

/** Everything that happened in one lane at one step: one mark, so none hides another. */
export interface Mark {
  step: number;
  lane: Lane;
  /** What it is: its shape and colour are the palette's (lib/palette.ts MARKS), and the legend says so. */
  kind: MarkKind;
  /** One line per thing in the mark, for the tooltip: "step 3 · fetch_page · fault: a repeated cursor". */
  lines: string[];
}

/** An event's mark kind; the most serious one in a lane sets the mark (a trip among reads shows as the trip). */
function kindOf(e: WorldEvent): MarkKind {
  if (e.kind === 'trip' || e.kind === 'refused' || e.code === 'rate-limited') return 'alarm';
  if (e.kind === 'fault') return 'fault';
  if (e.kind === 'write') return 'write';
  if (e.kind === 'error') return 'error';
  return 'read';
}
const SEVERITY: Record<MarkKind, number> = { alarm: 4, failed: 4, fault: 3, write: 2, error: 1, read: 0, call: 0 };

const eventLine = (n: number, tool: string, e: WorldEvent) => `step ${n} · ${tool} · ${e.kind}: ${e.message}`;

/** The timeline's marks: a call per step, a failed call, and each lane's events grouped per step. */
export function marksOf(steps: readonly Step[], hideEvents: boolean): Mark[] {
  const marks: Mark[] = [];
  for (const s of steps) {
    const n = s.index + 1;
    const tool = s.call.name;
    // This step's own marks: looked up here, not over every mark (quadratic over a 5,000-step trace).
    const first = marks.length;
    marks.push({ step: n, lane: 'calls', kind: 'call', lines: [`step ${n} · ${tool}`] });
    if (!s.result.ok) marks.push({ step: n, lane: 'errors', kind: 'failed', lines: [`step ${n} · ${tool} · the call failed`] });
    if (hideEvents) continue;
    const byLane = new Map<Lane, WorldEvent[]>();
    for (const e of s.events) {
      const lane = laneOf(e.kind);
      // A failed call already has its square in the errors lane; its error events add lines to it.
      if (!lane) continue;
      byLane.set(lane, [...(byLane.get(lane) ?? []), e]);
    }
    for (const [lane, events] of byLane) {
      const own = marks.slice(first).find((m) => m.lane === lane);
      if (own) {
        own.lines.push(...events.map((e) => eventLine(n, tool, e)));
        continue;
      }
      const kind = events.map(kindOf).reduce((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a));
      marks.push({ step: n, lane, kind, lines: events.map((e) => eventLine(n, tool, e)) });
    }
  }
  return marks;
}

/**
 * Marks that would share a pixel column merged into one per lane: a timeline
 * of 5,000 steps drew 12,000 SVG shapes (2.9 s) where ~300 columns show. The
 * merged mark keeps the most serious kind and says how many it stands for.
 */
export function thinMarks(marks: readonly Mark[], steps: number, columns: number): Mark[] {
  if (steps <= columns) return [...marks];
  const per = steps / columns;
  const buckets = new Map<string, Mark & { merged: number }>();
  for (const m of marks) {
    const key = `${m.lane}:${Math.floor((m.step - 1) / per)}`;
    const b = buckets.get(key);
    if (!b) {
      buckets.set(key, { ...m, lines: m.lines.slice(0, 5), merged: m.lines.length });
      continue;
    }
    b.merged += m.lines.length;
    if (b.lines.length < 5) b.lines.push(...m.lines.slice(0, 5 - b.lines.length));
    if (SEVERITY[m.kind] > SEVERITY[b.kind]) Object.assign(b, { step: m.step, kind: m.kind });
  }
  return [...buckets.values()].map(({ merged, ...m }) => ({
    ...m,
    lines: merged > m.lines.length ? [...m.lines, `and ${merged - m.lines.length} more`] : m.lines,
  }));
}

export { MARKS };
