import { useMemo } from 'react';
import type { Trace } from '../../core/types';
import type { LoadedWorld } from '../worlds/types';
import type { StepState, StepStates } from './stepStates';
import { useAsync, type AsyncState } from './useAsync';

/** A world's timeline series (`WorldUi.series`) over an episode, as the timeline draws it. */
export interface SeriesValues {
  label: string;
  /** values[k]: after k calls. */
  values: readonly number[];
  limit: { label: string; value: number } | null;
}

/**
 * The state at the selected step. One the live session (or an earlier
 * request) already holds renders at once; another keeps the last one on
 * screen while it is computed, instead of flashing.
 */
export function useStepState(states: StepStates, step: number, trace: Trace): AsyncState<StepState> {
  const held = states.peek(step);
  const asked = useAsync(() => states.at(step), [states, step, trace], { keepPrevious: true });
  return held ? { status: 'done', value: held } : asked;
}

/** The world's timeline series over every step, when it has one and the verifier's view is shown. */
export function useSeries(kit: LoadedWorld, states: StepStates, trace: Trace, hidden: boolean): SeriesValues | undefined {
  const series = kit.ui.series;
  const every = useAsync(() => (series && !hidden ? states.every() : Promise.resolve(null)), [series, hidden, states, trace], {
    keepPrevious: true,
    transition: true,
  });
  const all = every.status === 'done' ? every.value : null;
  // Once per set of states, not on every step shown.
  const values = useMemo(
    () => (series && all ? { label: series.label, values: all.map((s) => series.value(s.view)), limit: series.limit(all.at(-1)!.view) } : undefined),
    [series, all],
  );
  return hidden ? undefined : values;
}
