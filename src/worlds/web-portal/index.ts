import { isJsonObject } from '../../core/json';
import type { World } from '../../core/world';
import { REFERENCE_AGENTS } from './agents';
import { webPortalRubric } from './rubric';
import { summarizeWebPortal } from './summary';
import { WebPortalSession } from './session';
import { TASK_DEFS } from './setup';
import { makeWebPortalTask, setupOfTask, taskOf, WORLD_ID } from './tasks';

export const webPortalWorld: World = {
  id: WORLD_ID,
  title: 'web-portal',
  summary:
    "A small customer-support web app (orders, profiles, a refund form with a confirmation dialog, an admin console agents must not use), played through an accessibility tree: the world's own event log of what was shown, touched and changed is the authorizer.",
  makeTask: makeWebPortalTask,
  listTasks: () => TASK_DEFS.map((def) => taskOf(def)),
  open: async (task) => new WebPortalSession(task, setupOfTask(task)),
  rubric: webPortalRubric,
  summarize: summarizeWebPortal,
  referenceAgents: REFERENCE_AGENTS,
  describeState: (state) => {
    const diff = isJsonObject(state.diff) ? state.diff : {};
    const count = (k: string) => (Array.isArray(diff[k]) ? diff[k].length : 0);
    return { records_changed: count('orders') + count('customers') + count('refunds_added'), audit_entries: count('audit_added') };
  },
};

export { render } from './render';
export { perform, type Outcome } from './perform';
export { snapshotText, parseSnapshot, type SnapshotLine } from './snapshot';
export { initialState, type PortalState } from './state';
export { WebPortalSession } from './session';
export { EV } from './events';
export type { Page, PageNode, Route, NodeAction } from './page';
export { TASK_DEFS, setupOf } from './setup';
export { GOTCHAS } from './agents';
export { webPortalGotchaTable, type PortalGotchaRow } from './gotchas';
