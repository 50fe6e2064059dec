import type { Step, Task, ToolCall } from '../../../core/types';
import { FaultApiPlay } from './FaultApiPlay';
import { SchemaForm } from './SchemaForm';
import { SqlPlay } from './SqlPlay';
import { TicketQueuePlay } from './TicketQueuePlay';

export interface PlayPanelProps {
  world: string;
  task: Task;
  steps: readonly Step[];
  busy: boolean;
  onCall(call: ToolCall): void;
}

/** The input panel a person plays with: built for the world, plus a form for any tool. */
export function PlayPanel({ world, task, steps, busy, onCall }: PlayPanelProps) {
  return (
    <div className="play">
      {world === 'fault-api' ? <FaultApiPlay steps={steps} onCall={onCall} busy={busy} /> : null}
      {world === 'tripwire' ? <SqlPlay onCall={onCall} busy={busy} /> : null}
      {world === 'ticket-queue' ? <TicketQueuePlay onCall={onCall} busy={busy} /> : null}
      <details className="any-tool">
        <summary>Call any tool from its JSON schema</summary>
        {task.tools.map((t) => (
          <SchemaForm key={t.function.name} tool={t} onCall={onCall} disabled={busy} />
        ))}
      </details>
    </div>
  );
}
