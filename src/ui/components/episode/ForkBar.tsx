import { useState } from 'react';
import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { episodeHref } from '../../lib/episodeRoute';
import { modelHref } from '../../lib/model/route';
import { navigate } from '../../lib/navigate';
import { saveRun } from '../../lib/storage';
import { keepUnsaved } from '../../lib/unsavedRuns';
import { continueAsReference, offerFork, type ForkOrigin } from '../../live/forks';
import { forkToHuman } from '../../live/runs';

export interface ForkBarProps {
  world: World;
  task: Task;
  origin: ForkOrigin;
  /** Calls applied at the selected point: what the fork keeps. */
  step: number;
}

/** "Continue from here": as a person, as the configured model, or as one of the world's reference agents. */
export function ForkBar({ world, task, origin, step }: ForkBarProps) {
  const agents = world.referenceAgents.filter((a) => a.appliesTo(task));
  const [agent, setAgent] = useState(agents.find((a) => a.role === 'oracle' || a.role === 'solver')?.id ?? agents[0]?.id ?? '');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const spec = origin.trace.task;
  // Submitted or out of turns at this step: the replay would end there too, so there is nothing to continue.
  const stop = origin.trace.stop;
  if (step === origin.trace.steps.length && stop && (stop.terminated || stop.truncated))
    return (
      <div className="fork-bar muted" data-testid="fork-bar">
        The episode ended at step {step} ({stop.reason}): select an earlier step to continue from it as yourself, the model or a reference agent.
      </div>
    );

  // A button's handler: the work's failure is said in the bar, so nothing it starts is left to reject unseen.
  const act = (what: string, work: () => Promise<void>) => () => {
    setBusy(what);
    setError(null);
    work()
      .finally(() => setBusy(null))
      .catch((e: unknown) => setError(`Cannot continue from step ${step}: ${e instanceof Error ? e.message : String(e)}`));
  };
  const asHuman = act('you', async () => {
    const run = await forkToHuman(world, origin, step);
    navigate(episodeHref({ world: world.id, task: spec, agent: 'human', run: run.id, step }));
  });
  const asModel = act('model', async () => navigate(modelHref({ world: world.id, task: spec, fork: offerFork(origin, step) })));
  const asReference = act('reference', async () => {
    const trace = await continueAsReference(world, origin, step, agent);
    const id = `fork-${crypto.randomUUID()}`;
    try {
      await saveRun({ id, trace, savedAt: Date.now(), finished: true, lease: 0 });
    } catch (e) {
      // Storage said no: the trace is still listed (and exportable) for this tab.
      keepUnsaved({ id, trace, reason: `not saved: ${e instanceof Error ? e.message : String(e)}` });
    }
    navigate(`#/trace/${encodeURIComponent(id)}`);
  });

  return (
    <div className="fork-bar" data-testid="fork-bar">
      <span className="muted">Continue from step {step} as</span>
      <button
        type="button"
        disabled={busy !== null}
        onClick={asHuman}
        data-testid="fork-human"
        title="Play on from this step yourself: a new run, saved as you go"
      >
        you
      </button>
      <button type="button" disabled={busy !== null} onClick={asModel} data-testid="fork-model" title="Hand it to the model set up on the Models page">
        the model
      </button>
      {agents.length ? (
        <span className="fork-agent">
          <select value={agent} onChange={(e) => setAgent(e.target.value)} aria-label="reference agent to continue" data-testid="fork-agent">
            {agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label} ({a.role})
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={busy !== null || !agent}
            onClick={asReference}
            data-testid="fork-reference"
            title="Let this reference agent play the rest; the result is saved to the library"
          >
            {busy === 'reference' ? 'running…' : 'run it'}
          </button>
        </span>
      ) : null}
      {error ? (
        <span className="error" role="alert" data-testid="fork-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
