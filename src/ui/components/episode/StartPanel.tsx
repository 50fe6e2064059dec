import { useState } from 'react';
import type { Task } from '../../../core/types';
import { episodeHref } from '../../lib/episodeRoute';
import { intendFocus } from '../../lib/focusIntent';
import { navigate } from '../../lib/navigate';
import { startRun } from '../../live/runs';
import type { LoadedWorld } from '../../worlds/types';
import { EpisodeHeader } from './EpisodeHeader';
import { TaskPrompt } from './TaskPrompt';

/**
 * Before a person's run: the task and a start button. Its own component, so its state starts
 * fresh each time the view comes back to it (after a finished run, say).
 */
export function StartPanel({ kit, task }: { kit: LoadedWorld; task: Task }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const run = await startRun(kit.world, task);
      intendFocus('play');
      navigate(episodeHref({ world: kit.world.id, task: task.spec, agent: 'human', run: run.id, step: 0 }), { replace: true });
    } catch (e) {
      setError(`Could not start the run: ${e instanceof Error ? e.message : String(e)}`);
      setStarting(false);
    }
  };
  return (
    <div className="episode">
      <EpisodeHeader kit={kit} task={task} agent="human" />
      <section className="panel start">
        <h1>{task.title}</h1>
        <TaskPrompt task={task} open />
        <button type="button" className="primary" disabled={starting} onClick={() => void start()} data-testid="start-run">
          {starting ? 'Starting…' : 'Start playing'}
        </button>
        {error ? <p className="error">{error}</p> : null}
        <p className="muted small">
          Your run is scored exactly like an agent's and saved in this browser (if it cannot be, you are told and can export it). The verifier's events stay
          hidden until you finish.
        </p>
      </section>
    </div>
  );
}
