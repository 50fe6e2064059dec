import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import type { Task, ToolCall } from '../../../core/types';
import { episodeHref, type EpisodeRoute } from '../../lib/episodeRoute';
import { focusIfLost } from '../../lib/focusIntent';
import { navigate } from '../../lib/navigate';
import type { HumanDriver } from '../../live/humanDriver';
import { forkRun } from '../../live/runs';
import type { LoadedWorld } from '../../worlds/types';
import { EpisodeBody } from './EpisodeBody';
import { EpisodeHeader } from './EpisodeHeader';
import { SaveBanner } from './SaveBanner';
import { TabConflict } from './TabConflict';
import { YourMove } from './YourMove';

/** The run the address names now (`run=` in the hash's query), if any. */
const routeRunId = () => new URLSearchParams(window.location.hash.split('?')[1] ?? '').get('run');

/** A person's run as they play it: saved after every step, read-only while another tab writes it. */
export function HumanEpisode({ kit, task, r, driver }: { kit: LoadedWorld; task: Task; r: EpisodeRoute; driver: HumanDriver }) {
  const { live } = driver;
  const trace = useStore(live.store, (s) => s.trace);
  const save = useStore(live.store, (s) => s.save);
  const access = useStore(live.store, (s) => s.access);
  const { busy, problem } = useStore(live.store, (s) => s.driver);
  const goTo = useCallback(
    (run: HumanDriver) =>
      navigate(episodeHref({ world: kit.world.id, task: task.spec, agent: 'human', run: run.id, step: run.live.trace.steps.length }), { replace: true }),
    [kit.world.id, task.spec],
  );
  const onCall = useCallback(
    async (call: ToolCall) => {
      // Follow the end while the call runs: the step lands before the URL names it, and the view must not show the step
      // before it meanwhile (after a submission, that step's provisional "no answer" verdict).
      navigate(episodeHref({ world: kit.world.id, task: task.spec, agent: 'human', run: driver.id }), { replace: true });
      await driver.call(call);
      // Only while the page still shows this run: "New run" or another view chosen while the call (and its save) ran
      // must not be taken back to it.
      if (routeRunId() === driver.id) goTo(driver);
    },
    [driver, goTo, kit.world.id, task.spec],
  );
  const writer = access.kind === 'writer';
  const finished = trace.stop !== null;
  const alarmed = (!writer && !finished) || save.kind === 'failed' || problem !== null;
  const banner = alarmed ? (
    <div className="run-alarms">
      {finished ? null : (
        <TabConflict
          access={access}
          steps={trace.steps.length}
          onTakeOver={async () => {
            await driver.takeOver();
            goTo(driver);
          }}
          onFork={async () => goTo(await forkRun(driver))}
        />
      )}
      <SaveBanner trace={trace} save={save} retrying={writer && !finished} />
      {problem ? <p className="error">{problem}</p> : null}
    </div>
  ) : null;
  const playing = !finished && writer;
  const hinted = trace.agent.hints === true;
  // The episode ended (a submission, giving up, the budget) or the verifier's view was revealed: the button that had the
  // focus is gone, and the verdicts are what changed.
  useEffect(() => {
    if (finished || hinted) focusIfLost(document.querySelector<HTMLElement>('[data-landing="scorecard"]'));
  }, [finished, hinted]);
  // The budget ends a run without the person's say: tell them what happened to what they had, not only "stopped: budget".
  const outOfTurns =
    trace.stop?.reason === 'budget' ? (
      <p className="panel budget-ended" role="status" data-testid="budget-ended">
        The turn budget ran out: all {task.maxTurns} calls were used before an answer was submitted, so the episode ended there and was scored as if no answer
        was given. What you collected along the way is in the steps below.
      </p>
    ) : null;
  return (
    <EpisodeBody
      kit={kit}
      task={task}
      trace={trace}
      states={live.states}
      step={r.step}
      stepHref={(k) => episodeHref({ ...r, task: task.spec, step: k })}
      hideVerifier={!finished && !trace.agent.hints}
      playing={playing}
      header={<EpisodeHeader kit={kit} task={task} agent="human" />}
      banner={
        banner || outOfTurns ? (
          <>
            {banner}
            {outOfTurns}
          </>
        ) : null
      }
      // A finished run can be continued from any of its steps (a run in progress is played on, or forked whole above).
      fork={finished ? { name: driver.id, href: episodeHref({ world: kit.world.id, task: task.spec, agent: 'human', run: driver.id }), trace } : undefined}
      reset={{ label: 'New run', onReset: () => navigate(episodeHref({ world: kit.world.id, task: task.spec, agent: 'human' })) }}
      move={
        playing ? (
          <YourMove
            kit={kit}
            task={task}
            steps={trace.steps}
            trace={trace}
            states={live.states}
            busy={busy}
            hints={trace.agent.hints === true}
            onCall={onCall}
            driver={driver}
          />
        ) : null
      }
    />
  );
}
