import type { AgentEvent } from '../../../agents/modelAgent';
import type { WireMessage } from '../../../agents/wire';

/**
 * What the world never saw: calls that could not run (bad JSON, schema,
 * budget), the person's edits and rejections, retries; and the exact messages
 * exchanged, as they would be re-sent.
 */
export function DriverLog({
  events,
  messages,
  openMessages = false,
}: {
  events: readonly AgentEvent[];
  messages: readonly WireMessage[];
  openMessages?: boolean;
}) {
  return (
    <div className="driver-log" data-testid="driver-log">
      <h3>Driver events</h3>
      {events.length === 0 ? (
        <p className="muted small">None: every call so far reached the world as the model sent it.</p>
      ) : (
        <ul className="events" data-testid="driver-events">
          {events.map((e, i) => (
            <li key={i} className={e.kind === 'error' ? 'event event-bad' : 'event'}>
              <strong>{e.code}</strong> <span className="muted">before step {e.beforeStep + 1}</span> — {e.message}
            </li>
          ))}
        </ul>
      )}
      <details className="messages" open={openMessages} data-testid="driver-messages">
        <summary>Messages exchanged ({messages.length})</summary>
        <ol className="message-list">
          {messages.map((m, i) => (
            <li key={i}>
              <span className="role">{m.role}</span>
              {m.content ? <span className="message-text">{m.content}</span> : null}
              {m.role === 'assistant' && m.tool_calls
                ? m.tool_calls.map((c) => (
                    <code key={c.id} className="message-call">
                      {c.function.name}({c.function.arguments})
                    </code>
                  ))
                : null}
            </li>
          ))}
        </ol>
      </details>
    </div>
  );
}
