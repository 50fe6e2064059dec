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
}

/** The scorecard and the world's inspector at the selected step, beside every episode. */
export function StepPanels({ kit, task, step, last, state, steps, hideVerifier, finished }: StepPanelsProps) {
  const pending = (word: string) => (state.status === 'error' ? <p className="error">{state.message}</p> : <p className="muted">{word}…</p>);
  const { Inspector } = kit.ui;
  const { Seen, hidden } = kit.ui.player;
  return (
    <aside className="side">
      <section className="panel">
        <h2>Scorecard {step < last ? <span className="muted small">at step {step}</span> : null}</h2>
        {hideVerifier ? (
          <p className="muted" data-testid="scorecard-hidden">
            The verifiers’ verdicts appear when you finish (or reveal hints).
          </p>
        ) : state.status === 'done' && !(finished && step === last && !state.value.scorecard.final) ? (
          <ScorecardPanel card={state.value.scorecard} />
        ) : (
          pending('Scoring')
        )}
      </section>
      {hideVerifier ? (
        // The state is not handed down at all: nothing in it can reach the page before the player's own call shows it.
        <section className="panel" data-testid="state-hidden">
          <h2>What you have seen {step < last ? <span className="muted small">up to step {step}</span> : null}</h2>
          <p className="muted small">
            While you play, only what your own calls returned is shown. The rest — {hidden} — is the verifier’s: it appears when the episode ends, or
            if you reveal it (the run is then marked “played with hints”).
          </p>
          {Seen ? <Seen task={task} steps={steps.slice(0, step)} /> : null}
        </section>
      ) : (
        <section className="panel">
          <h2>State at step {step}</h2>
          {state.status === 'done' ? (
            <>
              <StateCounters world={kit.world} state={state.value.view} />
              <Inspector state={state.value.view} steps={steps.slice(0, step)} />
            </>
          ) : (
            pending('Replaying')
          )}
        </section>
      )}
    </aside>
  );
}
