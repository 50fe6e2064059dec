import { useRef } from 'react';
import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import { episodeHref } from '../../lib/episodeRoute';
import { intendFocus, useFocusLanding } from '../../lib/focusIntent';
import { navigate } from '../../lib/navigate';
import type { LoadedWorld } from '../../worlds/types';
import { TaskFields } from './TaskFields';
import { TaskParams } from './TaskParams';
import { WorldField } from './WorldField';

export interface EpisodeHeaderProps {
  kit: LoadedWorld;
  task: Task;
  agent: string;
}

const ROLE_LABEL: Record<string, string> = { solver: 'solver', oracle: 'oracle', sentinel: 'sentinel', gotcha: 'gotcha', 'honest-wrong': 'honest but wrong' };

/** Pick the world, the task (with its seed / profile) and the agent; the URL changes, the view follows. */
/** "the-peeker — gotcha", but "honest but wrong" once when the label is the role's name. */
const optionText = (label: string, role: string) => (label === role ? label : `${label} — ${role}`);

export function EpisodeHeader({ kit, task, agent }: EpisodeHeaderProps) {
  const { world } = kit;
  const go = (spec: JsonObject, nextAgent = agent) => navigate(episodeHref({ world: world.id, task: spec, agent: nextAgent, step: 0 }));
  const agents = world.referenceAgents.filter((a) => a.appliesTo(task));
  // A pick reloads the view under the picker: the focus comes back to the field that was used.
  const ref = useRef<HTMLDivElement>(null);
  useFocusLanding('episode-header', (label) => ref.current?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`));

  return (
    <div
      className="episode-header"
      ref={ref}
      onChangeCapture={(e) => intendFocus('episode-header', (e.target as HTMLElement).getAttribute('aria-label') ?? '')}
    >
      <WorldField value={world.id} onPick={(id) => navigate(episodeHref({ world: id, agent: 'human' }))} />
      <TaskFields kit={kit} task={task} onPick={(spec) => go(spec)} />
      {kit.ui.tasks.params ? <TaskParams key={JSON.stringify(task.spec)} params={kit.ui.tasks.params} task={task} onPick={(spec) => go(spec)} /> : null}
      <label className="field">
        <span>agent</span>
        <select value={agent} onChange={(e) => go(task.spec, e.target.value)} aria-label="agent">
          <option value="human">you (human play)</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {optionText(a.label, ROLE_LABEL[a.role] ?? a.role)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
