import { useMemo } from 'react';
import { canonicalJson } from '../../../core/json';
import type { Result } from '../../../core/result';
import type { ModelRoute } from '../../lib/model/route';
import type { ResolvedSettings } from '../../lib/model/settings';
import type { LoadedWorld } from '../../worlds/types';
import { ModelEpisode } from './ModelEpisode';

/** The task the URL names, as a model episode of its own: another task is another episode. */
export function ModelEpisodeForRoute({ kit, r, resolved }: { kit: LoadedWorld; r: ModelRoute; resolved: Result<ResolvedSettings> }) {
  const { world } = kit;
  const made = useMemo(() => world.makeTask(r.task ?? world.listTasks()[0]!.spec), [world, r.task]);
  if (!made.ok)
    return (
      <p className="error">
        This link names a task {world.id} does not have: {made.error}
      </p>
    );
  // A new task is a new episode: the key drops the old driver (its request is cancelled and its sessions let go on unmount).
  return <ModelEpisode key={`${world.id} ${canonicalJson(made.value.spec)} ${r.fork ?? ''}`} kit={kit} task={made.value} route={r} resolved={resolved} />;
}
