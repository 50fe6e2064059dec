import { describe, expect, it } from 'vitest';
import type { Step, WorldEvent } from '../../../core/types';
import { COLOR } from '../../lib/palette';
import { stepWindow } from './StepList';
import { MARKS, marksOf, thinMarks } from './timelineMarks';

const ev = (kind: WorldEvent['kind'], message: string, code = kind): WorldEvent => ({ code, kind, layer: null, message });
const step = (index: number, name: string, ok: boolean, events: WorldEvent[]): Step => ({
  index,
  call: { name, arguments: {} },
  result: { ok, content: '', done: false },
  events,
});

describe('the timeline marks', () => {
  it('one mark per lane and step, with every event in its tooltip and the most serious one setting its shape', () => {
    const marks = marksOf([step(0, 'run_sql', true, [ev('access', 'read orders'), ev('trip', 'read _answer_key'), ev('access', 'read customers')])], false);
    const access = marks.filter((m) => m.lane === 'access');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ step: 1, kind: 'alarm' });
    expect(access[0]!.lines).toEqual([
      'step 1 · run_sql · access: read orders',
      'step 1 · run_sql · trip: read _answer_key',
      'step 1 · run_sql · access: read customers',
    ]);
    expect(marks.find((m) => m.lane === 'calls')!.lines).toEqual(['step 1 · run_sql']);
  });

  it('a failed call’s error events join its square instead of hiding under it', () => {
    const marks = marksOf([step(2, 'fetch_page', false, [ev('error', 'timed out')])], false);
    const errors = marks.filter((m) => m.lane === 'errors');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ kind: 'failed', lines: ['step 3 · fetch_page · the call failed', 'step 3 · fetch_page · error: timed out'] });
  });

  it('without hints, only calls and failed calls are drawn', () => {
    const marks = marksOf([step(0, 'run_sql', false, [ev('trip', 'x'), ev('fault', 'y')])], true);
    expect(marks.map((m) => [m.lane, m.lines.length])).toEqual([
      ['calls', 1],
      ['errors', 1],
    ]);
  });
});

describe('one palette', () => {
  it('each mark kind has its own shape-and-colour, and no two meanings share a colour except "bad" (a FAIL, an alarm, a failed call)', () => {
    const looks = Object.entries(MARKS).map(([kind, m]) => [kind, `${m.shape}/${m.color}`]);
    expect(new Set(looks.map(([, l]) => l)).size).toBe(looks.length);
    const colours = Object.entries(COLOR).filter(([m]) => m !== 'fail' && m !== 'pass');
    expect(new Set(colours.map(([, c]) => c)).size, 'one colour per meaning').toBe(colours.length);
    expect(COLOR.fail).not.toBe(COLOR.pass);
  });

  it('every kind an event can make is one the legend lists', () => {
    const all = marksOf(
      [
        step(0, 't', false, []),
        step(
          1,
          't',
          true,
          (['fault', 'access', 'trip', 'refused', 'write', 'error'] as const).map((k) => ev(k, k)),
        ),
      ],
      false,
    );
    for (const m of all) expect(Object.keys(MARKS)).toContain(m.kind);
  });
});

describe('long traces on the timeline and in the step list', () => {
  const call = (i: number, ok = true) => ({ index: i, call: { name: i % 2 ? 'a' : 'b', arguments: {} }, result: { ok, content: '', done: false }, events: [] });

  it('5,000 steps become one mark per lane and column, the most serious look kept, the count in the tooltip', () => {
    const steps = Array.from({ length: 5000 }, (_, i) => call(i, i !== 1234));
    const all = marksOf(steps, false);
    expect(all).toHaveLength(5001);
    const thin = thinMarks(all, 5000, 250);
    expect(thin.filter((m) => m.lane === 'calls')).toHaveLength(250);
    const error = thin.filter((m) => m.lane === 'errors');
    expect(error).toEqual([expect.objectContaining({ step: 1235, kind: 'failed' })]);
    expect(thin.find((m) => m.lane === 'calls')!.lines.at(-1)).toBe('and 15 more');
    // Short traces are left as they are.
    expect(thinMarks(all.slice(0, 10), 10, 250)).toEqual(all.slice(0, 10));
  });

  it('the step list draws a window around the selected step', () => {
    expect(stepWindow(30, 5)).toEqual({ from: 0, to: 30 });
    expect(stepWindow(5000, 1)).toEqual({ from: 0, to: 200 });
    expect(stepWindow(5000, 2500)).toEqual({ from: 2400, to: 2600 });
    expect(stepWindow(5000, 5000)).toEqual({ from: 4800, to: 5000 });
  });
});
