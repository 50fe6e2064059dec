import type { JsonObject } from '../../../core/json';
import type { Task } from '../../../core/types';
import { taskChoices } from '../../worlds/taskVocabulary';
import type { LoadedWorld } from '../../worlds/types';

/** Pick a task, in the world's own words ("profile" for fault-api), then its seed where it has one. */
export function TaskFields({ kit, task, onPick, disabled }: { kit: LoadedWorld; task: Task; onPick(spec: JsonObject): void; disabled?: boolean }) {
  const { tasks } = kit.ui;
  const choices = taskChoices(kit.world, tasks);
  const spec = task.spec;
  return (
    <>
      <label className="field grow">
        <span>{tasks.noun}</span>
        <select
          value={tasks.key(task)}
          disabled={disabled}
          aria-label={tasks.noun}
          onChange={(e) => {
            const t = choices.find((c) => tasks.key(c) === e.target.value);
            if (t) onPick(tasks.pick(spec, t));
          }}
        >
          {choices.map((t) => (
            <option key={tasks.key(t)} value={tasks.key(t)}>
              {tasks.label(t)}
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
