import { isJsonObject, type Json, type JsonObject } from '../../core/json';
import type { Observation } from './session';

export interface Write {
  step: number;
  id: string;
  field: 'notes' | 'status';
  value: Json;
}

/** A session snapshot as the rubric reads it: parsed once from JSON, typed from here on. */
export interface FinalState {
  notes: Map<string, JsonObject[]>;
  status: Map<string, string>;
  writes: Write[];
  observed: Observation[];
}

const objects = (v: Json | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isJsonObject) : []);

function observation(o: JsonObject): Observation | null {
  if (typeof o.step !== 'number' || (o.via !== 'read' && o.via !== 'list') || !Array.isArray(o.ids)) return null;
  return { step: o.step, via: o.via, ids: o.ids.filter((id): id is string => typeof id === 'string'), text: typeof o.text === 'string' ? o.text : null };
}

export function finalStateOf(state: JsonObject): FinalState {
  const notes = new Map<string, JsonObject[]>();
  const status = new Map<string, string>();
  for (const r of objects(state.records)) {
    if (typeof r.id !== 'string') continue;
    notes.set(r.id, objects(r.notes));
    if (typeof r.status === 'string') status.set(r.id, r.status);
  }
  const writes: Write[] = [];
  for (const w of objects(state.writes))
    if (typeof w.id === 'string' && (w.field === 'notes' || w.field === 'status'))
      writes.push({ step: typeof w.step === 'number' ? w.step : 0, id: w.id, field: w.field, value: w.value ?? null });
  const observed = objects(state.observed).flatMap((o) => observation(o) ?? []);
  return { notes, status, writes, observed };
}
