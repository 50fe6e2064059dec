import { useCallback } from 'react';
import { useStore } from 'zustand';
import type { Task, ToolCall } from '../../../core/types';
import { studyHref } from '../../../traces/study/link';
import { navigate } from '../../lib/navigate';
import type { StepParam } from '../../lib/stepParam';
import type { HumanDriver } from '../../live/humanDriver';
import type { StudySession } from '../../study/session';
import type { LoadedWorld } from '../../worlds/types';
import { EpisodeBody } from '../episode/EpisodeBody';
import { SaveBanner } from '../episode/SaveBanner';
import { YourMove } from '../episode/YourMove';
import { StudyClock } from './StudyClock';

/** The task under way, in the normal play panel, with the study's bar above it; hints are never offered. */
export function StudyPlaying({
  session,
  kits,
  position,
  step,
}: {
  session: StudySession;
  kits: ReadonlyMap<string, LoadedWorld>;
  position: number;
  step: StepParam;
}) {
  const driver = useStore(session.store, (s) => s.driver);
  const problem = useStore(session.store, (s) => s.problem);
  const spec = session.study.tasks[session.taskAt(position)]!;
  const kit = kits.get(spec.world)!;
  const made = kit.world.makeTask(spec.spec);
  if (!made.ok) return <p className="error">{made.error}</p>;
  if (!driver)
    return problem ? (
      <section className="panel">
        <h1>Task {position + 1} could not be reopened</h1>
        <p>It was not saved in this browser (see above), so it starts again from the beginning.</p>
        <button type="button" className="primary" onClick={() => session.restartTask()} data-testid="study-restart-task">
          Play task {position + 1} again
        </button>
      </section>
    ) : (
      <p className="muted">Reopening task {position + 1}…</p>
    );
  return <StudyEpisode key={driver.id} session={session} kit={kit} task={made.value} driver={driver} position={position} step={step} />;
}

function StudyEpisode({
  session,
  kit,
  task,
  driver,
  position,
  step,
}: {
  session: StudySession;
  kit: LoadedWorld;
  task: Task;
  driver: HumanDriver;
  position: number;
  step: StepParam;
}) {
  const { study } = session;
  const { live } = driver;
  const trace = useStore(live.store, (s) => s.trace);
  const save = useStore(live.store, (s) => s.save);
  const access = useStore(live.store, (s) => s.access);
  const { busy, problem } = useStore(live.store, (s) => s.driver);
  const base = studyHref(study);
  const stepHref = useCallback((k: number) => `${base}&step=${k}`, [base]);
  const onCall = useCallback(
    async (call: ToolCall) => {
      navigate(base, { replace: true });
      await driver.call(call);
      if (!driver.live.finished) navigate(stepHref(driver.live.trace.steps.length), { replace: true });
    },
    [driver, base, stepHref],
  );
  const bar = (
    <div className="study-bar" data-testid="study-bar">
      <span className="study-bar-title">{study.title}</span>
      <strong data-testid="study-task-of">
        Task {position + 1} of {study.tasks.length}
      </strong>
      <StudyClock session={session} />
    </div>
  );
  // The run has ended: the session moves on at once; its verdict is never shown here.
  if (trace.stop) return bar;
  const writer = access.kind === 'writer';
  const banner =
    !writer || save.kind === 'failed' || problem ? (
      <div className="run-alarms">
        {!writer ? (
          <section className="panel storage-alarm" role="alert" data-testid="study-other-tab">
            This task is open in another tab, which saves it; here it is read-only.{' '}
            <button type="button" onClick={() => void driver.takeOver()}>
              Play it here instead
            </button>
          </section>
        ) : null}
        <SaveBanner trace={trace} save={save} retrying={writer} />
        {problem ? <p className="error">{problem}</p> : null}
      </div>
    ) : null;
  return (
    <EpisodeBody
      kit={kit}
      task={task}
      trace={trace}
      states={live.states}
      step={step}
      stepHref={stepHref}
      hideVerifier
      verifierNote={study.showScores ? 'Scores are shown at the end of the study, not during it.' : 'Scores are not shown in this study.'}
      header={bar}
      banner={banner}
      reset={null}
      canAddGotcha={false}
      canExport={false}
      move={
        writer ? (
          <YourMove
            kit={kit}
            task={task}
            steps={trace.steps}
            trace={trace}
            states={live.states}
            busy={busy}
            hints={false}
            allowHints={false}
            onCall={onCall}
            driver={driver}
          />
        ) : null
      }
    />
  );
}
