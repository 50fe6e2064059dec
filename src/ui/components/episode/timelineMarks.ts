import type { Step, WorldEvent } from '../../../core/types';
import { eventTone, laneOf, toolColor, type Lane } from './eventStyle';

export type MarkShape = 'dot' | 'diamond' | 'square';

/** Everything that happened in one lane at one step: one mark, so none hides another. */
export interface Mark {
  step: number;
  lane: Lane;
  color: string;
  shape: MarkShape;
  /** One line per thing in the mark, for the tooltip: "step 3 · fetch_page · fault: a repeated cursor". */
  lines: string[];
}

const TONE_COLOR = { bad: 'var(--c-bad)', fault: 'var(--c-fault)', warn: 'var(--c-warn)', info: 'var(--accent)' } as const;
// The mark takes the shape and colour of its most serious part: a trip among accesses shows as the trip.
const SEVERITY = { bad: 3, fault: 2, warn: 1, info: 0 } as const;

const eventLine = (n: number, tool: string, e: WorldEvent) => `step ${n} · ${tool} · ${e.kind}: ${e.message}`;

/** The timeline's marks: a call per step, a failed call, and each lane's events grouped per step. */
export function marksOf(steps: readonly Step[], tools: readonly string[], hideEvents: boolean): Mark[] {
  const marks: Mark[] = [];
  for (const s of steps) {
    const n = s.index + 1;
    const tool = s.call.name;
    // This step's own marks: looked up here, not over every mark (quadratic over a 5,000-step trace).
    const first = marks.length;
    marks.push({ step: n, lane: 'calls', color: toolColor(tools, tool), shape: 'dot', lines: [`step ${n} · ${tool}`] });
    if (!s.result.ok) marks.push({ step: n, lane: 'errors', color: 'var(--c-bad)', shape: 'square', lines: [`step ${n} · ${tool} · the call failed`] });
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
      const worst = events.reduce((a, b) => (SEVERITY[eventTone(b)] > SEVERITY[eventTone(a)] ? b : a));
      const tone = eventTone(worst);
      marks.push({ step: n, lane, color: TONE_COLOR[tone], shape: tone === 'bad' ? 'diamond' : 'dot', lines: events.map((e) => eventLine(n, tool, e)) });
    }
  }
  return marks;
}

/**
 * Marks that would share a pixel column merged into one per lane: a timeline
 * of 5,000 steps drew 12,000 SVG shapes (2.9 s) where ~300 columns show. The
 * merged mark keeps the most serious look and says how many it stands for.
 */
export function thinMarks(marks: readonly Mark[], steps: number, columns: number): Mark[] {
  if (steps <= columns) return [...marks];
  const per = steps / columns;
  const buckets = new Map<string, Mark & { merged: number }>();
  const order = (m: Mark) => (m.shape === 'diamond' ? 3 : m.shape === 'square' ? 2 : m.color.includes('fault') ? 1 : 0);
  for (const m of marks) {
    const key = `${m.lane}:${Math.floor((m.step - 1) / per)}`;
    const b = buckets.get(key);
    if (!b) {
      buckets.set(key, { ...m, lines: m.lines.slice(0, 5), merged: m.lines.length });
      continue;
    }
    b.merged += m.lines.length;
    if (b.lines.length < 5) b.lines.push(...m.lines.slice(0, 5 - b.lines.length));
    if (order(m) > order(b)) Object.assign(b, { step: m.step, color: m.color, shape: m.shape });
  }
  return [...buckets.values()].map(({ merged, ...m }) => ({ ...m, lines: merged > m.lines.length ? [...m.lines, `and ${merged - m.lines.length} more`] : m.lines }));
}
