import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { modelHref, taskChoices, taskKey, taskLabel, type ModelRoute } from '../../lib/modelRoute';
import { navigate } from '../../lib/navigate';
import { WORLD_INFO } from '../../lib/worlds';

/** World, task and seed for one model episode; the URL changes and the view follows. */
export function TaskPicker({ world, task, route, disabled }: { world: World; task: Task; route: ModelRoute; disabled: boolean }) {
  const choices = taskChoices(world);
  const spec = task.spec;
  const go = (next: Partial<ModelRoute>) => navigate(modelHref({ ...route, step: null, ...next }));
  return (
    <div className="episode-header">
      <label className="field">
        <span>world</span>
        <select value={world.id} disabled={disabled} onChange={(e) => go({ world: e.target.value, task: null })} aria-label="world">
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
          disabled={disabled}
          aria-label="task"
          onChange={(e) => {
            const t = choices.find((c) => taskKey(world, c) === e.target.value);
            if (t) go({ world: world.id, task: world.id === 'fault-api' ? { ...spec, profile: t.spec.profile ?? 'realistic' } : t.spec });
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
            disabled={disabled}
            aria-label="seed"
            onChange={(e) => {
              const n = Number(e.target.value);
              if (Number.isInteger(n) && n >= 0) go({ world: world.id, task: { ...spec, seed: n } });
            }}
          />
        </label>
      ) : null}
    </div>
  );
}
