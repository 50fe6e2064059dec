import { useMemo } from 'react';
import { readingOf, type Reading } from '../../core/readings';
import type { Trace } from '../../core/types';
import type { StepStates } from './stepStates';
import { useAsync } from './useAsync';

/**
 * The naive and full readings after every step (k = 0 … n), from the episode's
 * step states (computed once; a live episode's own states are not replayed).
 * None while the verifier's view is hidden: they are what the verifier knows.
 */
export function useReadings(states: StepStates, trace: Trace, hidden: boolean): Reading[] | undefined {
  const every = useAsync(() => (hidden ? Promise.resolve(null) : states.every()), [hidden, states, trace], { keepPrevious: true, transition: true });
  const all = every.status === 'done' ? every.value : null;
  // Read once per set of states, not on every step shown: a long trace has thousands.
  const readings = useMemo(() => all?.map((s) => readingOf(s.scorecard)), [all]);
  return hidden ? undefined : readings;
}
