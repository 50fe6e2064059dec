import type { Step } from '../../../core/types';
import type { StepState } from '../../lib/stepState';
import type { AsyncState } from '../../lib/useAsync';
import { StateInspector } from '../inspect/StateInspector';
import { ScorecardPanel } from './ScorecardPanel';

const FULL_LABEL: Record<string, string> = { tripwire: 'layered', 'ticket-queue': 'dense' };

export interface StepPanelsProps {
  world: string;
  step: number;
  last: number;
  state: AsyncState<StepState>;
  steps: readonly Step[];
  /** A person playing without hints: no verdicts, no hidden quota. */
  hideVerifier: boolean;
}

/** The scorecard and the state inspector at the selected step, beside every episode. */
export function StepPanels({ world, step, last, state, steps, hideVerifier }: StepPanelsProps) {
  const pending = (word: string) => (state.status === 'error' ? <p className="error">{state.message}</p> : <p className="muted">{word}…</p>);
  return (
    <aside className="side">
      <section className="panel">
        <h3>Scorecard {step < last ? <span className="muted small">at step {step}</span> : null}</h3>
        {hideVerifier ? (
          <p className="muted" data-testid="scorecard-hidden">
            The verifiers’ verdicts appear when you finish (or reveal hints).
          </p>
        ) : state.status === 'done' ? (
          <ScorecardPanel card={state.value.scorecard} fullLabel={FULL_LABEL[world] ?? 'full'} />
        ) : (
          pending('Scoring')
        )}
      </section>
      <section className="panel">
        <h3>State at step {step}</h3>
        {state.status === 'done' ? <StateInspector world={world} state={state.value.state} steps={steps.slice(0, step)} hideVerifier={hideVerifier} /> : pending('Replaying')}
      </section>
    </aside>
  );
}
