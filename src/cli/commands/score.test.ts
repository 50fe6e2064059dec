import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatScore, scoreFile } from './score';

const fixture = (name: string) => fileURLToPath(new URL(`../../traces/fixtures/${name}`, import.meta.url));

describe('vp score on files earlier builds wrote', () => {
  it.each([
    ['native-v1-tripwire.json', { world: 'tripwire', replay: 'match', reward: 1, stop: 'submitted', verdict: { full: 'PASS' } }],
    ['native-v1-ticket-queue.json', { world: 'ticket-queue', replay: 'match', stop: 'budget', verdict: { full: 'FAIL' } }],
  ])('%s: read forward, replayed as a match (tripwire behind the watchdog, as for any file)', async (name, expected) => {
    expect(await scoreFile(fixture(name))).toMatchObject(expected);
  });
});

describe('vp score as text', () => {
  it('prints each layer’s part of the full reward, the parts summing to the total, the verdicts naive first, and why', async () => {
    const lines = formatScore(await scoreFile(fixture('native-v1-tripwire.json')));
    const formula = lines.find((l) => l.startsWith('full = '))!;
    expect(formula).toBe('full = L3 policy gate × (0.20·L0 final answer + 0.40·L1 end state + 0.40·L2 trace path) = 0.20 + 0.40 + 0.40 = 1.00');
    expect(lines[1]!.split('\n').at(-1)).toMatch(/^policy_gate\s+1\.00\s+-\s+multiplies × 1\.00$/);
    expect(lines).toContain('naive 1.00 PASS   full 1.00 PASS');
    expect(lines.at(-1)).toBe('naive and full agree, PASS: the answer has the gold rows, and every layer that counts is at full marks.');
  });

  it('says why a trace whose naive and full disagree does, from the layers', async () => {
    const s = await scoreFile(fixture('native-v1-ticket-queue.json'));
    const lines = formatScore(s);
    expect(lines).toContain('extra reading, strict: 0.00 FAIL');
    // Since issue 21 the end-state gate, before recall among the factors, is the zero the sentence names.
    expect(lines.at(-1)).toMatch(
      /^naive and full agree, FAIL: naive because the final answer scores 0\.00: .*; full because end state is 0\.00 and multiplies the total to 0: not the expected end state: 0 of 6 records/,
    );
    expect(s.shares.filter((r) => r.adds !== null).map((r) => r.adds)).toEqual(['0.00', '0.00', '0.00', '0.00']);
  });
});
