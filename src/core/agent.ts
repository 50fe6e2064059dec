import type { AgentInfo, Step, Task, TokenUsage, ToolCall } from './types';

export interface AgentObservation {
  task: Task;
  steps: readonly Step[];
}

export type AgentAction =
  | {
      type: 'call';
      call: ToolCall;
      usage?: TokenUsage;
      model?: Step['model'];
    }
  | { type: 'stop'; reason: 'no-tool-call' | 'abandoned'; detail?: string };

/** Anything that proposes the next tool call: a person, a model, a script. */
export interface Agent {
  info: AgentInfo;
  next(observation: AgentObservation): Promise<AgentAction>;
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
export function policyAgent(
  name: string,
  decide: (steps: readonly Step[], task: Task) => ToolCall | null,
): Agent {
  return {
    info: { kind: 'scripted', name },
    next: async ({ steps, task }) => {
      const call = decide(steps, task);
      return call ? { type: 'call', call } : { type: 'stop', reason: 'abandoned', detail: 'agent stopped without submitting' };
    },
  };
}
