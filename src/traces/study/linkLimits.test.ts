import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits';
import { makeStudy, type StudyDraft } from './definition';
import { readGivenStudy } from './given';
import { readStudyLink, readStudyParams, studyHref, studyLinkProblem } from './link';

/**
 * Each study limit at its edge: at the limit the link is read; one over, it
 * is refused with the limit's name before the part it guards is parsed.
 */

const { studyLinkChars, studyTasks, taskSpecChars } = {
  studyLinkChars: LIMITS.studyLinkChars.value,
  studyTasks: LIMITS.studyTasks.value,
  taskSpecChars: LIMITS.taskSpecChars.value,
};

const draft = (tasks: StudyDraft['tasks']): StudyDraft => ({
  title: 'Edges',
  instructions: '',
  tasks,
  order: 'fixed',
  timeLimitS: null,
  minutes: null,
  showScores: false,
});
const made = (d: StudyDraft) => {
  const s = makeStudy(d);
  if (!s.ok) throw new Error(s.error);
  return s.value;
};
/** A spec of exactly `chars` characters as canonical JSON. */
const specOf = (chars: number, seed = 1) => {
  const base = JSON.stringify({ pad: '', profile: 'clean', seed });
  return { pad: 'x'.repeat(chars - base.length), profile: 'clean', seed };
};
const timed = <T>(f: () => T): [T, number] => {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
};

describe('study link limits', () => {
  it(`taskSpecChars: a spec of ${taskSpecChars} characters is read; one more is refused before it is parsed`, () => {
    expect(JSON.stringify(specOf(taskSpecChars))).toHaveLength(taskSpecChars);
    const at = made(draft([{ world: 'fault-api', spec: specOf(taskSpecChars) }]));
    expect(readStudyLink(studyHref(at))).toMatchObject({ ok: true, value: { id: at.id } });
    expect(makeStudy(draft([{ world: 'fault-api', spec: specOf(taskSpecChars + 1) }]))).toEqual({
      ok: false,
      error: `task 1: a spec of 2,001 characters, over the taskSpecChars limit of 2,000 characters (one task's spec in a study)`,
    });
    // By hand, and not even JSON: the size is what is refused, so nothing was parsed.
    const q = new URLSearchParams(studyHref(at).split('?')[1]);
    q.set('task', `fault-api:{${'x'.repeat(taskSpecChars)}`);
    expect(readStudyParams(q)).toEqual({ ok: false, error: expect.stringMatching(/^task 1: a spec of 2,001 characters, over the taskSpecChars limit/) });
  });

  it(`studyTasks: ${studyTasks} tasks are read; ${studyTasks + 1} are refused by the count, before any task is read`, () => {
    const tasks = Array.from({ length: studyTasks }, (_, i) => ({ world: 'fault-api', spec: { profile: 'clean', seed: i + 1 } }));
    const at = made(draft(tasks));
    expect(readStudyLink(studyHref(at))).toMatchObject({ ok: true, value: { id: at.id } });
    expect(makeStudy(draft([...tasks, tasks[0]!]))).toEqual({
      ok: false,
      error: 'the study: 101 tasks, over the studyTasks limit of 100 (tasks in one study)',
    });
    const over = new URLSearchParams(studyHref(at).split('?')[1]);
    over.set('n', String(studyTasks + 1));
    over.append('task', 'not even world:spec');
    expect(readStudyParams(over)).toEqual({ ok: false, error: 'the link: n=101 tasks, over the studyTasks limit of 100 (tasks in one study)' });
    // 20,000 tasks under a count that agrees with the limit: refused by the count of what is listed, in well under a second.
    const many = new URLSearchParams(studyHref(at).split('?')[1]);
    many.delete('task');
    for (let i = 0; i < 20_000; i++) many.append('task', `fault-api:{"seed":${i}`);
    const text = `#/study?${many.toString()}`;
    const [r, ms] = timed(() => readStudyLink(text));
    expect(r).toEqual({ ok: false, error: 'the link: 20,000 tasks listed, over the studyTasks limit of 100 (tasks in one study)' });
    expect(ms).toBeLessThan(1_000);
  });

  it(`studyLinkChars: a link of ${studyLinkChars.toLocaleString('en-US')} characters is read; one more is refused before it is decoded`, () => {
    const href = studyHref(made(draft([{ world: 'fault-api', spec: { profile: 'clean', seed: 1 } }])));
    const url = `https://example.org/vp/${href}`;
    // Padded as a copied link often is, with spaces at its end.
    const at = url.padEnd(studyLinkChars, ' ');
    expect(readStudyLink(at)).toMatchObject({ ok: true });
    expect(readStudyLink(`${at} `)).toEqual({
      ok: false,
      error: "the study link: 1,048,577 characters, over the studyLinkChars limit of 1 MiB (one study link, or a study's definition or tasks file)",
    });
    expect(readGivenStudy(`${at} `, null)).toMatchObject({ ok: false, error: expect.stringContaining('over the studyLinkChars limit') });
    // The largest study every other limit allows makes a link that can be opened.
    const biggest = made(draft(Array.from({ length: studyTasks }, (_, i) => ({ world: 'ticket-queue', spec: specOf(taskSpecChars, i) }))));
    expect(studyLinkProblem(biggest)).toBeNull();
    const [read, ms] = timed(() => readStudyLink(studyHref(biggest)));
    expect(read.ok).toBe(true);
    expect(ms).toBeLessThan(1_000);
  });

  it('a link of 100 tasks of large specs is refused at once, not read for seconds', () => {
    const big = new URLSearchParams({ v: '1', id: '0123456789abcdef', n: '100', title: 't', order: 'fixed', scores: 'hidden', hints: 'never' });
    for (let i = 0; i < 100; i++) big.append('task', `fault-api:${JSON.stringify({ profile: 'clean', seed: i, pad: 'x'.repeat(100_000) })}`);
    const text = big.toString();
    expect(text.length).toBeGreaterThan(10_000_000);
    const [r, ms] = timed(() => readStudyLink(text));
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining('over the studyLinkChars limit of 1 MiB') });
    expect(ms).toBeLessThan(50);
  });
});
