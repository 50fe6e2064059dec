import type { Step, Task } from '../../../core/types';
import type { StepState } from '../../lib/stepStates';
import type { AsyncState } from '../../lib/useAsync';
import type { LoadedWorld } from '../../worlds/types';
import { ScorecardPanel } from './ScorecardPanel';
import { StateCounters } from './StateCounters';

export interface StepPanelsProps {
  kit: LoadedWorld;
  task: Task;
  step: number;
  last: number;
  state: AsyncState<StepState>;
  steps: readonly Step[];
  /** A person playing without hints: no verdicts, and of the state only what their own calls returned. */
  hideVerifier: boolean;
  /** The episode has stopped: its last step's scorecard is final, never the provisional one held while it is computed. */
  finished: boolean;
  /** What the hidden scorecard says instead (a study's rule), when the verifier is hidden. */
  hiddenNote?: string;
  /** A person is playing it now (their play panel is on the page). */
  playing: boolean;
}

const pending = (state: AsyncState<StepState>, word: string) =>
  state.status === 'error' ? <p className="error">{state.message}</p> : <p className="muted">{word}…</p>;

/** The verdicts at the selected step, and why they differ: beside the steps on a wide screen, first on a phone. */
export function ScoreSection({ step, last, state, hideVerifier, finished, hiddenNote }: StepPanelsProps) {
  return (
    <section className="panel score-panel">
      {/* Where the focus lands when play ends or the verifier's view is revealed: the control that had it is gone. */}
      <h2 tabIndex={-1} data-landing="scorecard">
        Scorecard {step < last ? <span className="muted small">at step {step}</span> : null}
      </h2>
      {hideVerifier ? (
        <p className="muted" data-testid="scorecard-hidden">
          {hiddenNote ?? 'The verifiers’ verdicts appear when you finish (or reveal hints).'}
        </p>
      ) : state.status === 'done' && !(finished && step === last && !state.value.scorecard.final) ? (
        <ScorecardPanel card={state.value.scorecard} />
      ) : (
        pending(state, 'Scoring')
      )}
    </section>
  );
}

/** The world at the selected step: the verifier's inspector, or while a person plays blind only what their calls returned. */
export function StateSection({ kit, task, step, last, state, steps, hideVerifier, playing }: StepPanelsProps) {
  const { Inspector } = kit.ui;
  const { Seen, hidden } = kit.ui.player;
  if (hideVerifier)
    return (
      // The state is not handed down at all: nothing in it can reach the page before the player's own call shows it.
      <section className="panel" data-testid="state-hidden">
        <h2>What you have seen {step < last ? <span className="muted small">up to step {step}</span> : null}</h2>
        <p className="muted small">
          While you play, only what your own calls returned is shown. The rest — {hidden} — is the verifier’s: it appears when the episode ends, or if you
          reveal it (the run is then marked “played with hints”).
        </p>
        {Seen ? <Seen task={task} steps={steps.slice(0, step)} /> : null}
      </section>
    );
  return (
    <section className="panel">
      <h2>State at step {step}</h2>
      {state.status === 'done' ? (
        <>
          <StateCounters world={kit.world} state={state.value.view} />
          <Inspector state={state.value.view} steps={steps.slice(0, step)} playing={playing} />
        </>
      ) : (
        pending(state, 'Replaying')
      )}
    </section>
  );
}
