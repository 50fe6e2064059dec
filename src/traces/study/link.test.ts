import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import { err, ok } from '../../core/result';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { ticketQueueWorld } from '../../worlds/ticket-queue/index';
import { makeStudy, normaliseTasks, studyId, taskProblem, type Study, type StudyDraft, type TaskMaker } from './definition';
import { readStudyParams, studyHref, studyParams } from './link';

const DRAFT: StudyDraft = {
  title: 'Support desk baseline',
  instructions: 'Play each task as you would at work.\nUse only what the tools show you.',
  tasks: [
    { world: 'fault-api', spec: { profile: 'clean', seed: 1 } },
    { world: 'ticket-queue', spec: { id: 'vendor-outage-triage', seed: 1 } },
    { world: 'fault-api', spec: { profile: 'hostile', seed: 6 } },
  ],
  order: 'shuffled',
  timeLimitS: 300,
  minutes: 20,
  showScores: false,
};

const WORLDS = [faultApiWorld, ticketQueueWorld];
const maker: TaskMaker = (world, spec) => {
  const w = WORLDS.find((x) => x.id === world);
  if (!w) return null;
  const t = w.makeTask(spec);
  return t.ok ? ok(t.value.spec) : err(t.error);
};

function made(draft: StudyDraft = DRAFT): Study {
  const normal = normaliseTasks(draft, maker);
  if (!normal.ok) throw new Error(normal.error);
  const s = makeStudy(normal.value);
  if (!s.ok) throw new Error(s.error);
  return s.value;
}

/** The link's query as a browser hands it over: through the href's text. */
const queryOf = (href: string) => new URLSearchParams(href.slice(href.indexOf('?') + 1));
const read = (href: string) => readStudyParams(queryOf(href));

/** The link with one field replaced (or removed: null), as someone editing the address would. */
function edited(study: Study, key: string, value: string | null): string {
  const q = new URLSearchParams(studyParams(study));
  if (value === null) q.delete(key);
  else q.set(key, value);
  return `#/study?${q.toString()}`;
}

describe('a study link', () => {
  it('round-trips every field, tasks in order, through the text of the href', () => {
    const study = made();
    const back = read(studyHref(study));
    expect(back).toEqual({ ok: true, value: study });
    // The worlds' defaults are in the link, so a model run on the same task has the same spec.
    expect(study.tasks[0]!.spec).toEqual(
      faultApiWorld.makeTask({ profile: 'clean', seed: 1 }).ok && { profile: 'clean', seed: 1, num_records: 40, page_size: 4, max_turns: 30 },
    );
  });

  it('round-trips a study without a limit, an estimate or instructions, with odd characters in the title', () => {
    const study = made({
      ...DRAFT,
      instructions: '',
      timeLimitS: null,
      minutes: null,
      order: 'fixed',
      showScores: true,
      title: 'Étude #2 & "friends" = 100%?',
    });
    expect(read(studyHref(study))).toEqual({ ok: true, value: study });
    expect(studyHref(study)).not.toContain('limit=');
    expect(studyHref(study)).toContain('scores=shown');
  });

  it('is named by its content: any change is another id, the same content the same id', () => {
    const a = made();
    expect(made().id).toBe(a.id);
    expect(a.id).toMatch(/^[0-9a-f]{16}$/);
    expect(studyId({ ...a, order: 'fixed' })).not.toBe(a.id);
    expect(studyId({ ...a, tasks: a.tasks.slice().reverse() })).not.toBe(a.id);
    expect(studyId({ ...a, showScores: true })).not.toBe(a.id);
  });

  it('states its rules in the address: version, order, limit, scores, hints never', () => {
    const href = studyHref(made());
    expect(href).toMatch(/^#\/study\?v=1&id=[0-9a-f]{16}&n=3&title=/);
    for (const part of ['order=shuffled', 'limit=300', 'minutes=20', 'scores=hidden', 'hints=never']) expect(href).toContain(part);
  });
});

describe('a malformed or tampered link says exactly what is wrong', () => {
  const study = made();
  const href = studyHref(study);
  const CASES: [string, string, string][] = [
    ['no version', '#/study?title=x', 'this is not a study link: it has no version (v=…)'],
    ['a newer version', edited(study, 'v', '2'), 'this study link is version 2; this site reads version 1: open the link on a newer copy of the site'],
    ['a version that is not a number', edited(study, 'v', 'one'), 'v="one" is not a study version'],
    ['version 0', edited(study, 'v', '0'), 'v=0 is not a study version'],
    ['an unknown field', `${href}&utm=mail`, 'the link has a field study links do not have: "utm"'],
    ['a field twice', `${href}&order=fixed`, 'the link gives "order" more than once'],
    ['no id', edited(study, 'id', null), 'the link has no id=…: it was cut short or edited'],
    ['an id that is not one', edited(study, 'id', 'xyz'), 'id="xyz" is not a study id (16 hex digits)'],
    ['cut short', href.slice(0, href.lastIndexOf('&task=')), 'the link says it has 3 tasks but lists 2: it was cut short (copy the whole link)'],
    [
      'a task added',
      `${href}&task=${encodeURIComponent('fault-api:{"profile":"clean","seed":2}')}`,
      'the link says it has 3 tasks but lists 4: tasks were added to it',
    ],
    ['a task without a world', edited(study, 'task', '{"profile":"clean"}'), 'the link says it has 3 tasks but lists 1'],
    ['a task count that is not a number', edited(study, 'n', 'three'), 'n="three" is not a whole number'],
    ['an unknown order', edited(study, 'order', 'random'), 'order="random": expected fixed or shuffled'],
    ['scores neither shown nor hidden', edited(study, 'scores', 'yes'), 'scores="yes": expected shown or hidden'],
    ['hints allowed', edited(study, 'hints', 'allowed'), 'hints="allowed": a study never reveals the verifier\'s events during play (hints=never)'],
    ['a limit that is not a number', edited(study, 'limit', '5m'), 'limit="5m" is not a whole number'],
    ['a limit out of bounds', edited(study, 'limit', '3'), 'the time limit must be a whole number of seconds from 10 to 86400, got 3'],
    ['an empty title', edited(study, 'title', '  '), 'the study needs a title'],
    ['no title', edited(study, 'title', null), 'the link has no title=…'],
    [
      'a changed seed, id kept',
      href.replace(encodeURIComponent('"seed":6'), encodeURIComponent('"seed":7')),
      'the link was changed after it was made: its content does not hash to its id',
    ],
    [
      'a changed title, id kept',
      edited(study, 'title', 'Another study'),
      `the link was changed after it was made: its content does not hash to its id (id=${study.id}, the content hashes to `,
    ],
    ['a changed limit, id kept', edited(study, 'limit', '3000'), 'the link was changed after it was made'],
  ];
  it.each(CASES)('%s', (_name, link, message) => {
    const r = read(link);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('a task that is not world:spec, or whose spec is not a JSON object, is located', () => {
    const one = (task: string) =>
      readStudyParams(new URLSearchParams([...studyParams({ ...study, tasks: [] }).filter(([k]) => k !== 'n'), ['n', '1'], ['task', task]]));
    expect(one('{"profile":"clean"}')).toEqual(err('task 1 ("{\\"profile\\":\\"clean\\"}") is not world:spec, e.g. fault-api:{"profile":"clean","seed":1}'));
    expect(one('fault-api:{"profile":')).toMatchObject({ ok: false, error: expect.stringContaining('task 1: the spec after "fault-api:" is not JSON (') });
    expect(one('fault-api:[1,2]')).toEqual(err('task 1: the spec after "fault-api:" must be a JSON object, e.g. fault-api:{"profile":"clean","seed":1}'));
  });

  it('a task its world does not have, or a world this site lacks, is named with its place in the study', () => {
    const tasks = (list: { world: string; spec: JsonObject }[]) => ({ tasks: list });
    expect(
      taskProblem(
        tasks([
          { world: 'fault-api', spec: { profile: 'clean', seed: 1 } },
          { world: 'mars', spec: {} },
        ]),
        maker,
      ),
    ).toBe('task 2 is in the world "mars", which this site does not have');
    expect(taskProblem(tasks([{ world: 'fault-api', spec: { profile: 'evil', seed: 1 } }]), maker)).toMatch(
      /^task 1 \(fault-api \{"profile":"evil","seed":1\}\) is not a task of its world: task\.profile must be one of/,
    );
    expect(taskProblem(made(), maker)).toBeNull();
  });

  it('a draft out of bounds is refused with its reason', () => {
    expect(makeStudy({ ...DRAFT, tasks: [] })).toEqual(err('the study needs at least one task'));
    expect(makeStudy({ ...DRAFT, title: 'x'.repeat(201) })).toEqual(err('the title is 201 characters; at most 200'));
    expect(makeStudy({ ...DRAFT, minutes: 0 })).toEqual(err('the estimated length must be a whole number of minutes from 1 to 1440, got 0'));
    expect(makeStudy({ ...DRAFT, timeLimitS: 12.5 })).toEqual(err('the time limit must be a whole number of seconds from 10 to 86400, got 12.5'));
  });
});
