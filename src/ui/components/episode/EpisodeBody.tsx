import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { firstDisagreement } from '../../../core/readings';
import { HINTS_REVEALED, type Task, type Trace } from '../../../core/types';
import { clampText } from '../../lib/clamp';
import { navigate } from '../../lib/navigate';
import type { StepStates } from '../../lib/stepStates';
import { NARROW, useMedia } from '../../lib/useMedia';
import { useReadings } from '../../lib/useReadings';
import type { StepParam } from '../../lib/stepParam';
import { useSeries, useStepState } from '../../lib/useStepState';
import type { LoadedWorld } from '../../worlds/types';
import { Clamp } from '../Clamp';
import { ExportButton } from '../ExportButton';
import { AddGotcha } from '../gotchas/AddGotcha';
import { Controls } from './Controls';
import type { ForkOrigin } from '../../live/forks';
import { ForkBar } from './ForkBar';
import { JUMP_KEYS, JumpControls } from './JumpControls';
import { StepList } from './StepList';
import { ScoreSection, StateSection, type StepPanelsProps } from './StepPanels';
import { TaskPrompt } from './TaskPrompt';
import { Timeline } from './Timeline';

export interface EpisodeBodyProps {
  kit: LoadedWorld;
  task: Task;
  trace: Trace;
  /** Where the state at each step comes from: the live session's own, or a replay of a recorded trace. */
  states: StepStates;
  /** Calls applied at the selected point; null = the end; a named place is resolved once the readings are known. */
  step: StepParam;
  /** The URL of this view at another step (the URL owns the selection). */
  stepHref(step: number): string;
  /** A person playing without hints: the verifier's events, verdicts and series stay hidden. */
  hideVerifier?: boolean;
  /** Slots: pickers above everything, alarms, the driver's controls under the prompt, and what goes under the steps. */
  header?: ReactNode;
  banner?: ReactNode;
  toolbar?: ReactNode;
  move?: ReactNode;
  /** The step controls' reset button ("New run", "Reset"); none when null. */
  reset?: { label: string; onReset(): void } | null;
  /** Back to following the live end, shown while an earlier step is selected. */
  onFollow?: () => void;
  /** The recorded episode this view shows, offered to be continued from the selected step; none where it cannot be. */
  fork?: ForkOrigin;
  /** Offer "Add to gotchas" once the episode has ended (not where the episode already is one). */
  canAddGotcha?: boolean;
  /** Offer the trace as a file (not in a study: a run in progress carries its provisional score). */
  canExport?: boolean;
  /** What the hidden scorecard says instead, when the verifier is hidden. */
  verifierNote?: string;
  /** The task title is the view's one h1, unless the view has its own (a model run, a gotcha): then an h2. */
  titleLevel?: 1 | 2;
  /** A person is playing (their play panel is in `move`): the prompt stays open in reach, the play panel draws the live state. */
  playing?: boolean;
}

/** One episode on screen, however it is driven: playing, a model run, a recorded trace, a reference agent. */
export function EpisodeBody(props: EpisodeBodyProps) {
  const { kit, task, trace, states, stepHref, hideVerifier = false, canAddGotcha = true, canExport = true, titleLevel = 1, playing = false } = props;
  const Title = titleLevel === 1 ? 'h1' : 'h2';
  const last = trace.steps.length;
  const named = typeof props.step === 'string' ? props.step : null;
  const step = Math.min(typeof props.step === 'number' ? props.step : last, last);
  const state = useStepState(states, step, trace);
  const series = useSeries(kit, states, trace, hideVerifier);
  const readings = useReadings(states, trace, hideVerifier);
  // The step last asked for, ahead of the render that draws it: keys pressed faster than the page draws move from it.
  const asked = useRef({ drawn: step, at: step });
  if (asked.current.drawn !== step) asked.current = { drawn: step, at: step };
  const current = useCallback(() => asked.current.at, []);
  const setStep = useCallback(
    (k: number) => {
      const to = Math.max(0, Math.min(last, k));
      asked.current.at = to;
      navigate(stepHref(to), { replace: true });
    },
    [stepHref, last],
  );
  // A link to "the first disagreement" becomes the step it is, once every step is scored (the end when there is none).
  const resolved = named === 'disagreement' && readings && readings.length === last + 1 ? (firstDisagreement(readings) ?? last) : null;
  useEffect(() => {
    if (resolved !== null) setStep(resolved);
  }, [resolved, setStep]);
  // The replay session (a Worker for tripwire) is let go with the view; the states it computed stay.
  useEffect(() => () => void states.release(), [states]);
  const reset = props.reset === undefined ? { label: 'Reset', onReset: () => setStep(0) } : props.reset;
  // On a phone the verdicts and why they differ come first, under the title; on a wide screen they sit beside the steps.
  const narrow = useMedia(NARROW);
  const panels: StepPanelsProps = {
    kit,
    task,
    step,
    last,
    state,
    steps: trace.steps,
    hideVerifier,
    finished: trace.stop !== null,
    playing,
    hiddenNote: props.verifierNote,
  };

  return (
    <div className="episode" data-testid="episode">
      {props.header}
      {props.banner}
      <div className="episode-title">
        <Title>{task.title}</Title>
        <span className="muted" data-testid="episode-stop">
          {trace.agent.kind === 'human' ? 'you' : <Clamp text={trace.agent.name} />}
          {trace.stop ? ` · stopped: ${trace.stop.reason}${trace.stop.detail ? ` (${clampText(trace.stop.detail, 300)})` : ''}` : ' · in progress'}
        </span>
        {trace.agent.hints ? <HintsMark trace={trace} /> : null}
        {canExport ? <ExportButton trace={trace} /> : null}
        {canAddGotcha ? <AddGotcha world={kit.world} trace={trace} /> : null}
      </div>
      {narrow ? <ScoreSection {...panels} /> : null}
      {/* While a person plays, the prompt (the requester, the policy) stays open: it is what they act on. */}
      <TaskPrompt task={task} open={playing} />
      {props.toolbar}
      <Controls
        step={step}
        last={last}
        onStep={setStep}
        current={current}
        reset={reset}
        keys={hideVerifier ? JUMP_KEYS.filter(([k]) => k.startsWith('e')) : JUMP_KEYS}
      >
        <JumpControls steps={trace.steps} step={step} onStep={setStep} current={current} readings={readings} hideVerifier={hideVerifier} />
      </Controls>
      <Timeline steps={trace.steps} selected={step} onSelect={setStep} hideEvents={hideVerifier} series={series} readings={readings} />
      {props.fork ? <ForkBar world={kit.world} task={task} origin={props.fork} step={step} /> : null}
      <div className="episode-grid">
        <section className="panel steps-panel" data-testid="steps-panel">
          <h2>
            Steps{' '}
            {props.onFollow && step < last ? (
              <button type="button" className="link-button" onClick={props.onFollow}>
                follow the latest
              </button>
            ) : null}
          </h2>
          <StepList
            steps={trace.steps}
            selected={step}
            onSelect={setStep}
            hideEvents={hideVerifier}
            mark={hideVerifier ? undefined : kit.ui.markResultCell}
            live={trace.stop === null}
            foldLive={playing && kit.ui.playDrawsResult === true}
          />
          {props.move}
        </section>
        <aside className="side">
          {narrow ? null : <ScoreSection {...panels} />}
          <StateSection {...panels} />
        </aside>
      </div>
    </div>
  );
}

/** A person's run that saw the verifier's view during play: no human baseline, and the page says so wherever it is shown. */
function HintsMark({ trace }: { trace: Trace }) {
  const at = trace.events.find((e) => e.code === HINTS_REVEALED)?.beforeStep;
  return (
    <span
      className="badge badge-warn"
      data-testid="hints-mark"
      title="The verifier's view (verdicts, events, the world's whole state) was shown during play: left out of human-baseline figures"
    >
      played with hints{at === undefined ? '' : ` from step ${at + 1}`}
    </span>
  );
}
