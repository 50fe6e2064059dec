import { useEffect, useState } from 'react';
import type { Result } from '../../../core/result';
import type { Task } from '../../../core/types';
import { modelHref, withMaxTurns, type ModelRoute } from '../../lib/model/route';
import { rememberConfig } from '../../lib/model/secrets';
import type { ResolvedSettings } from '../../lib/model/settings';
import { navigate } from '../../lib/navigate';
import { offeredFork, openForkOf } from '../../live/forks';
import { ModelDriver, type Mode } from '../../live/modelDriver';
import { browserDeps } from '../../live/runs';
import type { LoadedWorld } from '../../worlds/types';
import { TaskPrompt } from '../episode/TaskPrompt';
import { LiveModelEpisode } from './LiveModelEpisode';
import { TaskPicker } from './TaskPicker';
import { inAppHref } from '../../lib/lineage';

export interface ModelEpisodeProps {
  kit: LoadedWorld;
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
export function ModelEpisode({ kit, task, route, resolved }: ModelEpisodeProps) {
  const [driver, setDriver] = useState<ModelDriver | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  // Leaving the episode cancels its request and lets its sessions go (a save under way lands first).
  useEffect(() => () => void driver?.dispose(), [driver]);
  const offered = route.fork ? offeredFork(route.fork) : undefined;
  // A fork keeps its parent's turn budget: the kept steps were spent from it.
  const effective = resolved.ok && !offered ? withMaxTurns(kit.world, task, resolved.value.maxTurns) : task;

  const begin = async (mode: Mode) => {
    if (!resolved.ok) return;
    setOpening(true);
    setOpenError(null);
    try {
      const options = { deps: browserDeps(), id: `model-${crypto.randomUUID()}`, remember: rememberConfig };
      const d = offered
        ? await ModelDriver.openFork(kit.world, (agent) => openForkOf(kit.world, offered.origin, offered.step, agent), resolved.value.config, options)
        : await ModelDriver.open(kit.world, effective, resolved.value.config, options);
      setDriver(d);
      navigate(modelHref({ ...route, step: null }), { replace: true });
      void (mode === 'run' ? d.run() : d.step());
    } catch (e) {
      setOpenError(e instanceof Error ? e.message : String(e));
    } finally {
      setOpening(false);
    }
  };

  if (driver)
    return (
      <LiveModelEpisode
        kit={kit}
        driver={driver}
        route={route}
        resolved={resolved}
        header={<TaskPicker kit={kit} task={task} route={route} disabled />}
        onNew={() => {
          setDriver(null);
          navigate(modelHref({ ...route, step: null }), { replace: true });
        }}
      />
    );

  if (route.fork && !offered)
    return (
      <section className="panel" data-testid="fork-gone">
        <h2>Nothing to continue here</h2>
        <p>The episode offered to the model was held by this tab before it reloaded. Open it again and choose “Continue from step … as the model”.</p>
      </section>
    );

  return (
    <div className="episode" data-testid="model-episode">
      <TaskPicker kit={kit} task={task} route={route} disabled={opening || offered !== undefined} />
      <section className="panel start">
        <h2>{effective.title}</h2>
        {offered ? (
          <p data-testid="fork-offered">
            Continues {inAppHref(offered.origin.href) ? <a href={inAppHref(offered.origin.href)!}>{offered.origin.name}</a> : offered.origin.name} from step{' '}
            {offered.step}: {offered.step === 1 ? 'its first call is' : `its first ${offered.step} calls are`} replayed and checked, and the model is shown them
            as its own, with their results; {effective.maxTurns - offered.step} of the task’s {effective.maxTurns} turns are left.
          </p>
        ) : null}
        <TaskPrompt task={effective} open />
        <p className="muted small">
          Turn budget: {effective.maxTurns} tool calls{effective.maxTurns !== task.maxTurns ? ` (the task’s is ${task.maxTurns}; set by “max turns”)` : ''}.
          Tools: {effective.tools.map((t) => t.function.name).join(', ')}.
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
