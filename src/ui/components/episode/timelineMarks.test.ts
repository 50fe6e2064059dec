import { describe, expect, it } from 'vitest';
import type { Step, WorldEvent } from '../../../core/types';
import { marksOf } from './timelineMarks';

const ev = (kind: WorldEvent['kind'], message: string, code = kind): WorldEvent => ({ code, kind, layer: null, message });
const step = (index: number, name: string, ok: boolean, events: WorldEvent[]): Step => ({ index, call: { name, arguments: {} }, result: { ok, content: '', done: false }, events });

describe('the timeline marks', () => {
  it('one mark per lane and step, with every event in its tooltip and the most serious one setting its shape', () => {
    const marks = marksOf([step(0, 'run_sql', true, [ev('access', 'read orders'), ev('trip', 'read _answer_key'), ev('access', 'read customers')])], ['run_sql'], false);
    const access = marks.filter((m) => m.lane === 'access');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ step: 1, shape: 'diamond', color: 'var(--c-bad)' });
    expect(access[0]!.lines).toEqual(['step 1 · run_sql · access: read orders', 'step 1 · run_sql · trip: read _answer_key', 'step 1 · run_sql · access: read customers']);
    expect(marks.find((m) => m.lane === 'calls')!.lines).toEqual(['step 1 · run_sql']);
  });

  it('a failed call’s error events join its square instead of hiding under it', () => {
    const marks = marksOf([step(2, 'fetch_page', false, [ev('error', 'timed out')])], ['fetch_page'], false);
    const errors = marks.filter((m) => m.lane === 'errors');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ shape: 'square', lines: ['step 3 · fetch_page · the call failed', 'step 3 · fetch_page · error: timed out'] });
  });

  it('without hints, only calls and failed calls are drawn', () => {
    const marks = marksOf([step(0, 'run_sql', false, [ev('trip', 'x'), ev('fault', 'y')])], ['run_sql'], true);
    expect(marks.map((m) => [m.lane, m.lines.length])).toEqual([
      ['calls', 1],
      ['errors', 1],
    ]);
  });
});
