import type { Task } from '../../../core/types';
import { modelHref, type ModelRoute } from '../../lib/model/route';
import { navigate } from '../../lib/navigate';
import type { LoadedWorld } from '../../worlds/types';
import { TaskFields } from '../episode/TaskFields';
import { WorldField } from '../episode/WorldField';

/** World, task and seed for one model episode; the URL changes and the view follows. */
export function TaskPicker({ kit, task, route, disabled }: { kit: LoadedWorld; task: Task; route: ModelRoute; disabled: boolean }) {
  const go = (next: Partial<ModelRoute>) => navigate(modelHref({ ...route, step: null, ...next }));
  return (
    <div className="episode-header">
      <WorldField value={kit.world.id} disabled={disabled} onPick={(id) => go({ world: id, task: null })} />
      <TaskFields kit={kit} task={task} disabled={disabled} onPick={(spec) => go({ world: kit.world.id, task: spec })} />
    </div>
  );
}
