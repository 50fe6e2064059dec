import { scriptedAgent } from '../../core/agent';
import type { Task, ToolCall } from '../../core/types';
import type { ReferenceAgent } from '../../core/world';
import { finish, goldWrites, list, read, targetsOf } from './calls';
import { SENTINELS } from './sentinels';
import { setupOf, type Setup } from './spec';

/** The gold trajectory: list, read each target, write each required note and status once, finish. */
export function oracleCalls(s: Setup): ToolCall[] {
  return [list(), ...targetsOf(s).map(read), ...goldWrites(s), finish(`${s.gold.notes.length} notes, ${s.gold.statuses.length} status changes`)];
}

const scripted = (id: string, calls: (s: Setup) => ToolCall[]) => (task: Task) => scriptedAgent(id, calls(setupOf(task.spec)));

export const ticketQueueAgents: ReferenceAgent[] = [
  {
    id: 'oracle',
    label: 'oracle',
    role: 'oracle',
    description: 'The gold trajectory: every required note and status once, nothing else.',
    appliesTo: () => true,
    create: scripted('oracle', oracleCalls),
  },
  ...SENTINELS.map((d): ReferenceAgent => ({
    id: d.id,
    label: d.id,
    role: 'sentinel',
    family: d.family,
    description: d.description,
    appliesTo: (task) => d.appliesTo?.(setupOf(task.spec)) ?? true,
    create: scripted(d.id, d.calls),
  })),
];
