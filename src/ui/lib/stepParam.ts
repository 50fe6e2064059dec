/**
 * The step a link selects: calls applied (0 = the start), null for the end,
 * or a named place the view resolves once it knows the episode's readings.
 */
export type StepParam = number | null | 'disagreement';

/** `?step=3`, `?step=disagreement`, or nothing (the end). */
export function readStepParam(text: string | null): StepParam {
  if (text === 'disagreement') return text;
  return text !== null && /^\d+$/.test(text) ? Number(text) : null;
}
