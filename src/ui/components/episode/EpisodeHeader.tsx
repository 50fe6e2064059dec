import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { episodeHref } from '../../lib/episodeRoute';
import { navigate } from '../../lib/navigate';
import { taskChoices, taskKey, taskLabel } from '../../lib/taskChoice';
import { WORLD_INFO } from '../../lib/worlds';

export interface EpisodeHeaderProps {
  world: World;
  task: Task;
  agent: string;
}

const ROLE_LABEL: Record<string, string> = { solver: 'solver', oracle: 'oracle', sentinel: 'sentinel', gotcha: 'gotcha', 'honest-wrong': 'honest but wrong' };

/** Pick the world, the task (with its seed / profile) and the agent; the URL changes, the view follows. */
export function EpisodeHeader({ world, task, agent }: EpisodeHeaderProps) {
  const go = (spec: JsonObject, nextAgent = agent) => navigate(episodeHref({ world: world.id, task: spec, agent: nextAgent, step: 0 }));
  const spec = task.spec;
  const agents = world.referenceAgents.filter((a) => a.appliesTo(task));
  const choices = taskChoices(world);

  return (
    <div className="episode-header">
      <label className="field">
        <span>world</span>
        <select value={world.id} onChange={(e) => navigate(episodeHref({ world: e.target.value, agent: 'human' }))} aria-label="world">
          {WORLD_INFO.map((w) => (
            <option key={w.id} value={w.id}>
              {w.title}
            </option>
          ))}
        </select>
      </label>
      <label className="field grow">
        <span>{world.id === 'fault-api' ? 'profile' : 'task'}</span>
        <select
          value={taskKey(world, task)}
          aria-label="task"
          onChange={(e) => {
            const t = choices.find((c) => taskKey(world, c) === e.target.value);
            if (!t) return;
            go(world.id === 'fault-api' ? { ...spec, profile: t.spec.profile ?? 'realistic' } : t.spec);
          }}
        >
          {choices.map((t) => (
            <option key={taskKey(world, t)} value={taskKey(world, t)}>
              {taskLabel(world, t)}
            </option>
          ))}
        </select>
      </label>
      {typeof spec.seed === 'number' ? (
        <label className="field seed">
          <span>seed</span>
          <input
            type="number"
            min={0}
            value={spec.seed}
            aria-label="seed"
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 0) go({ ...spec, seed: n });
            }}
          />
        </label>
      ) : null}
      <label className="field">
        <span>agent</span>
        <select value={agent} onChange={(e) => go(spec, e.target.value)} aria-label="agent">
          <option value="human">you (human play)</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label} — {ROLE_LABEL[a.role] ?? a.role}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
