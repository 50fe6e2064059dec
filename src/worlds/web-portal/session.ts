import type { JsonObject } from '../../core/json';
import { normaliseCall, withReading } from '../../core/lenient';
import type { Session, StepResult, Task, ToolCall } from '../../core/types';
import { cloneDb, type Db } from './data';
import { toolError } from './events';
import { diffDb } from './diff';
import { perform } from './perform';
import { render } from './render';
import type { Setup } from './setup';
import { initialState, type PortalState } from './state';

/**
 * A web-portal episode: the state, and perform() applied to each call. All the
 * world's behaviour is in perform(), a pure function; the session only keeps
 * the current state and reads calls leniently.
 */
export class WebPortalSession implements Session {
  private state: PortalState;

  constructor(
    readonly task: Task,
    private readonly setup: Setup,
  ) {
    this.state = initialState(setup.seed, cloneDb(setup.db), `${setup.def.id}: ${setup.answerText}`, setup.def.kind === 'read');
  }

  async call(call: ToolCall): Promise<StepResult> {
    const read = normaliseCall(call, this.task);
    if (!read.ok) return { ok: false, content: JSON.stringify({ error: read.code, message: read.message }), done: false, events: [toolError(read.code, read.message)] };
    const out = perform(this.state, read.call);
    this.state = out.state;
    return withReading({ ok: out.ok, content: out.content, done: out.done, events: out.events }, read.event);
  }

  /** What the rubric scores: the records as they are now, beside what changed since the seed. */
  async snapshot(): Promise<JsonObject> {
    return {
      task: this.setup.def.id,
      seed: this.setup.seed,
      kind: this.setup.def.kind,
      path: this.state.path,
      finished: this.state.finished,
      records: dbJson(this.state.db),
      diff: diffDb(this.setup.db, this.state.db),
    };
  }

  /** For viewers: the page as rendered now (the tree the UI draws) and the open page's form state. */
  async inspect(): Promise<JsonObject> {
    const { fields, dialog, notice, check } = this.state;
    return {
      ...(await this.snapshot()),
      page: JSON.parse(JSON.stringify(render(this.state))) as JsonObject,
      ui: JSON.parse(JSON.stringify({ fields, dialog, notice, check })) as JsonObject,
    };
  }

  /** The live state, for a UI that renders the page itself (render(state)). */
  current(): PortalState {
    return this.state;
  }

  async close(): Promise<void> {}
}

export const dbJson = (db: Db): JsonObject => JSON.parse(JSON.stringify(db)) as JsonObject;
