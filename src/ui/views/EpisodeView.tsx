import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Task, ToolCall, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { Controls } from '../components/episode/Controls';
import { EpisodeHeader } from '../components/episode/EpisodeHeader';
import { TaskPrompt } from '../components/episode/TaskPrompt';
import { StepList } from '../components/episode/StepList';
import { StepPanels } from '../components/episode/StepPanels';
import { Timeline } from '../components/episode/Timeline';
import { PlayPanel } from '../components/play/PlayPanel';
import { episodeHref, readEpisodeRoute, type EpisodeRoute } from '../lib/episodeRoute';
import { forkRun, getRun, startRun, type LiveRun } from '../lib/liveRun';
import { navigate } from '../lib/navigate';
import { referenceTrace } from '../lib/referenceTrace';
import type { Route } from '../lib/route';
import { stepState } from '../lib/stepState';
import { useAsync } from '../lib/useAsync';
import { budgetSeries } from '../lib/budget';
import { loadWorld } from '../lib/worlds';
import { clampText } from '../lib/clamp';
import { Clamp } from '../components/Clamp';
import { ExportButton } from '../components/ExportButton';
import { AddGotcha } from '../components/gotchas/AddGotcha';
import { SaveBanner } from '../components/episode/SaveBanner';
import { TabConflict } from '../components/episode/TabConflict';

export default function EpisodeView({ route }: { route: Route }) {
  const r = readEpisodeRoute(route.path, route.query);
  // A reference agent's SQL is ours and runs in-process; anything else runs behind the watchdog.
  const purpose = r.agent === 'human' ? 'play' : 'reference';
  const world = useAsync(() => loadWorld(r.world, purpose), [r.world, purpose]);
  if (world.status === 'loading') return <p className="muted">Loading {r.world}…</p>;
  if (world.status === 'error') return <p className="error">{world.message}</p>;
  return <WithTask world={world.value} r={r} />;
}

function WithTask({ world, r }: { world: World; r: EpisodeRoute }) {
  const made = useMemo(() => world.makeTask(r.task ?? world.listTasks()[0]!.spec), [world, r.task]);
  if (!made.ok) return <p className="error">This link names a task {world.id} does not have: {made.error}</p>;
  return <WithTrace world={world} task={made.value} r={r} />;
}

/** Where the trace comes from: a reference agent (computed once), or a person's run (live, saved). */
function WithTrace({ world, task, r }: { world: World; task: Task; r: EpisodeRoute }) {
  const specKey = JSON.stringify(task.spec);
  const ref = useAsync(() => (r.agent === 'human' ? Promise.resolve(null) : referenceTrace(world, task, r.agent)), [world, specKey, r.agent]);
  const run = useAsync(() => (r.agent === 'human' && r.run ? getRun(r.run, world) : Promise.resolve(null)), [world, r.agent, r.run]);

  if (r.agent === 'human') {
    if (!r.run) return <StartPanel world={world} task={task} agent={r.agent} />;
    if (run.status === 'loading') return <p className="muted">Restoring your run…</p>;
    if (run.status === 'error') return <p className="error">{run.message}</p>;
    return <LiveEpisode world={world} task={task} r={r} live={run.value!} />;
  }
  if (ref.status === 'loading') return <p className="muted">Running {r.agent}…</p>;
  if (ref.status === 'error') return <p className="error">{ref.message}</p>;
  return <EpisodeBody world={world} task={task} trace={ref.value!} step={r.step} stepHref={(k) => episodeHref({ ...r, task: task.spec, step: k })} header={{ agent: r.agent }} />;
}

/**
 * Before a person's run: the task and a start button. Its own component, so its state starts
 * fresh each time the view comes back to it (after a finished run, say).
 */
function StartPanel({ world, task, agent }: { world: World; task: Task; agent: string }) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const live = await startRun(world, task);
      navigate(episodeHref({ world: world.id, task: task.spec, agent: 'human', run: live.id, step: 0 }), { replace: true });
    } catch (e) {
      setError(`Could not start the run: ${e instanceof Error ? e.message : String(e)}`);
      setStarting(false);
    }
  };
  return (
    <div className="episode">
      <EpisodeHeader world={world} task={task} agent={agent} />
      <section className="panel start">
        <h2>{task.title}</h2>
        <TaskPrompt task={task} open />
        <button type="button" className="primary" disabled={starting} onClick={() => void start()} data-testid="start-run">
          {starting ? 'Starting…' : 'Start playing'}
        </button>
        {error ? <p className="error">{error}</p> : null}
        <p className="muted small">Your run is scored exactly like an agent's and saved in this browser (if it cannot be, you are told and can export it). The verifier's events stay hidden until you finish.</p>
      </section>
    </div>
  );
}

function LiveEpisode({ world, task, r, live }: { world: World; task: Task; r: EpisodeRoute; live: LiveRun }) {
  const [snap, setSnap] = useState(live.snapshot);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setSnap(live.snapshot);
    return live.subscribe(setSnap);
  }, [live]);
  const goTo = useCallback(
    (run: LiveRun) => navigate(episodeHref({ world: world.id, task: task.spec, agent: 'human', run: run.id, step: run.trace.steps.length }), { replace: true }),
    [world.id, task.spec],
  );
  const onCall = useCallback(
    async (call: ToolCall) => {
      setBusy(true);
      setProblem(null);
      try {
        await live.call(call);
        goTo(live);
      } catch (e) {
        setProblem(`The call failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        setBusy(false);
      }
    },
    [live, goTo],
  );
  const writer = snap.access.kind === 'writer';
  const alarmed = (!writer && !live.finished) || snap.save.kind === 'failed' || problem !== null;
  const banner = alarmed ? (
    <div className="run-alarms">
      {live.finished ? null : (
        <TabConflict
          access={snap.access}
          steps={snap.trace.steps.length}
          onTakeOver={async () => {
            await live.takeOver();
            goTo(live);
          }}
          onFork={async () => goTo(await forkRun(live))}
        />
      )}
      <SaveBanner trace={snap.trace} save={snap.save} retrying={writer && !live.finished} />
      {problem ? <p className="error">{problem}</p> : null}
    </div>
  ) : null;
  return (
    <EpisodeBody
      world={world}
      task={task}
      trace={snap.trace}
      step={r.step}
      stepHref={(k) => episodeHref({ ...r, task: task.spec, step: k })}
      header={{ agent: r.agent }}
      live={{ run: live, busy, onCall, readOnly: !writer }}
      banner={banner}
    />
  );
}

interface LiveProps {
  run: LiveRun;
  busy: boolean;
  onCall(call: ToolCall): void;
  /** Another tab writes this run: show it, offer no moves. */
  readOnly: boolean;
}

export interface EpisodeBodyProps {
  world: World;
  task: Task;
  trace: Trace;
  /** Calls applied at the selected point; null = the end. */
  step: number | null;
  /** The URL of this view at another step (the URL owns the selection). */
  stepHref(step: number): string;
  /** Show the world / task / agent pickers (not for a recorded trace). */
  header?: { agent: string };
  live?: LiveProps;
  banner?: ReactNode;
  /** Offer "Add to gotchas" once the episode has ended (not where the episode already is one). */
  canAddGotcha?: boolean;
}

export function EpisodeBody({ world, task, trace, step: wanted, stepHref, header, live, banner, canAddGotcha = true }: EpisodeBodyProps) {
  const last = trace.steps.length;
  const step = Math.min(wanted ?? last, last);
  const hideEvents = !!live && !live.run.finished && !trace.agent.hints;
  const state = useAsync(() => stepState(world, task, trace, step - 1), [world, task, trace, step], { keepPrevious: true });
  const setStep = useCallback((k: number) => navigate(stepHref(Math.max(0, Math.min(last, k))), { replace: true }), [stepHref, last]);
  const finalState = useAsync(() => stepState(world, task, trace, last - 1), [world, task, trace, last]);
  const budget = world.id === 'fault-api' && finalState.status === 'done' ? budgetSeries(trace.steps, finalState.value.state) : undefined;
  const tools = task.tools.map((t) => t.function.name);

  return (
    <div className="episode" data-testid="episode">
      {header ? <EpisodeHeader world={world} task={task} agent={header.agent} /> : null}
      {banner}
      <div className="episode-title">
        <h2>{task.title}</h2>
        <span className="muted">
          {trace.agent.kind === 'human' ? 'you' : <Clamp text={trace.agent.name} />}
          {trace.stop ? ` · stopped: ${trace.stop.reason}${trace.stop.detail ? ` (${clampText(trace.stop.detail, 300)})` : ''}` : ' · in progress'}
          {trace.agent.hints ? ' · played with hints' : ''}
        </span>
        <ExportButton trace={trace} />
        {canAddGotcha ? <AddGotcha world={world} trace={trace} /> : null}
      </div>
      <TaskPrompt task={task} />
      <Controls
        step={step}
        last={last}
        onStep={setStep}
        onReset={() => (live ? navigate(episodeHref({ world: world.id, task: task.spec, agent: 'human' })) : setStep(0))}
        resetLabel={live ? 'New run' : 'Reset'}
      />
      <Timeline steps={trace.steps} tools={tools} selected={step} onSelect={setStep} hideEvents={hideEvents} budget={budget} />
      <div className="episode-grid">
        <section className="panel steps-panel">
          <h3>Steps</h3>
          <StepList steps={trace.steps} selected={step} onSelect={setStep} hideEvents={hideEvents} />
          {live && !live.run.finished && !live.readOnly ? (
            <>
              <h3>Your move</h3>
              <PlayPanel world={world.id} task={task} steps={trace.steps} busy={live.busy} onCall={live.onCall} />
              <div className="play-row">
                {!trace.agent.hints ? (
                  <button type="button" onClick={() => live.run.revealHints()} data-testid="reveal-hints">
                    Reveal the verifier’s events (marks the run “played with hints”)
                  </button>
                ) : null}
                <button type="button" onClick={() => live.run.giveUp()}>
                  Give up
                </button>
              </div>
            </>
          ) : null}
        </section>
        <StepPanels world={world.id} step={step} last={last} state={state} steps={trace.steps} hideVerifier={hideEvents} />
      </div>
    </div>
  );
}
