import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scoreFile } from './score';

const fixture = (name: string) => fileURLToPath(new URL(`../../traces/fixtures/${name}`, import.meta.url));

describe('vp score on files earlier builds wrote', () => {
  it.each([
    ['native-v1-tripwire.json', { world: 'tripwire', replay: 'match', reward: 1, stop: 'submitted', verdict: { full: 'PASS' } }],
    ['native-v1-ticket-queue.json', { world: 'ticket-queue', replay: 'match', stop: 'budget', verdict: { full: 'FAIL' } }],
  ])('%s: read forward, replayed as a match (tripwire behind the watchdog, as for any file)', async (name, expected) => {
    expect(await scoreFile(fixture(name))).toMatchObject(expected);
  });
});
