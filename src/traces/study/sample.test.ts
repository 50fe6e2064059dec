import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../core/json';
import type { Trace } from '../../core/types';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { parseTrace } from '../native';
import { buildBaselines, type BaselineItem, type StudyBaseline } from './baseline';
import { baselineCsv, rowName, studyName } from './baselineFiles';
import { fitProblems } from './fit';
import { studyMetaOf } from './results';
import { hostileStudyFiles, OTHER, PILOT, type HostileStudyFiles } from './testing/hostileStudy';
import { checkStudyRun } from './verify';

/**
 * The make-up of the sample, against files a forger would write: every forged
 * run below replays as recorded, so only holding the runs to the study and to
 * each other keeps them out.
 */

let hostile: HostileStudyFiles;
let items: BaselineItem[];

const read = (text: string): Trace[] =>
  text
    .trim()
    .split('\n')
    .map((line) => {
      const t = parseTrace(line);
      if (!t.ok) throw new Error(t.error);
      return t.value;
    });

async function itemsOf(files: Record<string, string>): Promise<BaselineItem[]> {
  const out: BaselineItem[] = [];
  for (const [file, text] of Object.entries(files))
    for (const [i, trace] of read(text).entries()) out.push({ id: `${file}:${i + 1}`, file, trace, check: await checkStudyRun(faultApiWorld, trace) });
  return out;
}

beforeAll(async () => {
  hostile = await hostileStudyFiles();
  items = await itemsOf(hostile.files);
});

/** Each file's statuses, once each. */
const byFile = (b: StudyBaseline) => {
  const out: Record<string, string[]> = {};
  for (const h of b.humans) out[h.file] = [...new Set([...(out[h.file] ?? []), h.status])].sort();
  return out;
};
const problemsOf = (b: StudyBaseline, file: string) => b.humans.filter((h) => h.file === file).flatMap((h) => h.problems);

describe('a study report held to its study', () => {
  it('every forged run replays as recorded: replay alone would count them all', () => {
    // One run of cy-retitled.jsonl says it is task 3 of a study of 2: its record cannot even be read.
    const readable = items.filter((i) => studyMetaOf(i.trace)?.ok);
    expect(readable).toHaveLength(items.length - 1);
    expect(readable.filter((i) => !i.check!.verified).map((i) => i.check!.problems)).toEqual([]);
  });

  it('counts only the files nothing is wrong with; every other run is listed with why', () => {
    const [b, more] = buildBaselines(items, { study: PILOT });
    expect(more).toBeUndefined();
    expect(b!.title).toBe('Pagination pilot');
    expect(b!.checked).toBe(true);
    expect(b!.tasks.map((t) => t.number)).toEqual([1, 2]);
    expect(rowName(b!.rows[0]!, b!)).toBe('all 2 tasks');
    expect(b!.rows).toHaveLength(3);
    expect(b!.groups[0]!.label).toBe('human (n = 2)');
    expect(b!.rows[0]!.cells[0]!.n).toBe(4);
    expect(byFile(b!)).toEqual({
      'gus.jsonl': ['counted'],
      'hal.jsonl': ['counted'],
      'ada.jsonl': ['reused'],
      'ada-again.jsonl': ['reused'],
      'bo.jsonl': ['copy'],
      'eve.jsonl': ['copy'],
      'crowd.jsonl': ['several'],
      'cy-relabelled.jsonl': ['foreign'],
      'cy-retitled.jsonl': ['foreign'],
      'di-20min.jsonl': ['foreign'],
      'fay-extra-task.jsonl': ['edited', 'foreign'],
    });
    expect(problemsOf(b!, 'crowd.jsonl')[0]).toBe(
      "the file holds runs under 10 pseudonyms (p01, p02, p03, p04 and 6 more): a results file is one participant's",
    );
    expect(problemsOf(b!, 'eve.jsonl')[0]).toMatch(/^its run of task 1 \(eve\) is, call for call and to the millisecond, bo's in bo\.jsonl: one is a copy/);
    expect(problemsOf(b!, 'ada.jsonl')[0]).toBe('the pseudonym ada also has runs in ada-again.jsonl: one participant has one results file');
    expect(problemsOf(b!, 'cy-relabelled.jsonl')).toContain(`its file calls the study "Retry study"; the study is "Pagination pilot"`);
    expect(problemsOf(b!, 'cy-relabelled.jsonl')).toContain("it was played with no time limit; the study's is 10 min per task");
    expect(problemsOf(b!, 'cy-retitled.jsonl').join('\n')).toMatch(/is not one of the study's 2 tasks|cannot be read: meta\.study\.task/);
    expect(problemsOf(b!, 'di-20min.jsonl')).toContain("it was played with a time limit of 20 min per task; the study's is 10 min per task");
    const fay = b!.humans.filter((h) => h.file === 'fay-extra-task.jsonl');
    expect(fay.map((h) => [h.task, h.status])).toEqual([
      [1, 'edited'],
      [2, 'edited'],
      [3, 'foreign'],
    ]);
    expect(fay[2]!.problems).toEqual([
      'it says the study has 3 tasks; the study has 2',
      "its task (fault-api · realistic seed 1) is not one of the study's 2 tasks",
    ]);
    expect(fay.every((h) => (h.status === 'foreign' ? h.includable === null : h.includable === 'file'))).toBe(true);
  });

  it('what is flagged does not depend on the order the files are read in: both files of a pair are flagged', () => {
    const [forward] = buildBaselines(items, { study: PILOT });
    const [backward] = buildBaselines([...items].reverse(), { study: PILOT });
    expect(byFile(backward!)).toEqual(byFile(forward!));
    expect(backward!.groups[0]!.label).toBe('human (n = 2)');
  });

  it('the reader includes a flagged file by choice: it then counts, and n counts the participants that remain', () => {
    const [b] = buildBaselines(items, { study: PILOT, include: new Set(['bo.jsonl', 'crowd.jsonl']) });
    expect(byFile(b!)['bo.jsonl']).toEqual(['included']);
    expect(byFile(b!)['eve.jsonl']).toEqual(['copy']);
    expect(b!.groups[0]!.label).toBe('human (n = 13)');
    // Both files of one pseudonym included: ada is one participant, and her second run of a task is not counted beside the first.
    const [both] = buildBaselines(items, { study: PILOT, include: new Set(['ada.jsonl', 'ada-again.jsonl']) });
    expect(both!.groups[0]!.label).toBe('human (n = 3)');
    expect(byFile(both!)['ada-again.jsonl']).toEqual(['duplicate']);
    // A run of another study cannot be included.
    const [foreign] = buildBaselines(items, { study: PILOT, include: new Set(['di-20min.jsonl']) });
    expect(byFile(foreign!)['di-20min.jsonl']).toEqual(['foreign']);
  });

  it('a copy that fails its own checksum implicates no one: the file it copied stays counted', async () => {
    const eve = read(hostile.files['eve.jsonl']!);
    eve[0]!.scorecard!.reward = 0.25;
    const lines = eve.map((t) => JSON.stringify(t)).join('\n');
    const some = await itemsOf({ 'bo.jsonl': hostile.files['bo.jsonl']!, 'eve.jsonl': lines, 'gus.jsonl': hostile.files['gus.jsonl']! });
    const [b] = buildBaselines(some, { study: PILOT });
    expect(byFile(b!)).toEqual({ 'bo.jsonl': ['counted'], 'eve.jsonl': ['edited'], 'gus.jsonl': ['counted'] });
    expect(problemsOf(b!, 'eve.jsonl')).toContain(
      "its run of task 2 (eve) is, call for call and to the millisecond, bo's in bo.jsonl: one is a copy of the other",
    );
  });

  it('the same file read twice counts once, and is not taken for a copy', async () => {
    const gus = await itemsOf({ 'gus.jsonl': hostile.files['gus.jsonl']! });
    const again = gus.map((i) => ({ ...i, id: `again-${i.id}`, file: 'gus (2).jsonl' }));
    const [b] = buildBaselines([...gus, ...again], { study: PILOT });
    expect(byFile(b!)).toEqual({ 'gus.jsonl': ['counted'], 'gus (2).jsonl': ['duplicate'] });
    expect(b!.humans.at(-1)!.problems).toEqual(["the file is gus.jsonl read again (each of its runs is one of that file's, exactly): counted once"]);
    expect(b!.groups[0]!.label).toBe('human (n = 1)');
  });

  it('without a study nothing is checked against one, and the report says so: no title of its own, the tasks the files name', () => {
    const first = items.filter((i) => i.file === 'cy-relabelled.jsonl');
    const tables = buildBaselines([...first, ...items.filter((i) => i.file !== 'cy-relabelled.jsonl')]);
    const b = tables.find((t) => t.id === PILOT.id)!;
    expect(b.title).toBeNull();
    expect(b.checked).toBe(false);
    expect(b.claimedTitles).toEqual(['Retry study', 'Pagination pilot']);
    expect(studyName(b)).toBe(`study ${PILOT.id}, not checked against the study (its files call it “Retry study” or “Pagination pilot”)`);
    expect(rowName(b.rows[0]!, b)).toBe('all 3 tasks the files name');
    // The make-up of the sample is checked all the same.
    expect(byFile(b)['crowd.jsonl']).toEqual(['several']);
    expect(baselineCsv([b]).split('\r\n')[1]).toContain(`"study ${PILOT.id}, not checked against the study`);
  });

  it('given a study, the report is that study’s even with no run of it, and never another’s', () => {
    const [b] = buildBaselines(
      items.filter((i) => i.file === 'cy-relabelled.jsonl'),
      { study: OTHER },
    );
    expect(b!.title).toBe('Retry study');
    expect(byFile(b!)).toEqual({ 'cy-relabelled.jsonl': ['foreign'] });
    expect(b!.humans[0]!.problems[0]).toBe(`it is a run of another study (id ${PILOT.id})`);
  });
});

describe('a run against its study, rule by rule', () => {
  const gus = () => read(hostile.files['gus.jsonl']!)[0]!;
  const fit = (t: Trace, study = PILOT) => fitProblems(study, t, studyMetaOf(t));
  const withMeta = (t: Trace, edit: JsonObject): Trace => ({ ...t, meta: { ...t.meta, study: { ...(t.meta!.study as JsonObject), ...edit } } });

  it('an honest run fits', () => expect(fit(gus())).toEqual([]));

  it('in a shuffled study, the place a pseudonym gets each task is the study’s', () => {
    const cy = read(hostile.files['cy-relabelled.jsonl']!).map((t) => withMeta(t, { id: OTHER.id, title: OTHER.title }));
    expect(cy.map((t) => fit(t, OTHER))).toEqual([[], [], []]);
    const moved = withMeta(cy[0]!, { position: ((studyMetaOf(cy[0]!) as { value: { position: number } }).value.position % 3) + 1 });
    expect(fit(moved, OTHER).join()).toMatch(/^it says cy played it \d(st|nd|rd); the study gives cy this task \d(st|nd|rd)$/);
  });

  it('the time limit: as recorded, as the clock’s stop names it, and as long as the run lasted', () => {
    const t = gus();
    expect(fit(withMeta(t, { timedOut: true }), { ...PILOT, timeLimitS: null })).toContain('it says the clock ended it; the study has no time limit');
    const stopped: Trace = {
      ...t,
      stop: { reason: 'budget', terminated: false, truncated: true, detail: "the study's time limit of 20 min per task ran out" },
    };
    expect(fit(stopped)).toContain("its end names a time limit of 20 min per task; the study's is 10 min per task");
    expect(fit(withMeta(t, { wallMs: 25 * 60_000 }))).toEqual(["it lasted 25.0 min without the clock ending it; the study's limit is 10 min per task"]);
    expect(fit(withMeta(t, { wallMs: 10 * 60_000 + 30_000 }))).toEqual([]);
  });

  it('the task: by its spec, and by its number in the list', () => {
    const t = gus();
    expect(fit(withMeta(t, { task: 2 }))).toEqual(['it says it is task 2; what it played is task 1 of the study']);
    expect(fit({ ...t, agent: { kind: 'model', name: 'm' } })).toEqual(["it is recorded as a model's run, not a person's"]);
  });
});
