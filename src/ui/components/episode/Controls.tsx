import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface ControlsProps {
  step: number;
  last: number;
  onStep(step: number): void;
  /**
   * The step a key moves from: the last one asked for, which the page may not have drawn yet (End then E
   * pressed faster than a render must go back from the end). `step` when absent.
   */
  current?: () => number;
  /** A button after the speed ("Reset", "New run"); none when null. */
  reset: { label: string; onReset(): void } | null;
  /** More controls in the same toolbar (the jumps), and the keys they answer, listed in the help. */
  children?: ReactNode;
  keys?: readonly [keys: string, what: string][];
}

const SPEEDS = [
  { label: '0.5×', ms: 1600 },
  { label: '1×', ms: 800 },
  { label: '2×', ms: 400 },
  { label: '4×', ms: 200 },
];

/** A text box (or the like) has the focus: its keys are the person's typing, not shortcuts. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/** Keys the focused element needs for itself: all of them in a text box, space on a button (it presses it). */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (isTyping(target)) return true;
  return key === ' ' && (target.tagName === 'BUTTON' || target.tagName === 'SUMMARY' || target.tagName === 'A');
}

/** Start / back / forward / end, play at a chosen speed, reset; ←/→, space, Home/End. */
export function Controls({ step, last, onStep, current, reset, children, keys = [] }: ControlsProps) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [help, setHelp] = useState(false);
  const helpRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => onStep(step + 1), SPEEDS[speed]!.ms);
    return () => clearTimeout(t);
  }, [playing, step, last, speed, onStep]);

  // A layout effect: the keys work from the frame that first draws the step counter (a passive effect attaches after the
  // paint, and a key pressed in between was lost: e2e/jumps.spec.ts presses Home as the counter first shows).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (ownsKey(e.target, e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      const from = current?.() ?? step;
      if (e.key === 'ArrowLeft') onStep(Math.max(0, from - 1));
      else if (e.key === 'ArrowRight') onStep(Math.min(last, from + 1));
      else if (e.key === 'Home') onStep(0);
      else if (e.key === 'End') onStep(last);
      else if (e.key === ' ') setPlaying((p) => !p);
      else if (e.key === '?') setHelp((h) => !h);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, last, onStep, current]);

  // The shortcuts popover closes as popovers do: Escape (focus back on its button) or a click anywhere else.
  useEffect(() => {
    if (!help) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setHelp(false);
      helpRef.current?.querySelector('button')?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && !helpRef.current?.contains(e.target)) setHelp(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [help]);

  return (
    <div className="controls" role="toolbar" aria-label="Step controls">
      <button type="button" onClick={() => onStep(0)} disabled={step === 0} title="To start (Home)" aria-label="To start">
        |◀
      </button>
      <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0} title="Step back (←)" aria-label="Step back">
        ◀
      </button>
      <span className="step-counter" data-testid="step-counter">
        step {step} / {last}
      </span>
      <button type="button" onClick={() => onStep(step + 1)} disabled={step >= last} title="Step forward (→)" aria-label="Step forward">
        ▶
      </button>
      <button type="button" onClick={() => onStep(last)} disabled={step >= last} title="To end (End)" aria-label="To end">
        ▶|
      </button>
      <button
        type="button"
        onClick={() => setPlaying((p) => !p)}
        disabled={step >= last && !playing}
        title="Play / pause (space)"
        aria-label={playing ? 'Pause' : 'Play'}
      >
        {playing ? 'Pause' : 'Play'}
      </button>
      <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} aria-label="Speed">
        {SPEEDS.map((s, i) => (
          <option key={s.label} value={i}>
            {s.label}
          </option>
        ))}
      </select>
      {reset ? (
        <button type="button" onClick={reset.onReset}>
          {reset.label}
        </button>
      ) : null}
      {children}
      <span className="help-wrap" ref={helpRef}>
        <button type="button" className="help-button" onClick={() => setHelp((h) => !h)} aria-expanded={help} aria-label="Keyboard shortcuts">
          ?
        </button>
        {help ? (
          <div className="popover" role="dialog" aria-label="Keyboard shortcuts">
            <strong>Keyboard</strong>
            <dl>
              <dt>← / →</dt>
              <dd>step back / forward</dd>
              <dt>Home / End</dt>
              <dd>to start / to end</dd>
              <dt>space</dt>
              <dd>play / pause</dd>
              {keys.map(([k, what]) => (
                <Fragment key={k}>
                  <dt>{k}</dt>
                  <dd>{what}</dd>
                </Fragment>
              ))}
              <dt>?</dt>
              <dd>this help</dd>
            </dl>
          </div>
        ) : null}
      </span>
    </div>
  );
}
