import { useLayoutEffect, useMemo } from 'react';
import { firstDisagreement, jumpTargets, nextTarget, type JumpKind, type Reading } from '../../../core/readings';
import type { Step } from '../../../core/types';
import { isTyping } from './Controls';

export interface JumpControlsProps {
  steps: readonly Step[];
  /** Calls applied at the selected point. */
  step: number;
  onStep(step: number): void;
  /** The step a key jumps from: the last one asked for, drawn or not (Controls' `current`). `step` when absent. */
  current?: () => number;
  /** The readings after every step; undefined while they are computed or hidden. */
  readings: readonly Reading[] | undefined;
  /** A person playing without hints: only errors (which the player saw) can be jumped to. */
  hideVerifier: boolean;
}

const KINDS: { kind: JumpKind; label: string; key: string; hidden: boolean }[] = [
  { kind: 'fault', label: 'fault', key: 'f', hidden: true },
  { kind: 'access', label: 'trip / refusal', key: 'a', hidden: true },
  { kind: 'error', label: 'error', key: 'e', hidden: false },
];

/** The keys the jumps answer, for the help popover. */
export const JUMP_KEYS: readonly [keys: string, what: string][] = [
  ['f / F', 'next / previous injected fault'],
  ['a / A', 'next / previous access trip or refusal'],
  ['e / E', 'next / previous error'],
  ['d', 'first disagreement of naive and full'],
];

/** Next / previous fault, access trip or refusal, error; the first step where the naive and full verdicts split. */
export function JumpControls({ steps, step, onStep, current, readings, hideVerifier }: JumpControlsProps) {
  const kinds = KINDS.filter((k) => !hideVerifier || !k.hidden);
  const split = useMemo(() => (readings ? firstDisagreement(readings) : null), [readings]);
  // Once per episode, not on every step shown: each kind reads every step.
  const targetsOf = useMemo(() => new Map(KINDS.map((k) => [k.kind, jumpTargets(steps, k.kind)])), [steps]);

  // A layout effect: the keys work from the frame that first draws these buttons (a passive effect attaches after the
  // paint, and a key pressed in between was lost).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const kind = KINDS.find((k) => k.key === e.key.toLowerCase() && (!hideVerifier || !k.hidden));
      if (!kind && (e.key !== 'd' || hideVerifier)) return;
      const to = kind ? nextTarget(targetsOf.get(kind.kind)!, current?.() ?? step, e.shiftKey ? -1 : 1) : split;
      e.preventDefault();
      if (to !== null) onStep(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [targetsOf, step, onStep, current, split, hideVerifier]);

  return (
    <span className="jumps" role="group" aria-label="Jump to">
      {kinds.map(({ kind, label, key }) => {
        const targets = targetsOf.get(kind)!;
        const prev = nextTarget(targets, step, -1);
        const next = nextTarget(targets, step, 1);
        return (
          <span key={kind} className="jump" data-testid={`jump-${kind}`}>
            <button
              type="button"
              disabled={prev === null}
              onClick={() => prev !== null && onStep(prev)}
              title={`Previous ${label} (${key.toUpperCase()})`}
              aria-label={`Previous ${label}`}
            >
              ◀
            </button>
            <span className="jump-label">
              {label} <span className="muted">{targets.length}</span>
            </span>
            <button
              type="button"
              disabled={next === null}
              onClick={() => next !== null && onStep(next)}
              title={`Next ${label} (${key})`}
              aria-label={`Next ${label}`}
            >
              ▶
            </button>
          </span>
        );
      })}
      {hideVerifier ? null : (
        <button
          type="button"
          disabled={split === null}
          onClick={() => split !== null && onStep(split)}
          data-testid="jump-disagreement"
          title={
            readings
              ? split === null
                ? 'The naive and full verdicts agree at every step'
                : `Step ${split}: the first where the naive and full verdicts differ (d)`
              : 'Scoring every step…'
          }
        >
          first disagreement{split !== null ? ` (step ${split})` : ''}
        </button>
      )}
    </span>
  );
}
