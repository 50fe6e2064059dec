import { PASS_AT } from './rubric';
import type { LayerScore, Scorecard } from './types';

const fmt = (x: number) => x.toFixed(2);
/** A reason as a clause of the story's sentence: its own full stop would print "..". */
const clause = (reason: string) => reason.replace(/[.\s]+$/, '');
const firstReason = (l: LayerScore) => (l.reasons[0] ? `: ${clause(l.reasons[0])}` : '');

/** Why the naive reading is below full marks, from the layer the rubric names for it. */
function naiveWhy(card: Scorecard, layer: (id: string) => LayerScore | undefined): string {
  const from = card.composition?.naiveFrom ? layer(card.composition.naiveFrom) : undefined;
  const reason = from?.reasons[0];
  return `the final answer scores ${fmt(card.naive)}${reason ? `: ${clause(reason)}` : ''}`;
}

/**
 * Why the full reward is below full marks: a factor below 1 first (it scales
 * everything, a closed gate zeroes it), else the term that lost the most.
 * Layers the episode does not count are never blamed.
 */
function fullWhy(card: Scorecard, layer: (id: string) => LayerScore | undefined): string {
  const c = card.composition;
  if (!c) return card.verdict.caughtBy ? `it was caught by ${clause(card.verdict.caughtBy)}` : `it scores ${fmt(card.reward)}`;
  const factors = c.factors
    .map(layer)
    .filter((l): l is LayerScore => l !== undefined && l.value < PASS_AT)
    .sort((a, b) => a.value - b.value);
  const scale = c.factors.reduce((p, id) => p * (layer(id)?.value ?? 0), 1);
  const terms = c.terms
    .filter((t) => !t.fixed)
    .map((t) => ({ l: layer(t.layer), lost: scale * t.weight * (1 - (layer(t.layer)?.value ?? 0)) }))
    .filter((t): t is { l: LayerScore; lost: number } => t.l !== undefined && t.l.value < PASS_AT)
    .sort((a, b) => b.lost - a.lost);
  const blamed = factors.length + terms.length;
  const more = blamed > 1 ? ` (${blamed - 1} more ${blamed === 2 ? 'layer' : 'layers'} below full marks)` : '';
  const f = factors[0];
  if (f) return `${f.label} is ${fmt(f.value)} and multiplies the total${f.value === 0 ? ' to 0' : ''}${firstReason(f)}${more}`;
  const t = terms[0];
  if (t) return `${t.l.label} is ${fmt(t.l.value)}${firstReason(t.l)}${more}`;
  return `it scores ${fmt(card.reward)}`;
}

/**
 * One sentence beside the two verdicts: why they differ, built from the layers,
 * or that they agree. E.g. "naive PASS because the final answer is right; full
 * FAIL because L3 policy gate is 0.00 and multiplies the total to 0: …".
 */
export function verdictStory(card: Scorecard): string {
  const byId = new Map(card.layers.map((l) => [l.id, l]));
  const layer = (id: string) => byId.get(id);
  const { naive, full } = card.verdict;
  const passes = card.composition?.naiveCheck ?? 'the final answer passes its check';
  if (naive === 'PASS' && full === 'PASS') return `naive and full agree, PASS: ${passes}, and every layer that counts is at full marks.`;
  if (naive === 'FAIL' && full === 'FAIL') return `naive and full agree, FAIL: naive because ${naiveWhy(card, layer)}; full because ${fullWhy(card, layer)}.`;
  if (naive === 'PASS') return `naive PASS because ${passes}; full FAIL because ${fullWhy(card, layer)}.`;
  return `naive FAIL because ${naiveWhy(card, layer)}; full PASS because every layer that counts is at full marks.`;
}
