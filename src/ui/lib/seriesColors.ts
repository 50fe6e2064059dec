/**
 * One colour per series that never changes meaning between charts: the two
 * verifiers here, each world's agents in its own calibration module. None is
 * the PASS green or the FAIL red, which mean a verdict everywhere else. Hues
 * from the Okabe–Ito palette, told apart with the common colour blindnesses.
 */
export const VERIFIER_COLORS = { naive: '#e69f00', full: '#0072b2' } as const;

/** The colours left for agents (never a verifier's). */
export const AGENT_COLORS = ['#cc79a7', '#56b4e9', '#009e73', '#d55e00', '#999999'] as const;
