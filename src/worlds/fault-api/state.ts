import type { Json } from '../../core/json';
import type { NormalisedEvent } from '../../core/lenient';
import type { ToolErrorEvent } from '../../core/types';

/** What a fault-api session reports and its rubric scores (snake_case: it is also the JSON a viewer shows). */
export type FaultApiState = {
  /** fetch_page calls with valid arguments, failed ones included: each spends quota. */
  requests: number;
  /** The hidden quota; null on profiles without one. */
  quota: number | null;
  /** Requests answered 429 (over the quota). */
  rate_limited: number;
  timeouts: number;
  /** 0-based pages answered successfully, in order (repeats included). */
  pages_served: number[];
  /** Pages the data needs. */
  pages: number;
  /** The rows handed in, as sent; null before submit_records. */
  submitted: Json[] | null;
};

/** Which request (1-based) hit the fault, against the quota it counts toward. */
type RequestNote = { request: number; quota: number | null };

export type FaultApiEvent =
  | { code: 'rate-limited'; kind: 'fault'; layer: 'budget_discipline'; message: string; data: RequestNote }
  | { code: 'timeout'; kind: 'fault'; layer: null; message: string; data: RequestNote }
  | { code: 'invalid-cursor'; kind: 'error'; layer: null; message: string; data: RequestNote }
  | { code: 'type-drift'; kind: 'fault'; layer: 'type_handling'; message: string; data: { page: number } }
  | { code: 'cursor-repeat'; kind: 'fault'; layer: 'completeness'; message: string; data: { page: number } }
  | { code: 'inflated-total'; kind: 'fault'; layer: 'completeness'; message: string; data: { reported: number; real: number } }
  | { code: 'unserved-ids'; kind: 'trip'; layer: 'provenance'; message: string; data: { count: number; ids: string[] } }
  | ToolErrorEvent
  | NormalisedEvent;
