import type { Task } from '../../../core/types';
import type { World } from '../../../core/world';
import { modelHref, type ModelRoute } from '../../lib/modelRoute';
import { TaskFields, WorldField } from '../episode/TaskFields';
import { navigate } from '../../lib/navigate';

/** World, task and seed for one model episode; the URL changes and the view follows. */
export function TaskPicker({ world, task, route, disabled }: { world: World; task: Task; route: ModelRoute; disabled: boolean }) {
  const go = (next: Partial<ModelRoute>) => navigate(modelHref({ ...route, step: null, ...next }));
  return (
    <div className="episode-header">
      <WorldField value={world.id} disabled={disabled} onPick={(id) => go({ world: id, task: null })} />
      <TaskFields world={world} task={task} disabled={disabled} onPick={(spec) => go({ world: world.id, task: spec })} />
    </div>
  );
}
