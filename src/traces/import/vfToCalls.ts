import { isJsonObject, tryParseJson, type JsonObject } from '../../core/json';
import { err, ok, type Result } from '../../core/result';
import type { AgentInfo, Stop, Task } from '../../core/types';
import type { World } from '../../core/world';
import type { CallSource } from '../replay';
import type { VfRollout } from './types';

/** What replayCalls needs to replay a vf-eval rollout into one of our worlds. */
export interface VfReplayPlan {
  world: World;
  task: Task;
  taskSpec: JsonObject;
  calls: CallSource[];
  agent: AgentInfo;
  /** How the recording ended, for a rollout whose calls run out before the world stops it. */
  stop: Stop | null;
}

/** "vp-fault-api", "fault_api", "verifier-playground/tripwire" → the world whose id ends the name. */
function worldByName(name: string | null | undefined, worlds: readonly World[]): World | undefined {
  if (!name) return undefined;
  const n = name.toLowerCase().replace(/_/g, '-');
  return worlds.find((w) => n === w.id || n.endsWith(`-${w.id}`) || n.endsWith(`/${w.id}`));
}

const toolNames = new WeakMap<World, Set<string>>();

/** Every tool name a world's tasks offer (tasks of one world may offer different sets). */
function toolsOf(world: World): Set<string> {
  let names = toolNames.get(world);
  if (!names) {
    names = new Set(world.listTasks().flatMap((t) => t.tools.map((tool) => tool.function.name)));
    toolNames.set(world, names);
  }
  return names;
}

/**
 * The one world whose tools include every tool the rollout called: a log of
 * our world written by another harness (an Inspect task wrapping it, say)
 * need not name the world for its calls to say which it is.
 */
function worldByTools(calls: VfRollout['calls'], worlds: readonly World[]): World | undefined {
  const called = new Set(calls.map((c) => c.call.name));
  if (called.size === 0) return undefined;
  const fits = worlds.filter((w) => [...called].every((name) => toolsOf(w).has(name)));
  return fits.length === 1 ? fits[0] : undefined;
}

/** Candidate task specs, most explicit first: info.task (object, JSON text or a bare task id), then info itself. */
function specCandidates(info: JsonObject | null): JsonObject[] {
  if (!info) return [];
  const out: JsonObject[] = [];
  const t = info.task ?? info.task_spec;
  if (isJsonObject(t)) out.push(t);
  else if (typeof t === 'string') {
    const parsed = tryParseJson(t);
    if (parsed.ok && isJsonObject(parsed.value)) out.push(parsed.value);
    else out.push({ id: t });
  }
  const rest: JsonObject = {};
  for (const [k, v] of Object.entries(info)) if (k !== 'world' && k !== 'task' && k !== 'agent' && k !== 'oai_tools' && v !== null) rest[k] = v;
  if (Object.keys(rest).length > 0) out.push(rest);
  return out;
}

const STOPS: Record<string, Stop> = {
  no_tools_called: { reason: 'no-tool-call', terminated: false, truncated: false },
  max_turns_reached: { reason: 'budget', terminated: false, truncated: true },
  has_error: { reason: 'agent-error', terminated: false, truncated: false },
  submitted: { reason: 'submitted', terminated: true, truncated: false },
  abandoned: { reason: 'abandoned', terminated: false, truncated: false },
};

function stopOf(r: VfRollout): Stop | null {
  const known = r.stopCondition === null ? undefined : STOPS[r.stopCondition];
  if (known) return { ...known, detail: `vf-eval stop_condition ${r.stopCondition}` };
  if (r.isTruncated) return { reason: 'budget', terminated: false, truncated: true, detail: 'vf-eval is_truncated' };
  if (r.error) return { reason: 'agent-error', terminated: false, truncated: false, detail: r.error.message };
  return null;
}

function agentOf(r: VfRollout): AgentInfo {
  const a = r.info?.agent;
  if (isJsonObject(a) && typeof a.name === 'string' && (a.kind === 'human' || a.kind === 'model' || a.kind === 'scripted' || a.kind === 'replay')) {
    const agent: AgentInfo = { kind: a.kind, name: a.name };
    if (typeof a.model === 'string') agent.model = a.model;
    return agent;
  }
  const model = r.metadata?.model ?? undefined;
  return model ? { kind: 'model', name: model, model } : { kind: 'model', name: 'vf-eval' };
}

/**
 * Map a vf-eval rollout (or an Inspect sample read as one) onto one of our
 * worlds, or say why not. The world comes from info.world, the task column,
 * the metadata env id (an Inspect log's task), or else the tools it called;
 * the task spec from info (the first candidate the world accepts). Pure:
 * nothing is opened or run.
 */
export function vfRolloutToTrace(rollout: VfRollout, worlds: readonly World[]): Result<VfReplayPlan> {
  const infoWorld = typeof rollout.info?.world === 'string' ? rollout.info.world : null;
  const world =
    worldByName(infoWorld, worlds) ?? worldByName(rollout.task, worlds) ?? worldByName(rollout.metadata?.envId, worlds) ?? worldByTools(rollout.calls, worlds);
  if (!world) {
    const named = infoWorld ?? rollout.metadata?.envId ?? rollout.task ?? 'an unnamed environment';
    return err(`${named} is not one of the playground's worlds (${worlds.map((w) => w.id).join(', ')}): shown as messages, not replayed`);
  }
  const candidates = specCandidates(rollout.info);
  let task: Task | null = null;
  let taskSpec: JsonObject | null = null;
  const rejections: string[] = [];
  for (const spec of candidates) {
    const t = world.makeTask(spec);
    if (t.ok) {
      task = t.value;
      taskSpec = t.value.spec;
      break;
    }
    rejections.push(t.error);
  }
  if (!task || !taskSpec)
    return err(`a ${world.id} rollout whose task cannot be identified from info${rejections.length ? `: ${rejections[0]}` : ' (info has no task)'}`);
  if (rollout.calls.length === 0) return err(`a ${world.id} rollout with no tool calls: nothing to replay`);
  const calls: CallSource[] = rollout.calls.map(({ call }) => {
    // A call whose arguments did not parse is replayed as recorded: the world answers it with a tool error, as it would have.
    const toolCall: CallSource['call'] = { name: call.name, arguments: call.arguments };
    if (call.id !== undefined) toolCall.id = call.id;
    return { call: toolCall };
  });
  return ok({ world, task, taskSpec, calls, agent: agentOf(rollout), stop: stopOf(rollout) });
}
