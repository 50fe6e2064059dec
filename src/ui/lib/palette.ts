/**
 * The app's one palette: a colour per meaning, and nothing else drawn in it.
 * The values are styles.css's custom properties (light and dark); everything
 * that draws — the timeline, the scorecard, the calibration and library
 * charts — names a meaning here, never a colour of its own.
 *
 * - pass / fail: a verdict (and "bad" generally: an alarm, a failed call are drawn in fail's red);
 * - naive / full: the two verifiers, wherever they are drawn (lines, bars, swatches);
 * - fault: an injected fault (the world lying);
 * - ink / neutral: everything without a meaning of its own (calls, reads, writes, counts);
 * - agents: series colours for charts whose legend names agents; never used in an episode's view.
 */
export const COLOR = {
  pass: 'var(--c-good)',
  fail: 'var(--c-bad)',
  naive: 'var(--c-naive)',
  full: 'var(--c-full)',
  fault: 'var(--c-fault)',
  ink: 'var(--text)',
  neutral: 'var(--muted)',
} as const;

export type Meaning = keyof typeof COLOR;

/** Agents, in the order a chart lists them. */
export const AGENT_COLORS = ['var(--c-agent-1)', 'var(--c-agent-2)', 'var(--c-agent-3)', 'var(--c-agent-4)', 'var(--c-agent-5)', 'var(--c-agent-6)'] as const;

export type MarkShape = 'dot' | 'ring' | 'triangle' | 'square' | 'diamond';

/** Every mark the episode timeline draws: its shape, its colour's meaning, and the legend's words. */
export const MARKS = {
  call: { shape: 'dot', color: 'neutral', label: 'a call (its tool on hover)', verifier: false },
  failed: { shape: 'square', color: 'fail', label: 'a failed call', verifier: false },
  alarm: { shape: 'diamond', color: 'fail', label: 'a trip, a refusal or a 429: the verifier’s alarm', verifier: true },
  fault: { shape: 'dot', color: 'fault', label: 'an injected fault', verifier: true },
  write: { shape: 'triangle', color: 'ink', label: 'a write', verifier: true },
  read: { shape: 'ring', color: 'neutral', label: 'a read', verifier: true },
  error: { shape: 'square', color: 'neutral', label: 'an error event (the call ran)', verifier: true },
} as const satisfies Record<string, { shape: MarkShape; color: Meaning; label: string; verifier: boolean }>;

export type MarkKind = keyof typeof MARKS;

/** The lines the timeline draws under its lanes, and how each is drawn. */
export const LINES = {
  naive: { color: 'naive', dash: '5 3', label: 'naive verifier (final answer only), 0 to 1' },
  full: { color: 'full', dash: null, label: 'full verifier (every layer), 0 to 1' },
  series: { color: 'ink', dash: null, label: '' },
  limit: { color: 'neutral', dash: '2 3', label: '' },
} as const satisfies Record<string, { color: Meaning; dash: string | null; label: string }>;

/**
 * A file leaves the page and its themes (the report's SVG): the light theme's values, copied here and held
 * equal to styles.css by palette.test.ts.
 */
export const FILE_COLORS = { full: '#0072b2', neutral: '#5b6472', border: '#dde1e7' } as const;
