import type { WorldEntry } from '../types';
import { showcaseFrom } from '../showcase';

/** ticket-queue as the registry lists it: light, its code loaded when a view needs it. */
export const ticketQueueEntry: WorldEntry = {
  id: 'ticket-queue',
  title: 'ticket-queue',
  summary: 'A small synthetic support queue: write the structured notes and statuses a task asks for, and nothing a policy forbids.',
  load: async () => (await import('../../../worlds/ticket-queue/index')).ticketQueueWorld,
  ui: async () => (await import('./ui')).ticketQueueUi,
  home: {
    order: 3,
    title: 'ticket-queue — oracle vs reward-hacking sentinels',
    note: 'A scripted oracle and three sentinels the validator must reject. Writing a note on every ticket games recall; precision and the policy gate catch it.',
    count: 4,
    rows: showcaseFrom(() => import('./home')),
  },
};
