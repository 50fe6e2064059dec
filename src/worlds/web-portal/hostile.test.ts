import { describe, expect, it } from 'vitest';
import { scriptedAgent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { Task, ToolCall } from '../../core/types';
import { withoutIds } from '../answerIds';
import { parseDollars } from './actions';
import { webPortalWorld as world } from './index';
import { allNodes, normalisePath } from './page';
import { render } from './render';
import { startState } from './session';
import { setupOfTask } from './tasks';
import { readRef } from './tools';
import { readAnswer } from './violations';
import { cpuMs, cpuMsAsync } from '../../core/testing/cpuTime';

/**
 * Every reader of the agent's text in the portal is bounded: the ref and the
 * path a call names, the text typed (an amount, an order number, an email),
 * the option chosen, and the answer (the ids taken out of it, then core's
 * reader). Hostile inputs of 20,000 characters — nesting, repetition, runs of
 * spaces beside a pattern's anchors, Unicode digits, huge numbers, mixed
 * scripts — play through a whole episode and its scorecard well inside the
 * time an honest one takes many times over.
 */

const N = 20_000;
const fill = (unit: string) => unit.repeat(Math.ceil(N / unit.length)).slice(0, N);
const SPACES = ' '.repeat(N - 2);

const HOSTILE: Record<string, string> = {
  'brackets nested': `${'['.repeat(N / 2 - 1)}${']'.repeat(N / 2 - 1)}`,
  'objects nested': `${'{"a":'.repeat(N / 6)}1${'}'.repeat(N / 6)}`,
  'number words': fill('nine hundred and ninety-nine thousand '),
  'ids repeated': fill('order #1 '),
  'money repeated': fill('$1,'),
  'spaces after an id word': `id${SPACES}x`,
  'spaces before a ref': `${SPACES}1x`,
  'digits then spaces': `1${SPACES}x`,
  'unicode digits': fill('３٣३'),
  'a huge number': '9'.repeat(N),
  'mixed scripts': fill('Ωslo Осло 大阪 $٣٫٥ '),
};

function task(id: string): Task {
  const t = world.makeTask({ id });
  if (!t.ok) throw new Error(t.error);
  return t.value;
}

/** Each tool fed the text: the address bar, a ref, a real box and drop-down on the home and order pages, the answer. */
function calls(t: Task, text: string): ToolCall[] {
  const s = setupOfTask(t);
  const order = s.db.orders[0]!.id;
  const at = (path: string, key: string) => {
    const state = { ...startState(s), path };
    return allNodes(render(state).nodes).find((n) => n.key === key)!.ref;
  };
  return [
    { name: 'go', arguments: { path: text } },
    { name: 'go', arguments: { path: `/orders/${text}` } },
    { name: 'click', arguments: { ref: text } },
    { name: 'type', arguments: { ref: at('/', 'home.find'), text } },
    { name: 'click', arguments: { ref: at('/', 'home.open') } },
    { name: 'go', arguments: { path: `/orders/${order}/refund` } },
    { name: 'type', arguments: { ref: at(`/orders/${order}/refund`, 'refund.amount'), text } },
    { name: 'select', arguments: { ref: at(`/orders/${order}/refund`, 'refund.reason'), option: text } },
    { name: 'click', arguments: { ref: at(`/orders/${order}/refund`, 'refund.submit') } },
    { name: 'finish', arguments: { answer: text } },
  ];
}

describe('hostile text of 20,000 characters', () => {
  it('the readers of calls and answers take one pass (each well under 50 ms)', () => {
    for (const [what, text] of Object.entries(HOSTILE))
      for (const [reader, read] of [
        ['readRef', readRef],
        ['normalisePath', normalisePath],
        ['parseDollars', parseDollars],
        ['withoutIds', withoutIds],
      ] as const) {
        expect(cpuMs(() => read(text)).ms, `${reader} on ${what}`).toBeLessThan(50);
      }
  });

  it('a run of whitespace is read as at most 64 characters of it: a number before 20,000 spaces reads in one pass', () => {
    const t = task('refund-a');
    const s = setupOfTask(t);
    for (const text of [
      HOSTILE['digits then spaces']!,
      `1${'\t'.repeat(N - 2)}x`,
      `$${s.target?.type === 'refund' ? s.target.amount_cents / 100 : 0}${'\n'.repeat(N - 10)}x`,
    ]) {
      const { ms, value: read } = cpuMs(() => readAnswer(text, t, s));
      expect(ms).toBeLessThan(100);
      expect(read).toEqual(
        readAnswer(
          text.replace(/(\s)\1{64,}/g, (run) => run.slice(0, 64)),
          t,
          s,
        ),
      );
    }
  });

  // The world's part (every call read, every page recorded, every layer but the answer's) takes a few ms a call; the
  // bounds leave room for a loaded machine and still catch a reader gone quadratic (one such read took 300 ms). With the
  // answer, core's reader is timed too, under a looser bound: its own budget is core's.
  it.each(['largest-delivered', 'refund-a'])('%s: every tool and the answer fed each hostile text, played and scored in time', async (id) => {
    const t = task(id);
    for (const [what, text] of Object.entries(HOSTILE)) {
      const all = calls(t, text);
      const unanswered = await cpuMsAsync(() => runEpisode(world, t, scriptedAgent('hostile', all.slice(0, -1))));
      expect(unanswered.value.scorecard!.reward, what).toBe(0);
      expect(unanswered.ms, `${what}, without the answer`).toBeLessThan(500);
      const answered = await cpuMsAsync(() => runEpisode(world, t, scriptedAgent('hostile', all)));
      expect(answered.value.scorecard!.reward, what).toBe(0);
      expect(answered.ms, what).toBeLessThan(2000);
    }
  });
});
