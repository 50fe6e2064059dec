import type { World } from '../../core/world';
import { gotchaRows, type GotchaRow } from '../gotchaTable';
import { GOTCHAS } from './agents';
import { makeWebPortalTask } from './tasks';

export type PortalGotchaRow = GotchaRow;

/** The three cheats on their showcase tasks, naive beside full: web-portal's money table. */
export function webPortalGotchaTable(world: World): Promise<PortalGotchaRow[]> {
  return gotchaRows(world, GOTCHAS, (id) => {
    const task = makeWebPortalTask({ id });
    if (!task.ok) throw new Error(task.error);
    return task.value;
  });
}
