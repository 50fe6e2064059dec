import type { OracleRun } from '../../core/contract';
import { normaliseCall } from '../../core/lenient';
import type { Step, ToolCall } from '../../core/types';
import type { PortalEvent } from './events';
import { perform } from './perform';
import { render } from './render';
import { callOn, slots, type ScriptStep } from './script';
import { startState } from './session';
import type { Setup } from './setup';
import { parseSnapshot, snapshotText } from './snapshot';
import type { PortalState } from './state';
import { setupOfTask } from './tasks';

/**
 * The oracle's run as the contract's operators read it: each call with the
 * portal's state before it and the events it caused, so a variant can be
 * spliced in where the oracle did something (the check, the submission) and
 * start from the page the oracle was on. Pure: perform() replays the calls.
 */
export interface RunView {
  setup: Setup;
  calls: ToolCall[];
  /** `states[i]`: the portal before call i; the last one after every call. */
  states: PortalState[];
  events: PortalEvent[][];
  /** The first call at or after `from` with an event `pred` accepts, or -1. */
  find(pred: (e: PortalEvent) => boolean, from?: number): number;
}

export function viewOf(run: OracleRun): RunView {
  let state = startState(setupOfTask(run.task));
  const states = [state];
  for (const c of run.calls) {
    const read = normaliseCall(c, run.task);
    if (read.ok) state = perform(state, read.call).state;
    states.push(state);
  }
  // Traces hold the world's events as JSON; these are this world's own.
  const events = (run.trace.steps as Step<PortalEvent>[]).map((s) => s.events);
  return {
    setup: setupOfTask(run.task),
    calls: run.calls,
    states,
    events,
    find: (pred, from = 0) => {
      for (let i = from; i < events.length; i++) if (events[i]!.some(pred)) return i;
      return -1;
    },
  };
}

/** The page a state shows, read as an agent reads it. */
const linesOf = (state: PortalState) => parseSnapshot(snapshotText(render(state)));

/**
 * Script steps (`script.ts`) played from a state: each call's element is found
 * on the page as rendered then, as an agent reading it would find it.
 */
export function compile(setup: Setup, from: PortalState, steps: readonly ScriptStep[]): { calls: ToolCall[]; state: PortalState } {
  const values = slots(setup);
  let state = from;
  const calls: ToolCall[] = [];
  for (const step of steps) {
    const call = callOn(step, linesOf(state), values);
    calls.push(call);
    state = perform(state, call).state;
  }
  return { calls, state };
}

/** The calls with `[from, to)` replaced by `insert`. */
export const splice = (calls: readonly ToolCall[], from: number, to: number, insert: readonly ToolCall[] = []): ToolCall[] => [...calls.slice(0, from), ...insert, ...calls.slice(to)];
