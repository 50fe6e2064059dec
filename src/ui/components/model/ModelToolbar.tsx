import { useStore } from 'zustand';
import type { Connection, ModelDriver, ModelStatus } from '../../live/modelDriver';
import { ChatErrorBox } from './ChatErrorBox';
import { ProposalCard } from './ProposalCard';
import { SavedNote } from './SavedNote';
import { UsageSummary } from './UsageSummary';

function statusText(s: ModelStatus): string {
  switch (s.kind) {
    case 'idle':
      return 'Waiting for you: Step asks the model for its next call.';
    case 'requesting':
      return s.mode === 'run' ? 'Running: waiting for the model…' : 'Waiting for the model…';
    case 'proposed':
      return 'The model proposed a call: approve, edit or reject it below.';
    case 'unsent':
      return `The model's call could not run (${s.detail}). It was told so, and the turn is spent: Step asks it again.`;
    case 'applying':
      return 'Running the call in the world…';
    case 'error':
      return 'The last request failed.';
    case 'finished':
      return 'The episode has ended.';
  }
}

export interface ModelToolbarProps {
  driver: ModelDriver;
  /** The connection in the settings now, for Retry; undefined when the settings have a problem. */
  connection: Connection | undefined;
  onNew(): void;
}

/** Step, run, stop, end; what the requests cost; the open proposal or the failed request; where the trace was saved. */
export function ModelToolbar({ driver, connection, onNew }: ModelToolbarProps) {
  const { live } = driver;
  const status = useStore(live.store, (s) => s.driver.status);
  const totals = useStore(live.store, (s) => s.driver.totals);
  const steps = useStore(live.store, (s) => s.trace.steps.length);
  const save = useStore(live.store, (s) => s.save);
  const busy = status.kind === 'requesting' || status.kind === 'applying';
  const running = busy && status.mode === 'run';
  const finished = status.kind === 'finished';
  return (
    <>
      <div className="model-controls" role="toolbar" aria-label="Model controls">
        <button
          type="button"
          className="primary"
          disabled={busy || finished || status.kind === 'proposed'}
          onClick={() => void driver.step()}
          data-testid="model-step"
        >
          Step
        </button>
        <button type="button" disabled={busy || finished} onClick={() => void driver.run()} data-testid="model-run">
          {status.kind === 'proposed' ? 'Approve and run to the end' : 'Run to the end'}
        </button>
        <button
          type="button"
          disabled={!busy}
          onClick={() => driver.stop()}
          data-testid="model-stop-button"
          title="Cancel the request in flight; the episode stays open"
        >
          Stop
        </button>
        <button
          type="button"
          disabled={finished || status.kind === 'applying'}
          onClick={() => void driver.end()}
          data-testid="model-end"
          title="Score the episode as it is now (abandoned) and save it"
        >
          End episode
        </button>
        <button type="button" disabled={running} onClick={onNew} data-testid="model-new">
          New episode
        </button>
        <span className={`model-status${busy ? ' busy' : ''}`} data-testid="model-status" aria-live="polite">
          {statusText(status)}
        </span>
      </div>
      <UsageSummary totals={totals} priced={driver.priced} />
      {status.kind === 'error' ? (
        <ChatErrorBox
          message={status.message}
          kind={status.errorKind}
          onRetry={() => void driver.retry(connection)}
          retryNote={connection ? null : 'The settings above have a problem; Retry uses the connection the episode started with.'}
        />
      ) : null}
      {status.kind === 'proposed' ? (
        <ProposalCard
          key={`${status.proposal.call.id}-${steps}`}
          proposal={status.proposal}
          tools={driver.task.tools}
          onApprove={(args) => void driver.approve(args)}
          onReject={(reason) => driver.reject(reason)}
        />
      ) : null}
      {finished ? <SavedNote id={driver.id} save={save} /> : null}
    </>
  );
}
