import { useCallback, useSyncExternalStore } from 'react';
import type { Result } from '../../../core/result';
import { budgetSeries } from '../../lib/budget';
import { modelHref, type ModelRoute } from '../../lib/modelRoute';
import type { ModelSession, SessionStatus } from '../../lib/modelSession';
import type { ResolvedSettings } from '../../lib/modelSettings';
import { navigate } from '../../lib/navigate';
import { stepState } from '../../lib/stepState';
import { useAsync } from '../../lib/useAsync';
import { StepPanels } from '../episode/StepPanels';
import { StepList } from '../episode/StepList';
import { Timeline } from '../episode/Timeline';
import { ExportButton } from '../ExportButton';
import { AddGotcha } from '../gotchas/AddGotcha';
import { ChatErrorBox } from './ChatErrorBox';
import { DriverLog } from './DriverLog';
import { ProposalCard } from './ProposalCard';
import { TaskPrompt } from '../episode/TaskPrompt';
import { UsageSummary } from './UsageSummary';


function statusText(s: SessionStatus): string {
  switch (s.kind) {
    case 'idle':
      return 'Waiting for you: Step asks the model for its next call.';
    case 'requesting':
      return s.mode === 'run' ? 'Running: waiting for the model…' : 'Waiting for the model…';
    case 'proposed':
      return 'The model proposed a call: approve, edit or reject it below.';
    case 'applying':
      return 'Running the call in the world…';
    case 'error':
      return 'The last request failed.';
    case 'finished':
      return 'The episode has ended.';
  }
}

export interface LiveModelEpisodeProps {
  session: ModelSession;
  route: ModelRoute;
  resolved: Result<ResolvedSettings>;
  onNew(): void;
}

/** A model episode as it happens: controls, the proposal, errors, and the usual timeline, steps, scorecard and state. */
export function LiveModelEpisode({ session, route, resolved, onNew }: LiveModelEpisodeProps) {
  const snap = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const { trace, status } = snap;
  const { world, task } = session;
  const last = trace.steps.length;
  const step = Math.min(route.step ?? last, last);
  const setStep = useCallback((k: number) => navigate(modelHref({ ...route, step: Math.max(0, Math.min(last, k)) }), { replace: true }), [route, last]);
  const state = useAsync(() => stepState(world, task, trace, step - 1), [world, task, trace, step], { keepPrevious: true });
  const finalState = useAsync(() => stepState(world, task, trace, last - 1), [world, task, trace, last], { keepPrevious: true });
  const budget = world.id === 'fault-api' && finalState.status === 'done' ? budgetSeries(trace.steps, finalState.value.state) : undefined;
  const busy = status.kind === 'requesting' || status.kind === 'applying';
  const running = busy && status.mode === 'run';
  const finished = status.kind === 'finished';
  const connection = resolved.ok
    ? { baseUrl: resolved.value.config.baseUrl, apiKey: resolved.value.config.apiKey, extraHeaders: resolved.value.config.extraHeaders, timeoutMs: resolved.value.config.timeoutMs }
    : undefined;

  return (
    <>
      <div className="episode-title">
        <h2>{task.title}</h2>
        <span className="muted" data-testid="model-stop">
          {trace.agent.name}
          {trace.stop ? ` · stopped: ${trace.stop.reason}${trace.stop.detail ? ` (${trace.stop.detail})` : ''}` : ' · in progress'}
        </span>
        {finished ? <ExportButton trace={trace} /> : null}
        {finished ? <AddGotcha world={world} trace={trace} /> : null}
      </div>
      <TaskPrompt task={task} />
      <div className="model-controls" role="toolbar" aria-label="Model controls">
        <button type="button" className="primary" disabled={busy || finished || status.kind === 'proposed'} onClick={() => void session.step()} data-testid="model-step">
          Step
        </button>
        <button type="button" disabled={busy || finished} onClick={() => void session.run()} data-testid="model-run">
          {status.kind === 'proposed' ? 'Approve and run to the end' : 'Run to the end'}
        </button>
        <button type="button" disabled={!busy} onClick={() => session.stop()} data-testid="model-stop-button" title="Cancel the request in flight; the episode stays open">
          Stop
        </button>
        <button type="button" disabled={finished || status.kind === 'applying'} onClick={() => void session.end()} data-testid="model-end" title="Score the episode as it is now (abandoned) and save it">
          End episode
        </button>
        <button type="button" disabled={running} onClick={onNew} data-testid="model-new">
          New episode
        </button>
        <span className={`model-status${busy ? ' busy' : ''}`} data-testid="model-status" aria-live="polite">
          {statusText(status)}
        </span>
      </div>
      <UsageSummary totals={snap.totals} priced={session.priced} />
      {status.kind === 'error' ? (
        <ChatErrorBox
          message={status.message}
          kind={status.errorKind}
          onRetry={() => void session.retry(connection)}
          retryNote={connection ? null : 'The settings above have a problem; Retry uses the connection the episode started with.'}
        />
      ) : null}
      {status.kind === 'proposed' ? (
        <ProposalCard
          key={`${status.proposal.call.id}-${last}`}
          proposal={status.proposal}
          tools={task.tools}
          onApprove={(args) => void session.approve(args)}
          onReject={(reason) => session.reject(reason)}
        />
      ) : null}
      {finished ? (
        <section className="panel saved" data-testid="saved">
          {status.saved === 'saving' ? (
            <span className="muted">Saving to the trace library…</span>
          ) : status.saved === 'saved' ? (
            <span>
              Saved to this browser’s trace library as <code>{session.id}</code>: open it from <a href="#/traces">Traces</a> (the library view lists every
              saved run). The trace keeps the exact messages exchanged and the usage, never the API key.
            </span>
          ) : (
            <span className="error">Could not save the trace: {status.saved.error}. Export it instead.</span>
          )}
        </section>
      ) : null}
      <Timeline steps={trace.steps} tools={task.tools.map((t) => t.function.name)} selected={step} onSelect={setStep} hideEvents={false} budget={budget} />
      <div className="episode-grid">
        <section className="panel steps-panel">
          <h3>
            Steps{' '}
            {route.step !== null && step < last ? (
              <button type="button" className="link-button" onClick={() => navigate(modelHref({ ...route, step: null }), { replace: true })}>
                follow the latest
              </button>
            ) : null}
          </h3>
          <StepList steps={trace.steps} selected={step} onSelect={setStep} hideEvents={false} />
          <DriverLog events={snap.events} messages={snap.messages} />
        </section>
        <StepPanels world={world.id} step={step} last={last} state={state} steps={trace.steps} hideVerifier={false} />
      </div>
    </>
  );
}
