import { useRef, useState } from 'react';
import { firstFocusable, useFocusLanding } from '../../lib/focusIntent';
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
  /** Offer to reveal the verifier's events (never in a study: its runs are baselines). */
  allowHints?: boolean;
  onCall(call: ToolCall): Promise<unknown>;
  driver: HumanDriver;
}

/** Under the steps while a person plays: the calls left, the world's play panel, hints, giving up. */
export function YourMove({ kit, task, steps, trace, states, busy, hints, allowHints = true, onCall, driver }: YourMoveProps) {
  const tip = useStepState(states, steps.length, trace);
  const [confirmGiveUp, setConfirmGiveUp] = useState(false);
  // Revealing marks the run for good (it leaves the human baseline): one click only opens the question.
  const [confirmReveal, setConfirmReveal] = useState(false);
  const left = task.maxTurns - steps.length;
  // A run just started: the focus goes to the first control of the world's play panel, not back to the top of the page.
  const playRef = useRef<HTMLDivElement>(null);
  useFocusLanding('play', () => firstFocusable(playRef.current));
  return (
    <>
      <div className="move-head">
        <h2>Your move</h2>
        {/* The turn budget is part of the task, not the verifier's knowledge: a person sees it as an agent does. */}
        <span className="muted small" role="status" data-testid="turns">
          call {steps.length + 1} of {task.maxTurns}
        </span>
        {busy ? (
          <span className="running small" data-testid="running">
            <span className="spinner" aria-hidden="true" /> running…
          </span>
        ) : null}
      </div>
      {left === 1 ? (
        <p className="last-call" role="alert" data-testid="last-call">
          This is your last call: the episode ends after it, and an answer not submitted by then is scored as no answer.
        </p>
      ) : null}
      <div ref={playRef}>
        <PlayPanel Play={kit.ui.PlayPanel} task={task} steps={steps} view={tip.status === 'done' ? tip.value.view : null} busy={busy} send={onCall} />
      </div>
      <div className="play-row">
        {!hints && allowHints && !confirmReveal ? (
          <button type="button" onClick={() => setConfirmReveal(true)} data-testid="reveal-hints">
            Reveal the verifier’s view…
          </button>
        ) : null}
        {confirmGiveUp ? null : (
          <button type="button" onClick={() => setConfirmGiveUp(true)} data-testid="give-up">
            Give up
          </button>
        )}
      </div>
      {confirmReveal && allowHints && !hints ? (
        <div className="confirm" role="alertdialog" aria-label="confirm revealing the verifier's view" data-testid="confirm-reveal">
          <span>
            Reveal? You will see the verdicts, the verifier’s events and {kit.ui.player.hidden}. The run is marked “played with hints” for good, and
            human-baseline figures leave it out unless the reader includes it.
          </span>
          <button type="button" className="danger" onClick={() => void driver.revealHints()} autoFocus data-testid="confirm-reveal-yes">
            Reveal and mark the run
          </button>
          <button type="button" onClick={() => setConfirmReveal(false)}>
            Keep playing blind
          </button>
        </div>
      ) : null}
      {confirmGiveUp ? (
        <div className="confirm" role="alertdialog" aria-label="confirm giving up" data-testid="confirm-give-up">
          <span>Give up? The episode ends now and is scored as it stands; nothing more can be called.</span>
          <button type="button" className="danger" onClick={() => void driver.giveUp()} autoFocus data-testid="confirm-give-up-yes">
            Give up
          </button>
          <button type="button" onClick={() => setConfirmGiveUp(false)}>
            Keep playing
          </button>
        </div>
      ) : null}
    </>
  );
}
