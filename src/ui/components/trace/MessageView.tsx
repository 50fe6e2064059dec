import type { VfRollout } from '../../../traces/import/types';
import { rolloutStatus, rolloutTitle } from '../../lib/rowKind';

/** A rollout (vf-eval, an Inspect sample, a v1 trace) as messages: roles, tool calls with arguments, the reward and metric columns. */
export function MessageView({ rollout }: { rollout: VfRollout }) {
  const messages = [...rollout.prompt, ...rollout.completion];
  return (
    <div className="messages" data-testid="message-view">
      <div className="stats">
        <span>
          reward <strong>{rollout.reward?.toFixed(3) ?? '—'}</strong>
        </span>
        {Object.entries(rollout.metrics).map(([k, v]) => (
          <span key={k}>
            {k} <strong>{v.toFixed(3)}</strong>
          </span>
        ))}
        <span className="muted">
          {rolloutTitle(rollout)} · example {JSON.stringify(rollout.exampleId)} · {rollout.era}
        </span>
      </div>
      {rollout.answer ? (
        <p>
          <span className="role">answer</span> {rollout.answer}
        </p>
      ) : null}
      {rollout.error ? <p className="error">error: {rollout.error.message}</p> : rolloutStatus(rollout).status === 'unfinished' ? <p className="warn">unfinished: the file records no end for it</p> : null}
      <ol className="message-list">
        {messages.map((m, i) => (
          <li key={i} className={`message message-${m.role}`}>
            <span className="role">{m.role}</span>
            {m.content ? <pre className="message-text">{m.content}</pre> : null}
            {m.toolCalls?.map((c, j) => (
              <div key={j} className="tool-call">
                <code>{c.name}</code>
                <pre>{typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments, null, 2)}</pre>
                {c.argumentsError ? <span className="bad small">{c.argumentsError}</span> : null}
              </div>
            ))}
          </li>
        ))}
      </ol>
      {Object.keys(rollout.extra).length ? (
        <details>
          <summary>other fields in this row</summary>
          <pre>{JSON.stringify(rollout.extra, null, 2)}</pre>
        </details>
      ) : null}
    </div>
  );
}
