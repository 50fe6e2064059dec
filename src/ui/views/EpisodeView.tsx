import { useMemo } from 'react';
import { HumanRun } from '../components/episode/HumanRun';
import { ReferenceEpisode } from '../components/episode/ReferenceEpisode';
import { StartPanel } from '../components/episode/StartPanel';
import { findReferenceAgent } from '../../core/world';
import { readEpisodeRoute } from '../lib/episodeRoute';
import type { Route } from '../lib/route';
import { useAsync } from '../lib/useAsync';
import { loadWorldUi } from '../worlds/registry';

/** Play a world, or step through a reference agent's episode: the URL names the world, task, agent, run and step. */
export default function EpisodeView({ route }: { route: Route }) {
  const r = readEpisodeRoute(route.path, route.query);
  // A reference agent's SQL is ours and runs in-process; anything else runs behind the watchdog.
  const purpose = r.agent === 'human' ? 'play' : 'reference';
  const kit = useAsync(() => loadWorldUi(r.world, purpose), [r.world, purpose]);
  const world = kit.status === 'done' ? kit.value.world : null;
  const made = useMemo(() => world?.makeTask(r.task ?? world.listTasks()[0]!.spec), [world, r.task]);
  if (kit.status === 'loading') return <p className="muted">Loading {r.world}…</p>;
  if (kit.status === 'error') return <p className="error">{kit.message}</p>;
  if (!made) return null;
  if (!made.ok)
    return (
      <p className="error">
        This link names a task {kit.value.world.id} does not have: {made.error}
      </p>
    );
  // A link made before an agent was renamed opens it under its name now (fault-api's "naive" solver is "trusting").
  if (r.agent !== 'human')
    return <ReferenceEpisode kit={kit.value} task={made.value} r={{ ...r, agent: findReferenceAgent(kit.value.world, r.agent)?.id ?? r.agent }} />;
  if (!r.run) return <StartPanel kit={kit.value} task={made.value} />;
  return <HumanRun kit={kit.value} task={made.value} r={r} run={r.run} />;
}
