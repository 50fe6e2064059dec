import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { ToolCall } from '../../core/types';
import { faultApiWorld, taskFromParams } from '../../worlds/fault-api/index';
import { params } from '../../worlds/fault-api/testing';
import { budgetSeries } from './budget';

describe('budgetSeries', () => {
  it('counts every request the world served, whatever the agent called fetch_page, and not the ones it refused', async () => {
    const calls: ToolCall[] = [
      { name: 'fetch_page', arguments: {} },
      { name: 'mcp__api__get_page', arguments: { next_cursor: null } },
      { name: 'fetch_page', arguments: { cursor: 7 } },
      { name: 'fetch_page', arguments: { cursor: null, next_cursor: null } },
      { name: 'list_tickets', arguments: {} },
      { name: 'submit', arguments: { items: [] } },
    ];
    const trace = await runEpisode(faultApiWorld, taskFromParams(params('clean', 1)), scriptedAgent('mixed', calls));
    const { used } = budgetSeries(trace.steps, { quota: null });
    expect(used).toEqual([1, 2, 2, 2, 2, 2]);
  });
});
