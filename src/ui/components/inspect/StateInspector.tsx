import type { JsonObject } from '../../../core/json';
import type { Step } from '../../../core/types';
import { FaultApiInspector } from './FaultApiInspector';
import { TicketQueueInspector } from './TicketQueueInspector';
import { TripwireInspector } from './TripwireInspector';

export interface StateInspectorProps {
  world: string;
  state: JsonObject;
  steps: readonly Step[];
  hideVerifier: boolean;
}

export function StateInspector({ world, state, steps, hideVerifier }: StateInspectorProps) {
  if (world === 'fault-api') return <FaultApiInspector state={state} steps={steps} hideVerifier={hideVerifier} />;
  if (world === 'tripwire') return <TripwireInspector state={state} />;
  if (world === 'ticket-queue') return <TicketQueueInspector state={state} />;
  return <pre>{JSON.stringify(state, null, 2)}</pre>;
}
