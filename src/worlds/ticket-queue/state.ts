import type { Json, JsonObject } from '../../core/json';
import type { NormalisedEvent } from '../../core/lenient';
import type { ToolErrorEvent } from '../../core/types';
import type { Priority, Status } from './data';

/** One accepted write, in order: what the rubric judges. */
export type WriteEntry = {
  step: number;
  id: string;
  field: 'notes' | 'status';
  value: Json;
};

/**
 * What one successful call showed the agent: a read shows a record whole, a
 * list shows the summaries of its rows (and, with a text filter, that each row
 * contains `text`). The rubric credits a write only on what was shown before it.
 */
export type Observation = {
  step: number;
  via: 'read' | 'list';
  ids: string[];
  text: string | null;
  /**
   * A list's filter as applied (keys the session ignores left out; `{}` is the
   * whole board): a list shows *every* ticket that matches it, which is what a
   * count needs. Absent on reads.
   */
  filter?: ListFilter;
};

/** The filter keys list_records applies, each as it matched (lower case; an assignee of null is "nobody"). */
export type ListFilter = { status?: string; priority?: string; tag?: string; assignee?: string | null; text?: string };

/** A ticket as read_record returns it. */
export type TicketView = {
  id: string;
  title: string;
  status: Status;
  priority: Priority;
  assignee: string | null;
  tags: string[];
  body: string;
  notes: JsonObject[];
};

/** What a ticket-queue session reports and its rubric scores (snake_case: it is also the JSON a viewer shows). */
export type TicketQueueState = {
  records: TicketView[];
  /** Each ticket's status before the episode. */
  initial_status: Record<string, Status>;
  writes: WriteEntry[];
  observed: Observation[];
  /** finish's summary; null before finish. */
  finished: string | null;
};

export type TicketQueueEvent =
  | {
      code: 'note-written' | 'status-changed';
      kind: 'write';
      /** 'policy' when the write is one the task forbids. */
      layer: 'policy' | null;
      message: string;
      data: { id: string; field: 'notes' | 'status' };
    }
  | ToolErrorEvent<'recovery'>
  | NormalisedEvent;
