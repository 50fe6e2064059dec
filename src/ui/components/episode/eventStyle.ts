import type { EventKind, WorldEvent } from '../../../core/types';

export type Lane = 'calls' | 'faults' | 'access' | 'errors';

export const LANE_LABEL: Record<Lane, string> = {
  calls: 'tool calls',
  faults: 'injected faults',
  access: 'access',
  errors: 'errors',
};

export function laneOf(kind: EventKind): Lane | null {
  if (kind === 'fault') return 'faults';
  if (kind === 'access' || kind === 'write' || kind === 'trip' || kind === 'refused') return 'access';
  if (kind === 'error') return 'errors';
  return null;
}

/** A badge's tone: trips and refusals are the alarms; faults are the world lying. */
export function eventTone(e: WorldEvent): 'bad' | 'fault' | 'warn' | 'info' {
  if (e.kind === 'trip' || e.kind === 'refused' || e.code === 'rate-limited') return 'bad';
  if (e.kind === 'fault') return 'fault';
  if (e.kind === 'error' || e.kind === 'write') return 'warn';
  return 'info';
}

const TOOL_COLORS = ['#2f6fde', '#1f9d55', '#b4469b', '#d99a00', '#0f8b8d', '#7a5af8'];

export function toolColor(tools: readonly string[], name: string): string {
  const i = tools.indexOf(name);
  return i >= 0 ? TOOL_COLORS[i % TOOL_COLORS.length]! : '#8892a0';
}
