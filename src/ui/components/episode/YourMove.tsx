import type { Step, Task, ToolCall, Trace } from '../../../core/types';
import type { StepStates } from '../../lib/stepStates';
import { useStepState } from '../../lib/useStepState';
import type { HumanDriver } from '../../live/humanDriver';
import type { LoadedWorld } from '../../worlds/types';
import { PlayPanel } from '../play/PlayPanel';

export interface YourMoveProps {
  kit: LoadedWorld;
  task: Task;
  steps: readonly Step[];
  /** The run's trace and its states: the play panel gets the state at the tip (a page to draw, for web-portal). */
  trace: Trace;
  states: StepStates;
  busy: boolean;
  hints: boolean;
  onCall(call: ToolCall): Promise<unknown>;
  driver: HumanDriver;
}

/** Under the steps while a person plays: the world's play panel, hints, giving up. */
export function YourMove({ kit, task, steps, trace, states, busy, hints, onCall, driver }: YourMoveProps) {
  const tip = useStepState(states, steps.length, trace);
  return (
    <>
      <h3>Your move</h3>
      <PlayPanel Play={kit.ui.PlayPanel} task={task} steps={steps} view={tip.status === 'done' ? tip.value.view : null} busy={busy} onCall={onCall} />
      <div className="play-row">
        {!hints ? (
          <button type="button" onClick={() => void driver.revealHints()} data-testid="reveal-hints">
            Reveal the verifier’s events (marks the run “played with hints”)
          </button>
        ) : null}
        <button type="button" onClick={() => void driver.giveUp()}>
          Give up
        </button>
      </div>
    </>
  );
}
