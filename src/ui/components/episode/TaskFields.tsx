import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { taskChoices, taskKey, taskLabel } from '../../lib/taskChoice';
import { WORLD_INFO } from '../../lib/worlds';

/** Pick a world. */
export function WorldField({ value, onPick, disabled }: { value: string; onPick(world: string): void; disabled?: boolean }) {
  return (
    <label className="field">
      <span>world</span>
      <select value={value} disabled={disabled} onChange={(e) => onPick(e.target.value)} aria-label="world">
        {WORLD_INFO.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Pick a task, then its seed where it has one. fault-api's choices are its
 * profiles and keep the chosen seed; other worlds' are their tasks.
 */
export function TaskFields({ world, task, onPick, disabled }: { world: World; task: Task; onPick(spec: JsonObject): void; disabled?: boolean }) {
  const choices = taskChoices(world);
  const spec = task.spec;
  return (
    <>
      <label className="field grow">
        <span>{world.id === 'fault-api' ? 'profile' : 'task'}</span>
        <select
          value={taskKey(world, task)}
          disabled={disabled}
          aria-label="task"
          onChange={(e) => {
            const t = choices.find((c) => taskKey(world, c) === e.target.value);
            if (t) onPick(world.id === 'fault-api' ? { ...spec, profile: t.spec.profile ?? 'realistic' } : t.spec);
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
              if (Number.isInteger(n) && n >= 0) onPick({ ...spec, seed: n });
            }}
          />
        </label>
      ) : null}
    </>
  );
}
