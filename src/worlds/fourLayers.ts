import type { CompositionSpec } from '../core/composition';
import type { Task } from '../core/types';

/** The layer ids tripwire and web-portal share: answer, end state, trace path, policy gate. */
export const LAYER_IDS = { L0: 'final_answer', L1: 'end_state', L2: 'trace_path', L3: 'policy_gate' } as const;

/**
 * The four-layer arithmetic both worlds use, so their numbers read the same way:
 * L3 × (read: L0; mutation: 0.2·L0 + 0.4·L1 + 0.4·L2). On a read task L1 and L2
 * are still scored (a viewer may want them), but the reward is the gate times the answer.
 */
export function fourLayerSpec(task: Task, naiveCheck: string): CompositionSpec {
  const naive = { naiveFrom: LAYER_IDS.L0, naiveCheck };
  if (task.kind !== 'mutation') {
    const why = 'on a read task the answer is the deliverable (a write there trips the policy gate)';
    return {
      factors: [LAYER_IDS.L3],
      terms: [{ layer: LAYER_IDS.L0, weight: 1 }],
      unused: [LAYER_IDS.L1, LAYER_IDS.L2].map((layer) => ({ layer, why })),
      ...naive,
    };
  }
  return {
    factors: [LAYER_IDS.L3],
    terms: [
      { layer: LAYER_IDS.L0, weight: 0.2 },
      { layer: LAYER_IDS.L1, weight: 0.4 },
      { layer: LAYER_IDS.L2, weight: 0.4 },
    ],
    ...naive,
  };
}
