export interface ChatErrorBoxProps {
  message: string;
  kind: string;
  onRetry(): void;
  /** The settings changed since the episode started: Retry uses the new connection. */
  retryNote: string | null;
}

const TITLE: Record<string, string> = {
  network: 'Could not reach the server',
  unauthorized: 'Not authorised',
  'not-found': 'Not found',
  'rate-limited': 'Rate limited',
  server: 'The server failed',
  http: 'The request was rejected',
  timeout: 'Timed out',
  'bad-body': 'Not a chat completion',
  'empty-choices': 'An empty answer',
  'too-large': 'The reply was too large',
};

/**
 * A failed request, in the driver's own words (they already say what to do:
 * CORS, keys, base URLs). Nothing was appended to the episode, so Retry sends
 * the same request again.
 */
export function ChatErrorBox({ message, kind, onRetry, retryNote }: ChatErrorBoxProps) {
  return (
    <section className="panel chat-error" role="alert" data-testid="chat-error">
      <h3>{TITLE[kind] ?? 'Something went wrong'}</h3>
      <p data-testid="chat-error-message">{message}</p>
      <div className="proposal-actions">
        <button type="button" className="primary" onClick={onRetry} data-testid="retry">
          Retry
        </button>
        <span className="muted small">{retryNote ?? 'The episode so far is kept; fix the settings above if needed, then retry.'}</span>
      </div>
    </section>
  );
}
