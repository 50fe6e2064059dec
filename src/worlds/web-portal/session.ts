import type { JsonObject } from '../../core/json';
import type { Refusal } from '../../core/lenient';
import type { Session, StepResult, Task, ToolCall } from '../../core/types';
import { cloneDb, type AuditEntry, type Db, type Refund } from './data';
import { dbDiff } from './diff';
import { EV, toolError, type PortalEvent } from './events';
import { claimsOf, recordClaims, writtenBy, type Evidence } from './evidence';
import { recordShown, shownLines, type Shown } from './observe';
import { perform } from './perform';
import { render } from './render';
import type { Setup } from './setup';
import { initialState, type PortalState } from './state';

/** What changed since the seed, as the snapshot carries it for viewers (snake_case JSON). */
export type PortalDiff = {
  orders: number[];
  customers: number[];
  refunds_added: Refund[];
  refunds_changed: number[];
  audit_added: AuditEntry[];
  audit_changed: number[];
};

/** What the rubric scores: the records, what a viewer's diff shows, and what the pages showed. */
export type PortalSnapshot = {
  task: string;
  seed: number;
  kind: 'read' | 'mutation';
  path: string;
  finished: string | null;
  records: Db;
  diff: PortalDiff;
  /** Every line of text a page showed the agent, with the first step that showed it (`observe.ts`). */
  shown: Shown;
  /** Every (record, field, value) a page showed, with the first step that showed it (`evidence.ts`); the agent's own writes left out. */
  evidence: Evidence;
};

/** The portal before the first call of a task. */
export const startState = (setup: Setup): PortalState =>
  initialState(setup.seed, cloneDb(setup.db), `${setup.def.id}: ${setup.answerText}`, setup.def.kind === 'read');

/**
 * A web-portal episode: the state, and perform() applied to each call. All the
 * world's behaviour is in perform(), a pure function; the session keeps the
 * current state, reads calls leniently and records what each shown page held.
 */
export class WebPortalSession implements Session<PortalSnapshot, PortalEvent> {
  private state: PortalState;
  private steps = 0;
  private readonly shown: Shown = {};
  private readonly evidence: Evidence = {};
  /** The fields the agent has written (`evidence.ts`): what pages show of them from then on is the agent's. */
  private readonly written = new Set<string>();

  constructor(
    readonly task: Task,
    private readonly setup: Setup,
  ) {
    this.state = startState(setup);
  }

  async call(call: ToolCall): Promise<StepResult<PortalEvent>> {
    const step = this.steps++;
    const out = perform(this.state, call);
    this.state = out.state;
    for (const w of writtenBy(out.events, out.state.db)) this.written.add(w);
    // Every page-shown event shows the page of the state after the call (a read, a click, an arrival).
    if (out.events.some((e) => e.code === EV.pageShown)) {
      const page = render(out.state);
      recordShown(this.shown, shownLines(page, out.state, this.written), step);
      recordClaims(this.evidence, claimsOf(page, out.state, this.written), step);
    }
    return { ok: out.ok, content: out.content, done: out.done, events: out.events };
  }

  /** A refused call is a step: the next page shown is recorded at the right one. */
  refuse({ code, message }: Refusal): StepResult<PortalEvent> {
    this.steps++;
    return { ok: false, content: JSON.stringify({ error: code, message }), done: false, events: [toolError(code, message)] };
  }

  /** What the rubric scores: the records as they are now, beside what changed since the seed. */
  async snapshot(): Promise<PortalSnapshot> {
    return {
      task: this.setup.def.id,
      seed: this.setup.seed,
      kind: this.setup.def.kind,
      path: this.state.path,
      finished: this.state.finished,
      records: cloneDb(this.state.db),
      diff: diffJson(this.setup.db, this.state.db),
      shown: { ...this.shown },
      evidence: { ...this.evidence },
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

export function diffJson(before: Db, after: Db): PortalDiff {
  const d = dbDiff(before, after);
  return {
    orders: d.orders,
    customers: d.customers,
    refunds_added: d.refundsAdded.map((r) => ({ ...r })),
    refunds_changed: d.refundsChanged,
    audit_added: d.auditAdded.map((a) => ({ ...a })),
    audit_changed: d.auditChanged,
  };
}
