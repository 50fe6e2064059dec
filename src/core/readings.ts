import type { Scorecard, Step, Verdict } from './types';

/**
 * The two readings of an episode so far, step by step, and the places worth
 * jumping to. Positions are "calls applied" (k): k = 0 is the start, the step
 * with index i is k = i + 1, so a jump lands on the step and the state after it.
 */

/** What the naive and full verifiers say of the episode after k calls. */
export interface Reading {
  naive: number;
  full: number;
  naiveVerdict: Verdict;
  fullVerdict: Verdict;
}

export function readingOf(card: Scorecard): Reading {
  return { naive: card.naive, full: card.reward, naiveVerdict: card.verdict.naive, fullVerdict: card.verdict.full };
}

/**
 * The first k after which the two readings split: one verdict PASS, the other
 * FAIL. Verdicts, not values: the values differ from the first step in most
 * worlds (a full verifier gives partial credit for a clean path, the naive one
 * nothing before an answer), which would make every episode "split" at once.
 */
export function firstDisagreement(readings: readonly Reading[]): number | null {
  const k = readings.findIndex((r) => r.naiveVerdict !== r.fullVerdict);
  return k < 0 ? null : k;
}

/** What a person jumps between, from each step's typed events. */
export type JumpKind = 'fault' | 'access' | 'error';

/** Whether a step holds something of this kind: a fault injected; an access trip or a refusal; a call that failed or an error event. */
export function stepHas(step: Step, kind: JumpKind): boolean {
  if (kind === 'error') return !step.result.ok || step.events.some((e) => e.kind === 'error');
  if (kind === 'fault') return step.events.some((e) => e.kind === 'fault');
  return step.events.some((e) => e.kind === 'trip' || e.kind === 'refused');
}

/** The positions (k) of every step holding something of this kind, in order. */
export function jumpTargets(steps: readonly Step[], kind: JumpKind): number[] {
  return steps.filter((s) => stepHas(s, kind)).map((s) => s.index + 1);
}

/** The nearest target strictly after (dir 1) or before (dir -1) position `from`, or null. */
export function nextTarget(targets: readonly number[], from: number, dir: 1 | -1): number | null {
  if (dir === 1) return targets.find((k) => k > from) ?? null;
  for (let i = targets.length - 1; i >= 0; i--) if (targets[i]! < from) return targets[i]!;
  return null;
}
