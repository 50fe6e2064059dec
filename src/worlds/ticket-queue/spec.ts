import { isJsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import { makeBoard, type TicketRecord } from './data';
import { TASK_DEFS, taskDef, type Gold, type TaskDef } from './tasks';

export const WORLD_ID = 'ticket-queue';
const KNOWN_KEYS = new Set(['world', 'id', 'seed', 'max_turns']);

export interface TicketQueueParams {
  def: TaskDef;
  seed: number;
  /** A turn budget other than the world's default; part of the spec, so replays agree. */
  maxTurns?: number;
}

/** Validate `{"id": "<task id>", "seed": n}` (seed optional, "world" allowed) from outside. */
export function parseSpec(spec: unknown): Result<TicketQueueParams> {
  const ids = TASK_DEFS.map((d) => d.id).join(', ');
  if (!isJsonObject(spec)) return err(`a ticket-queue task must be a JSON object like {"id": "${TASK_DEFS[0]!.id}", "seed": 1}`);
  for (const key of Object.keys(spec)) if (!KNOWN_KEYS.has(key)) return err(`unknown ticket-queue task field "${key}" (known: id, seed, max_turns)`);
  if (spec.world !== undefined && spec.world !== WORLD_ID) return err(`task.world must be "${WORLD_ID}", got ${JSON.stringify(spec.world)}`);
  if (typeof spec.id !== 'string') return err(`task.id must be one of ${ids}`);
  const def = taskDef(spec.id);
  if (!def) return err(`unknown ticket-queue task "${spec.id}" (known: ${ids})`);
  const seed = spec.seed ?? def.defaultSeed;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1)
    return err(`task.seed must be an integer between 0 and ${2 ** 31 - 1}, got ${JSON.stringify(seed)}`);
  const maxTurns = spec.max_turns;
  if (maxTurns === undefined || maxTurns === null) return ok({ def, seed });
  if (typeof maxTurns !== 'number' || !Number.isInteger(maxTurns) || maxTurns < 1 || maxTurns > 10000)
    return err(`task.max_turns must be an integer between 1 and 10000, got ${JSON.stringify(maxTurns)}`);
  return ok({ def, seed, maxTurns });
}

export interface Setup {
  def: TaskDef;
  seed: number;
  board: TicketRecord[];
  gold: Gold;
}

/** The board and gold of a task spec: what the session, rubric and reference agents share. */
export function setupOf(spec: unknown): Setup {
  const p = parseSpec(spec);
  if (!p.ok) throw new Error(`ticket-queue got a bad task: ${p.error}`);
  const board = makeBoard(p.value.seed);
  return { ...p.value, board, gold: p.value.def.gold(board) };
}
