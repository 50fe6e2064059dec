import type { Task } from '../../../core/types';
import { episodeHref, type EpisodeRoute } from '../../lib/episodeRoute';
import { referenceTrace } from '../../lib/referenceTrace';
import { recordedStates } from '../../lib/stepStates';
import { useAsync } from '../../lib/useAsync';
import type { LoadedWorld } from '../../worlds/types';
import { EpisodeBody } from './EpisodeBody';
import { EpisodeHeader } from './EpisodeHeader';

/** A reference agent's whole episode, computed once per page, stepped through by replay. */
export function ReferenceEpisode({ kit, task, r }: { kit: LoadedWorld; task: Task; r: EpisodeRoute }) {
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
      fork={{ name: `reference agent ${r.agent}`, href: episodeHref({ ...r, task: task.spec, step: null }), trace: trace.value }}
    />
  );
}
