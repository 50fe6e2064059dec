import type { JsonObject } from '../../core/json';
import type { Observation, TicketQueueState, WriteEntry } from './state';

/** The session's state as the rubric reads it: each ticket's notes and status by id. */
export interface FinalState {
  notes: Map<string, JsonObject[]>;
  status: Map<string, string>;
  writes: readonly WriteEntry[];
  observed: readonly Observation[];
}

export function finalStateOf(state: TicketQueueState): FinalState {
  return {
    notes: new Map(state.records.map((r) => [r.id, r.notes])),
    status: new Map(state.records.map((r) => [r.id, r.status])),
    writes: state.writes,
    observed: state.observed,
  };
}
