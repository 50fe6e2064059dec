import type { Step, Task, ToolCall } from '../../../core/types';
import type { HumanDriver } from '../../live/humanDriver';
import type { LoadedWorld } from '../../worlds/types';
import { PlayPanel } from '../play/PlayPanel';

export interface YourMoveProps {
  kit: LoadedWorld;
  task: Task;
  steps: readonly Step[];
  busy: boolean;
  hints: boolean;
  onCall(call: ToolCall): void;
  driver: HumanDriver;
}

/** Under the steps while a person plays: the world's play panel, hints, giving up. */
export function YourMove({ kit, task, steps, busy, hints, onCall, driver }: YourMoveProps) {
  return (
    <>
      <h2>Your move</h2>
      <PlayPanel Play={kit.ui.PlayPanel} task={task} steps={steps} busy={busy} onCall={onCall} />
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
