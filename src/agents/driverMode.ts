import { isJsonObject } from '../core/json';
import type { Trace } from '../core/types';

/**
 * How a model agent is driven. `history`: the whole conversation is re-sent
 * each turn with full tool results, and a reply may queue several calls (the
 * standard for frontier models). `scratchpad`: the design seed's driver for a
 * small local model: the task, the tools and a short running scratchpad of
 * one-line result summaries written by the world; one call per step.
 */
export type DriverMode = 'history' | 'scratchpad';

export const DRIVER_MODES: readonly DriverMode[] = ['history', 'scratchpad'];

export function isDriverMode(x: unknown): x is DriverMode {
  return x === 'history' || x === 'scratchpad';
}

/** The mode a model run recorded (`meta.model.driver`); runs recorded before there were modes were driven by history. Null for other agents. */
export function driverOf(trace: Trace): DriverMode | null {
  if (trace.agent.kind !== 'model') return null;
  const model = trace.meta?.model;
  return isJsonObject(model) && isDriverMode(model.driver) ? model.driver : 'history';
}
