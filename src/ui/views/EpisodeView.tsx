import { useMemo } from 'react';
import { EpisodeBody } from '../components/episode/EpisodeBody';
import { EpisodeHeader } from '../components/episode/EpisodeHeader';
import { HumanEpisode } from '../components/episode/HumanEpisode';
import { StartPanel } from '../components/episode/StartPanel';
import { episodeHref, readEpisodeRoute, type EpisodeRoute } from '../lib/episodeRoute';
import { referenceTrace } from '../lib/referenceTrace';
import type { Route } from '../lib/route';
import { recordedStates } from '../lib/stepStates';
import { useAsync } from '../lib/useAsync';
import { getRun } from '../live/runs';
import { loadWorldUi } from '../worlds/registry';
import type { LoadedWorld } from '../worlds/types';
import type { Task } from '../../core/types';

/** Play a world, or step through a reference agent's episode: the URL names the world, task, agent, run and step. */
export default function EpisodeView({ route }: { route: Route }) {
  const r = readEpisodeRoute(route.path, route.query);
  // A reference agent's SQL is ours and runs in-process; anything else runs behind the watchdog.
  const purpose = r.agent === 'human' ? 'play' : 'reference';
  const kit = useAsync(() => loadWorldUi(r.world, purpose), [r.world, purpose]);
  if (kit.status === 'loading') return <p className="muted">Loading {r.world}…</p>;
  if (kit.status === 'error') return <p className="error">{kit.message}</p>;
  return <WithTask kit={kit.value} r={r} />;
}

function WithTask({ kit, r }: { kit: LoadedWorld; r: EpisodeRoute }) {
  const { world } = kit;
  const made = useMemo(() => world.makeTask(r.task ?? world.listTasks()[0]!.spec), [world, r.task]);
  if (!made.ok) return <p className="error">This link names a task {world.id} does not have: {made.error}</p>;
  if (r.agent !== 'human') return <ReferenceEpisode kit={kit} task={made.value} r={r} />;
  if (!r.run) return <StartPanel kit={kit} task={made.value} />;
  return <HumanRun kit={kit} task={made.value} r={r} run={r.run} />;
}

/** A person's run: the one this tab holds, or restored from storage after a reload. */
function HumanRun({ kit, task, r, run }: { kit: LoadedWorld; task: Task; r: EpisodeRoute; run: string }) {
  const driver = useAsync(() => getRun(run, kit.world), [kit.world, run]);
  if (driver.status === 'loading') return <p className="muted">Restoring your run…</p>;
  if (driver.status === 'error') return <p className="error">{driver.message}</p>;
  return <HumanEpisode kit={kit} task={task} r={r} driver={driver.value} />;
}

/** A reference agent's whole episode, computed once per page, stepped through by replay. */
function ReferenceEpisode({ kit, task, r }: { kit: LoadedWorld; task: Task; r: EpisodeRoute }) {
  const specKey = JSON.stringify(task.spec);
  const trace = useAsync(() => referenceTrace(kit.world, task, r.agent), [kit.world, specKey, r.agent]);
  if (trace.status === 'loading') return <p className="muted">Running {r.agent}…</p>;
  if (trace.status === 'error') return <p className="error">{trace.message}</p>;
  return (
    <EpisodeBody
      kit={kit}
      task={task}
      trace={trace.value}
      states={recordedStates(kit.world, task, trace.value)}
      step={r.step}
      stepHref={(k) => episodeHref({ ...r, task: task.spec, step: k })}
      header={<EpisodeHeader kit={kit} task={task} agent={r.agent} />}
    />
  );
}
