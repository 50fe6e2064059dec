import { describe, expect, it } from 'vitest';
import { err, ok } from '../../core/result';
import { readStudyParams } from '../../traces/study/link';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { createMaker, linkOf } from './maker';
import type { TaskMaker } from '../../traces/study/definition';

const make: TaskMaker = (world, spec) => {
  if (world !== faultApiWorld.id) return null;
  const t = faultApiWorld.makeTask(spec);
  return t.ok ? ok(t.value.spec) : err(t.error);
};

describe('the Create-a-study form', () => {
  it('makes no link until the form holds a study, and says why', () => {
    const m = createMaker({ world: 'fault-api', spec: { profile: 'clean', seed: 1 } });
    expect(linkOf(m.getState(), make)).toEqual(err('the study needs a title'));
    m.setState({ title: 'Pilot', limit: '5 min' });
    expect(linkOf(m.getState(), make)).toEqual(err('the time limit (seconds per task) must be a whole number, got "5 min"'));
    m.setState({ limit: '5' });
    expect(linkOf(m.getState(), make)).toEqual(err('the time limit must be a whole number of seconds from 10 to 86400, got 5'));
    m.setState({ limit: '300', tasks: [...m.getState().tasks, { key: m.nextKey(), world: 'mars', spec: {} }] });
    expect(linkOf(m.getState(), make)).toEqual(err('task 2 is in the world "mars", which this site does not have'));
  });

  it('makes the link of the study the form shows, tasks spelled by their world', () => {
    const m = createMaker({ world: 'fault-api', spec: { profile: 'clean', seed: 1 } });
    m.setState({ title: ' Pilot ', instructions: 'Go.', limit: '300', minutes: '20', order: 'shuffled', showScores: true });
    const r = linkOf(m.getState(), make);
    if (!r.ok) throw new Error(r.error);
    const back = readStudyParams(new URLSearchParams(r.value.href.split('?')[1]));
    expect(back).toEqual({ ok: true, value: r.value.study });
    expect(r.value.study).toMatchObject({
      title: 'Pilot',
      instructions: 'Go.',
      timeLimitS: 300,
      minutes: 20,
      order: 'shuffled',
      showScores: true,
      tasks: [{ world: 'fault-api', spec: { max_turns: 30 } }],
    });
  });
});
