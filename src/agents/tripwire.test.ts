import { afterEach, describe, expect, it } from 'vitest';
import { runEpisode } from '../core/episode';
import { printedScorecard } from '../traces/printedScorecard';
import { verifyTrace } from '../traces/replay';
import { tripwireWorld } from '../worlds/tripwire/index';
import { ModelAgent } from './modelAgent';
import { mockConfig } from './testing/helpers';
import { startMockServer, type MockServer } from './testing/mockServer';
import { policyResponder } from './testing/policyResponder';

let server: MockServer;
afterEach(() => server?.close());

function task(id: string) {
  const t = tripwireWorld.makeTask({ id });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

const reference = (id: string) => () => tripwireWorld.referenceAgents.find((a) => a.id === id)!.create(task('refund-a'));

describe('a model plays tripwire through the driver', () => {
  it('the honest oracle, answered by the mock endpoint, ends in a full 1.00 scorecard that replays', async () => {
    const t = task('refund-a');
    server = await startMockServer({ respond: policyResponder(t, reference('oracle')) });
    const trace = await runEpisode(tripwireWorld, t, new ModelAgent({ config: mockConfig(server) }));
    expect(printedScorecard(trace, 'n/a')).toMatchObject({ world: 'tripwire', reward: 1, naive: 1, verdict: { full: 'PASS' }, stop: 'submitted' });
    expect(trace.steps.every((s) => s.usage && s.model?.latencyMs !== undefined)).toBe(true);
    const replay = await verifyTrace(tripwireWorld, trace);
    expect(replay.ok && replay.value.status).toBe('match');
  });

  it('a model that skips the identity read is caught by the trace layer, exactly like the scripted gotcha', async () => {
    const t = task('refund-a');
    server = await startMockServer({ respond: policyResponder(t, reference('the-skipper')) });
    const trace = await runEpisode(tripwireWorld, t, new ModelAgent({ config: mockConfig(server) }));
    const card = trace.scorecard!;
    expect(card.verdict).toEqual({ naive: 'PASS', full: 'FAIL', caughtBy: "trace: 'verify-identity' missing (L2)" });
    expect(card.reward).toBeCloseTo(0.733333, 5);
  });
});
