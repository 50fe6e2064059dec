import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../core/agent';
import { Episode, runEpisode } from '../core/episode';
import { isJsonObject } from '../core/json';
import type { StepResult, Task, ToolCall } from '../core/types';
import type { World } from '../core/world';
import { verifyTrace } from '../traces/replay';
import type { LenientCases } from './lenientCases';
import { WORLDS } from './registry';
// The fixture worlds too: each brings its cases in its own folder.
import './testing/register';

/** Every world's cases, from its folder (`<id>/lenientCases.ts`). */
const CASES: Record<string, LenientCases> = Object.fromEntries(
  Object.values(import.meta.glob<{ lenientCases: LenientCases }>(['./*/lenientCases.ts', './testing/*/lenientCases.ts'], { eager: true })).map((m) => [
    m.lenientCases.world,
    m.lenientCases,
  ]),
);

const worldOf = (id: string): World => WORLDS.find((w) => w.id === id)!;

function taskOf(world: World): Task {
  const t = world.makeTask(CASES[world.id]!.spec);
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

/** One call on a fresh episode (which reads it leniently for its session): every variant is compared with its canonical call from the same state. */
async function once(world: World, c: ToolCall): Promise<StepResult> {
  const episode = await Episode.open(world, taskOf(world), { kind: 'scripted', name: 'once' });
  try {
    const step = await episode.apply(c);
    if (!step) throw new Error(`the world failed: ${episode.stop?.detail}`);
    return { ...step.result, events: step.events };
  } finally {
    await episode.close();
  }
}

const errorOf = (r: StepResult) => JSON.parse(r.content) as { error: string; message: string };

describe('every registered world brings its lenient cases (<id>/lenientCases.ts)', () => {
  it.each(WORLDS.map((w) => w.id))('%s', (id) => expect(CASES[id]).toBeDefined());
});

describe.each(Object.keys(CASES))('lenient tool calls: %s', (id) => {
  const world = worldOf(id);
  const c = CASES[id]!;

  it.each(c.variants)('%s: answered as the canonical call, plus one call-normalised event', async (_what, sent, canonical, message) => {
    const want = await once(world, canonical);
    const got = await once(world, sent);
    expect(want.ok).toBe(true);
    expect({ ok: got.ok, content: got.content, done: got.done }).toEqual({ ok: want.ok, content: want.content, done: want.done });
    expect(got.events.slice(0, -1)).toEqual(want.events);
    expect(got.events.at(-1)).toEqual({ code: 'call-normalised', kind: 'info', layer: null, message, data: expect.objectContaining({ tool: canonical.name }) });
    expect(want.events.some((e) => e.code === 'call-normalised')).toBe(false);
  });

  it('an unknown tool is an error that names the tools', async () => {
    const r = await once(world, c.unknown);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toEqual({ error: 'unknown_tool', message: `unknown tool "${c.unknown.name}"; the tools are ${c.tools}` });
    expect(r.events.map((e) => e.code)).toEqual(['unknown_tool']);
  });

  it('two arguments for one parameter are an error, not a guess', async () => {
    const r = await once(world, c.conflict[0]);
    expect(r.ok).toBe(false);
    expect(errorOf(r)).toEqual({ error: 'invalid_arguments', message: c.conflict[1] });
    expect(r.events.map((e) => e.code)).toEqual(['invalid_arguments']);
  });

  it('the task declares its leniency, and every alias names a real tool and argument', () => {
    for (const task of world.listTasks()) {
      expect(task.lenient, task.id).toBeDefined();
      const props = new Map(
        task.tools.map((t) => [t.function.name, Object.keys(isJsonObject(t.function.parameters.properties) ? t.function.parameters.properties : {})]),
      );
      for (const [alias, target] of Object.entries(task.lenient!.tools ?? {})) {
        expect(props.has(target), `${alias} → ${target}`).toBe(true);
        expect(props.has(alias), `${alias} shadows a tool`).toBe(false);
      }
      for (const [tool, synonyms] of Object.entries(task.lenient!.args ?? {}))
        for (const [alias, target] of Object.entries(synonyms)) expect(props.get(tool), `${tool}: ${alias} → ${target}`).toContain(target);
    }
  });

  it('the same variant calls give byte-identical traces that keep each call as sent, and replay as a match', async () => {
    const task = taskOf(world);
    const script = [c.unknown, c.conflict[0], ...c.variants.map((v) => v[1])];
    const a = await runEpisode(world, task, scriptedAgent('variants', script));
    const b = await runEpisode(world, task, scriptedAgent('variants', script));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(a.steps.map((s) => s.call)).toEqual(script);
    expect(a.stop?.reason).toBe('submitted');
    expect(a.steps.filter((s) => s.events.some((e) => e.code === 'call-normalised')).length).toBeGreaterThan(0);
    const replay = await verifyTrace(world, a);
    expect(replay.ok && replay.value.status).toBe('match');
  });
});
