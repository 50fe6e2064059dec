import { memo, useCallback, useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { foldArguments, foldResult, type Folded } from '../../lib/fold';
import type { Step } from '../../../core/types';
import { clampText, hoverText } from '../../lib/clamp';
import { eventTone } from './eventStyle';
import { ResultView, type MarkCell } from './ResultView';

export interface StepListProps {
  steps: readonly Step[];
  /** Calls applied at the selected point; step k (1-based) is highlighted. */
  selected: number;
  onSelect(step: number): void;
  hideEvents: boolean;
  /** The world's marks for values in result tables. */
  mark?: MarkCell;
  /** The episode is under way: its last step (what the player or model is reading now) is never folded… */
  live?: boolean;
  /** …unless the play panel draws that result already (web-portal's page): then it folds like the rest. */
  foldLive?: boolean;
}

/** Long content as one line that says what it holds, opened on a click; short content as it is. */
function Fold({ folded, label, what, children }: { folded: Folded; label: string; what: string; children: ReactNode }) {
  if (!folded.long)
    return (
      <>
        <div className="label">{label}</div>
        {children}
      </>
    );
  return (
    <details className="fold" data-testid={`fold-${what}`}>
      <summary>
        <span className="label">{label}</span> <span className="fold-summary">{folded.summary}</span>
      </summary>
      {children}
    </details>
  );
}

/** Steps drawn at once around the selected one: a recorded trace may have thousands (5,000 drew for 2 s). */
export const STEP_WINDOW = 200;

/** The steps drawn: all of a short episode; of a long one, STEP_WINDOW around the selected step. */
export function stepWindow(count: number, selected: number, size = STEP_WINDOW): { from: number; to: number } {
  if (count <= size) return { from: 0, to: count };
  const from = Math.min(Math.max(0, selected - Math.floor(size / 2)), count - size);
  return { from, to: from + size };
}

/** Every tool call and its result as the agent saw it, with the hidden events as badges. */
export function StepList({ steps, selected, onSelect, hideEvents, mark, live = false, foldLive = false }: StepListProps) {
  const selectedRef = useRef<HTMLLIElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The steps keep one onSelect for good (the view's changes with every step shown), so their memo holds.
  const latest = useRef(onSelect);
  useLayoutEffect(() => {
    latest.current = onSelect;
  });
  const select = useCallback((k: number) => latest.current(k), []);
  // Scroll the list only: scrollIntoView would scroll the whole page away from the controls. At the next frame:
  // read in the commit, the offsets forced a layout of the page there (20 ms of a long trace's step).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = listRef.current;
      const el = selectedRef.current;
      if (!list || !el) return;
      const top = el.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top + el.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = Math.max(0, top - 8);
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  if (steps.length === 0) return <p className="muted">{live ? 'No calls yet.' : 'No call reached the world.'}</p>;
  const { from, to } = stepWindow(steps.length, selected);
  return (
    <ol className="steps" data-testid="steps" ref={listRef} start={from + 1}>
      {from > 0 ? (
        <li className="step step-window muted small" data-testid="steps-before">
          Steps 1–{from} are not drawn.{' '}
          <button type="button" className="link" onClick={() => onSelect(Math.max(1, from - Math.floor(STEP_WINDOW / 2)))}>
            Show earlier steps
          </button>
        </li>
      ) : null}
      {steps.slice(from, to).map((s) => {
        const n = s.index + 1;
        const isSelected = n === selected;
        return (
          <StepItem
            key={s.index}
            step={s}
            selected={isSelected}
            future={n > selected}
            open={live && !foldLive && n === steps.length}
            hideEvents={hideEvents}
            mark={mark}
            onSelect={select}
            itemRef={isSelected ? selectedRef : undefined}
          />
        );
      })}
      {to < steps.length ? (
        <li className="step step-window muted small" data-testid="steps-after">
          Steps {to + 1}–{steps.length} are not drawn.{' '}
          <button type="button" className="link" onClick={() => onSelect(Math.min(steps.length, to + Math.floor(STEP_WINDOW / 2)))}>
            Show later steps
          </button>
        </li>
      ) : null}
    </ol>
  );
}

interface StepItemProps {
  step: Step;
  selected: boolean;
  /** After the selected step: drawn faded. */
  future: boolean;
  /** The last step of an episode under way: never folded. */
  open: boolean;
  hideEvents: boolean;
  mark?: MarkCell;
  onSelect(step: number): void;
  itemRef?: RefObject<HTMLLIElement | null>;
}

/** One step; memoised, so moving the selection by one redraws two steps of the 200 drawn, not all of them. */
const StepItem = memo(function StepItem({ step: s, selected, future, open, hideEvents, mark, onSelect, itemRef }: StepItemProps) {
  const n = s.index + 1;
  const fold = (f: Folded): Folded => (open ? { ...f, long: false } : f);
  return (
    <li ref={itemRef} className={`step${selected ? ' step-selected' : ''}${future ? ' step-future' : ''}`} data-testid={`step-${n}`}>
      <button type="button" className="step-head" onClick={() => onSelect(n)} aria-pressed={selected}>
        <span className="step-n">{n}</span>
        <code className="step-tool clamp" title={hoverText(s.call.name)}>
          {clampText(s.call.name, 80)}
        </code>
        {s.result.ok ? null : <span className="badge badge-bad">failed</span>}
        {!hideEvents &&
          s.events.map((e, i) => (
            <span key={i} className={`badge badge-${eventTone(e)}`} title={e.message}>
              {e.code}
            </span>
          ))}
        {s.durationMs !== undefined ? <span className="step-time">{(s.durationMs / 1000).toFixed(1)} s</span> : null}
      </button>
      {selected ? (
        <div className="step-body">
          <div className="step-args" data-testid="step-args">
            <Fold folded={fold(foldArguments(s.call.arguments))} label="arguments" what="arguments">
              <pre>{JSON.stringify(s.call.arguments, null, 2)}</pre>
            </Fold>
          </div>
          <div className="step-result">
            <Fold folded={fold(foldResult(s.result.content))} label={`result${s.result.done ? ' (ended the episode)' : ''}`} what="result">
              <ResultView content={s.result.content} ok={s.result.ok} mark={mark} />
            </Fold>
          </div>
          {!hideEvents && s.events.length > 0 ? (
            <ul className="events">
              {s.events.map((e, i) => (
                <li key={i} className={`event event-${eventTone(e)}`}>
                  <strong>{e.code}</strong>
                  {e.layer ? <span className="muted"> · {e.layer}</span> : null} — {e.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
