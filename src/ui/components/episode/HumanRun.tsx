import type { Task } from '../../../core/types';
import type { EpisodeRoute } from '../../lib/episodeRoute';
import { useAsync } from '../../lib/useAsync';
import { getRun } from '../../live/runs';
import type { LoadedWorld } from '../../worlds/types';
import { HumanEpisode } from './HumanEpisode';

/** A person's run: the one this tab holds, or restored from storage after a reload. */
export function HumanRun({ kit, task, r, run }: { kit: LoadedWorld; task: Task; r: EpisodeRoute; run: string }) {
  const driver = useAsync(() => getRun(run, kit.world), [kit.world, run]);
  if (driver.status === 'loading') return <p className="muted">Restoring your run…</p>;
  if (driver.status === 'error') return <p className="error">{driver.message}</p>;
  return <HumanEpisode kit={kit} task={task} r={r} driver={driver.value} />;
}
