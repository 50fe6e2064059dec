import type { Step } from '../../../core/types';
import type { StepState } from '../../lib/stepStates';
import type { AsyncState } from '../../lib/useAsync';
import type { LoadedWorld } from '../../worlds/types';
import { ScorecardPanel } from './ScorecardPanel';
import { StateCounters } from './StateCounters';

export interface StepPanelsProps {
  kit: LoadedWorld;
  step: number;
  last: number;
  state: AsyncState<StepState>;
  steps: readonly Step[];
  /** A person playing without hints: no verdicts, no hidden quota. */
  hideVerifier: boolean;
  /** The episode has stopped: its last step's scorecard is final, never the provisional one held while it is computed. */
  finished: boolean;
  /** What the hidden scorecard says instead (a study's rule), when the verifier is hidden. */
  hiddenNote?: string;
}

/** The scorecard and the world's inspector at the selected step, beside every episode. */
export function StepPanels({ kit, step, last, state, steps, hideVerifier, finished, hiddenNote }: StepPanelsProps) {
  const pending = (word: string) => (state.status === 'error' ? <p className="error">{state.message}</p> : <p className="muted">{word}…</p>);
  const { Inspector } = kit.ui;
  return (
    <aside className="side">
      <section className="panel">
        <h2>Scorecard {step < last ? <span className="muted small">at step {step}</span> : null}</h2>
        {hideVerifier ? (
          <p className="muted" data-testid="scorecard-hidden">
            {hiddenNote ?? 'The verifiers’ verdicts appear when you finish (or reveal hints).'}
          </p>
        ) : state.status === 'done' && !(finished && step === last && !state.value.scorecard.final) ? (
          <ScorecardPanel card={state.value.scorecard} />
        ) : (
          pending('Scoring')
        )}
      </section>
      <section className="panel">
        <h2>State at step {step}</h2>
        {state.status === 'done' ? (
          <>
            <StateCounters world={kit.world} state={state.value.view} />
            <Inspector state={state.value.view} steps={steps.slice(0, step)} hideVerifier={hideVerifier} />
          </>
        ) : (
          pending('Replaying')
        )}
      </section>
    </aside>
  );
}
