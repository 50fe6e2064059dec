import type { JsonObject } from './json';
import type { AgentInfo, Step, Stop, Task, TokenUsage, ToolCall } from './types';

export interface AgentObservation {
  task: Task;
  steps: readonly Step[];
  /** Calls the episode still allows; the episode stops itself when none are left. */
  turnsLeft: number;
}

export type AgentAction =
  | {
      type: 'call';
      call: ToolCall;
      usage?: TokenUsage;
      model?: Step['model'];
    }
  /**
   * The agent made a call it did not send to the world (arguments that do not
   * parse, or too long to keep): it answered the call itself, and the call still
   * spends a turn, so an agent that only makes such calls still ends.
   */
  | { type: 'unsent'; detail: string }
  | { type: 'stop'; reason: 'no-tool-call' | 'abandoned'; detail?: string };

/** How an episode ended, as an agent's onEnd hook sees it. */
export interface EpisodeEnd {
  steps: readonly Step[];
  stop: Stop | null;
}

/** Anything that proposes the next tool call: a person, a model, a script. */
export interface Agent {
  info: AgentInfo;
  next(observation: AgentObservation): Promise<AgentAction>;
  /**
   * Called once the episode has stopped, before its trace is made: what the agent
   * adds to `trace.meta` (a model agent: its exchange and usage, under `model`).
   */
  onEnd?(end: EpisodeEnd): JsonObject;
}

/** An agent that plays a fixed list of calls, then abandons. */
export function scriptedAgent(name: string, calls: readonly ToolCall[]): Agent {
  return {
    info: { kind: 'scripted', name },
    next: async ({ steps }) => {
      const call = calls[steps.length];
      return call ? { type: 'call', call } : { type: 'stop', reason: 'abandoned', detail: 'script ended' };
    },
  };
}

/**
 * A reactive scripted agent: `decide` sees the steps so far and returns the next
 * call, or null to stop. Reference solvers are written this way.
 */
export function policyAgent(name: string, decide: (steps: readonly Step[], task: Task) => ToolCall | null): Agent {
  return {
    info: { kind: 'scripted', name },
    next: async ({ steps, task }) => {
      const call = decide(steps, task);
      return call ? { type: 'call', call } : { type: 'stop', reason: 'abandoned', detail: 'agent stopped without submitting' };
    },
  };
}
