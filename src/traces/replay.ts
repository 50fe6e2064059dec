import { Episode } from '../core/episode';
import { canonicalJson } from '../core/json';
import { err, ok, type Result } from '../core/result';
import type { AgentInfo, EpisodeEvent, Step, StepExtras, Stop, Task, ToolCall, Trace } from '../core/types';
import type { World } from '../core/world';

export interface StepDiff {
  step: number;
  field: 'ok' | 'content' | 'done' | 'events' | 'extra-step' | 'missing-step';
  recorded: string;
  replayed: string;
}

export interface ReplayReport {
  status: 'match' | 'mismatch';
  diffs: StepDiff[];
  /** The trace as replayed now, scored by the current verifiers. */
  trace: Trace;
}

export interface CallSource {
  call: ToolCall;
  extras?: StepExtras;
}

export interface ReplayOptions {
  /**
   * Awaited after every replayed call (and before each step's comparison). The page passes one that hands the main thread
   * back once a time slice is used up (a world whose calls resolve at once would
   * otherwise replay thousands of steps in one task); it may reject to stop the replay.
   * This module reads no clock: without one the replay runs straight through.
   */
  pause?: () => Promise<void>;
}

/**
 * Play recorded calls against a fresh session. The episode stops where the
 * recording stopped: if the calls run out first, the recorded stop (or
 * "abandoned") is applied, so a truncated recording scores as it ended.
 * Recorded episode events (hints revealed) are the record's, not the world's: carried over.
 */
export async function replayCalls(
  world: World,
  task: Task,
  calls: readonly CallSource[],
  agent: AgentInfo,
  recordedStop: Stop | null = null,
  events: readonly EpisodeEvent[] = [],
  { pause }: ReplayOptions = {},
): Promise<{ trace: Trace; unplayed: number }> {
  const episode = await Episode.open(world, task, agent, { events });
  try {
    let played = 0;
    for (const { call, extras } of calls) {
      if (episode.stop) break;
      await episode.apply(call, extras);
      played++;
      if (pause) await pause();
    }
    if (!episode.stop)
      episode.end(recordedStop ?? { reason: 'abandoned', terminated: false, truncated: false, detail: 'the recorded calls ended before the episode did' });
    return { trace: await episode.toTrace(), unplayed: calls.length - played };
  } finally {
    await episode.close();
  }
}

function describeEvents(step: Step): string {
  return canonicalJson(step.events);
}

/** Replay a trace's calls and compare every recorded result with what the world returns now. */
export async function verifyTrace(world: World, trace: Trace, options: ReplayOptions = {}): Promise<Result<ReplayReport>> {
  const task = world.makeTask(trace.task);
  if (!task.ok) return err(`the trace's task is not valid for ${world.id}: ${task.error}`);
  const calls: CallSource[] = trace.steps.map((s) => {
    const extras: CallSource['extras'] = {};
    if (s.usage) extras.usage = s.usage;
    if (s.model) extras.model = s.model;
    if (s.durationMs !== undefined) extras.durationMs = s.durationMs;
    return { call: s.call, extras };
  });
  const { trace: replayed } = await replayCalls(world, task.value, calls, trace.agent, trace.stop, trace.events, options);
  if (trace.meta) replayed.meta = trace.meta;
  const diffs: StepDiff[] = [];
  const n = Math.max(trace.steps.length, replayed.steps.length);
  for (let i = 0; i < n; i++) {
    if (options.pause) await options.pause();
    const a = trace.steps[i];
    const b = replayed.steps[i];
    if (!a) {
      diffs.push({ step: i, field: 'extra-step', recorded: '', replayed: b!.result.content });
      continue;
    }
    if (!b) {
      diffs.push({ step: i, field: 'missing-step', recorded: a.result.content, replayed: 'the replayed episode had already ended' });
      continue;
    }
    if (a.result.ok !== b.result.ok) diffs.push({ step: i, field: 'ok', recorded: String(a.result.ok), replayed: String(b.result.ok) });
    if (a.result.content !== b.result.content) diffs.push({ step: i, field: 'content', recorded: a.result.content, replayed: b.result.content });
    if (a.result.done !== b.result.done) diffs.push({ step: i, field: 'done', recorded: String(a.result.done), replayed: String(b.result.done) });
    if (describeEvents(a) !== describeEvents(b)) diffs.push({ step: i, field: 'events', recorded: describeEvents(a), replayed: describeEvents(b) });
  }
  return ok({ status: diffs.length === 0 ? 'match' : 'mismatch', diffs, trace: replayed });
}
