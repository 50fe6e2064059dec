import { useEffect, useState } from 'react';
import type { Result } from '../../../core/result';
import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { modelHref, withMaxTurns, type ModelRoute } from '../../lib/modelRoute';
import { ModelSession, type Mode } from '../../lib/modelSession';
import type { ResolvedSettings } from '../../lib/modelSettings';
import { navigate } from '../../lib/navigate';
import { LiveModelEpisode } from './LiveModelEpisode';
import { TaskPicker } from './TaskPicker';
import { TaskPrompt } from '../episode/TaskPrompt';

export interface ModelEpisodeProps {
  world: World;
  /** The task the URL names; the turn budget from the settings is applied when the episode starts. */
  task: Task;
  route: ModelRoute;
  resolved: Result<ResolvedSettings>;
}

/**
 * One model episode. Nothing is sent until the person clicks Step or Run:
 * recent Chrome asks for local-network permission on the first request to a
 * local server, and only lets a page ask from a click.
 */
export function ModelEpisode({ world, task, route, resolved }: ModelEpisodeProps) {
  const [session, setSession] = useState<ModelSession | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  useEffect(() => () => session?.stop(), [session]);
  const effective = resolved.ok ? withMaxTurns(world, task, resolved.value.maxTurns) : task;

  const begin = async (mode: Mode) => {
    if (!resolved.ok) return;
    setOpening(true);
    setOpenError(null);
    try {
      const s = await ModelSession.open(world, effective, resolved.value.config);
      setSession(s);
      navigate(modelHref({ ...route, step: null }), { replace: true });
      void (mode === 'run' ? s.run() : s.step());
    } catch (e) {
      setOpenError(e instanceof Error ? e.message : String(e));
    } finally {
      setOpening(false);
    }
  };

  if (session)
    return (
      <div className="episode" data-testid="model-episode">
        <TaskPicker world={world} task={task} route={route} disabled />
        <LiveModelEpisode
          session={session}
          route={route}
          resolved={resolved}
          onNew={() => {
            session.stop();
            setSession(null);
            navigate(modelHref({ ...route, step: null }), { replace: true });
          }}
        />
      </div>
    );

  return (
    <div className="episode" data-testid="model-episode">
      <TaskPicker world={world} task={task} route={route} disabled={opening} />
      <section className="panel start">
        <h2>{effective.title}</h2>
        <TaskPrompt task={effective} open />
        <p className="muted small">
          Turn budget: {effective.maxTurns} tool calls{effective.maxTurns !== task.maxTurns ? ` (the task’s is ${task.maxTurns}; set by “max turns”)` : ''}. Tools:{' '}
          {effective.tools.map((t) => t.function.name).join(', ')}.
        </p>
        <div className="proposal-actions">
          <button type="button" className="primary" disabled={!resolved.ok || opening} onClick={() => void begin('step')} data-testid="model-step">
            Step
          </button>
          <button type="button" disabled={!resolved.ok || opening} onClick={() => void begin('run')} data-testid="model-run">
            Run to the end
          </button>
          <span className="muted small">
            {resolved.ok
              ? 'Step asks the model for one call and shows it to you before it runs; Run approves every call until the episode ends.'
              : `Fix the endpoint settings first: ${resolved.error}.`}
          </span>
        </div>
        {openError ? <p className="error">{openError}</p> : null}
      </section>
    </div>
  );
}
