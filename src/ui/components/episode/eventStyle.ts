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
