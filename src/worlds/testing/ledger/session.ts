import { isJsonObject, type Json } from '../../../core/json';
import type { Session, StepResult, Task, ToolCall, ToolErrorEvent, WorldEvent } from '../../../core/types';
import type { NormalisedEvent } from '../../../core/lenient';
import { entriesOf, type Entry } from './task';

export type LedgerState = { entries: Entry[]; reads: number; submitted: Json | null };
export type LedgerEvent = ToolErrorEvent | NormalisedEvent | (WorldEvent & { code: 'entries-read'; kind: 'access' });

const reply = (ok: boolean, body: Json, events: LedgerEvent[], done = false): StepResult<LedgerEvent> => ({ ok, content: JSON.stringify(body), done, events });
const toolError = (code: string, message: string) => reply(false, { error: code, message }, [{ code, kind: 'error', layer: null, message }]);

/** A ledger opened on a task: reads are counted, the first submission ends it. */
export class LedgerSession implements Session<LedgerState, LedgerEvent> {
  private readonly entries: Entry[];
  private reads = 0;
  private submitted: Json | null = null;

  constructor(readonly task: Task) {
    this.entries = entriesOf(task.seed);
  }

  async call(call: ToolCall): Promise<StepResult<LedgerEvent>> {
    if (this.submitted !== null) return toolError('episode_over', 'the total was already submitted');
    if (call.name === 'read_entries') {
      this.reads++;
      return reply(true, { entries: this.entries }, [{ code: 'entries-read', kind: 'access', layer: null, message: `read ${this.entries.length} entries` }]);
    }
    const args = isJsonObject(call.arguments) ? call.arguments : {};
    if (args.total === undefined || args.total === null) return toolError('invalid_arguments', 'submit_total takes {"total": N}');
    this.submitted = args.total;
    return reply(true, { received: true }, [], true);
  }

  async snapshot(): Promise<LedgerState> {
    return { entries: this.entries.map((e) => ({ ...e })), reads: this.reads, submitted: this.submitted };
  }

  async close(): Promise<void> {}
}
