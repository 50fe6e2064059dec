/**
 * Golden hash values. The unit test checks Node against them; the diagnostics
 * page computes them in the browser and Playwright checks Chromium against them,
 * so a change in either engine's integer math shows up as a failing test.
 */
export const HASH_VECTORS: ReadonlyArray<readonly [seed: number, index: number, salt: string, hash: number]> = [
  [1, 0, 'a', 2494859080],
  [42, 7, 'fault.timeout', 3657230125],
  [2147483647, 123456, 'cursor', 1536784978],
  [0, 0, '', 1837564549],
  [-5, 3, 'é漢', 1974295091],
];
