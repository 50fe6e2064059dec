import { canonicalJson, type JsonObject } from '../../../core/json';
import { err, ok, type Result } from '../../../core/result';
import type { Task, Trace } from '../../../core/types';
import type { World } from '../../../core/world';
import { specCell } from '../specNames';
import { withMaxTurns } from './route';
import { taskChoices } from '../../worlds/taskVocabulary';
import type { TaskVocabulary } from '../../worlds/types';

const MAX_SEEDS = 200;

/** "1-4, 7" → [1, 2, 3, 4, 7]: the seeds field of the batch form. */
export function parseSeeds(text: string): Result<number[]> {
  const out = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) return err(`"${part}" is not a seed or a range like 1-4`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) return err(`the range "${part}" runs backwards`);
    for (let s = from; s <= to; s++) {
      out.add(s);
      if (out.size > MAX_SEEDS) return err(`at most ${MAX_SEEDS} seeds at once`);
    }
  }
  return out.size === 0 ? err('give at least one seed, e.g. 1-4') : ok([...out].sort((a, b) => a - b));
}

/** Whether the world's tasks take a seed, so the form asks for seeds. */
export const hasSeeds = (world: World): boolean => world.listTasks().some((t) => typeof t.spec.seed === 'number');

/** The batch's tasks: each chosen task × each seed, with the person's turn budget. */
export function batchTasks(
  world: World,
  vocabulary: TaskVocabulary,
  keys: ReadonlySet<string>,
  seedsText: string,
  maxTurns: number | undefined,
): Result<Task[]> {
  const chosen = taskChoices(world, vocabulary).filter((t) => keys.has(vocabulary.key(t)));
  if (chosen.length === 0) return err('pick at least one task');
  const seeds = hasSeeds(world) ? parseSeeds(seedsText) : ok([]);
  if (!seeds.ok) return err(seeds.error);
  const tasks: Task[] = [];
  for (const base of chosen) {
    const specs: JsonObject[] = typeof base.spec.seed === 'number' ? seeds.value.map((seed) => ({ ...base.spec, seed })) : [base.spec];
    for (const spec of specs) {
      const made = world.makeTask(spec);
      if (!made.ok) return err(`${canonicalJson(spec)}: ${made.error}`);
      tasks.push(withMaxTurns(world, made.value, maxTurns));
    }
  }
  return ok(tasks);
}

/** Batch table rows: one per task with its seeds pooled, or one per task and seed. */
export type CellMode = 'pooled' | 'each';

/** A readable cell name from a trace's task spec, as its world names it (lib/specNames), with its seed unless seeds are pooled. */
export function cellOf(mode: CellMode): (trace: Trace) => string {
  return (trace) => specCell(trace.world, trace.task, mode === 'pooled');
}
