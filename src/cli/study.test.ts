import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../core/limits';
import { runEpisode } from '../core/episode';
import type { Trace } from '../core/types';
import { replayCalls } from '../traces/replay';
import type { StudyBaseline } from '../traces/study/baseline';
import { readStudyParams, studyHref } from '../traces/study/link';
import { hostileStudyFiles, PILOT } from '../traces/study/testing/hostileStudy';
import { UNCHECKED } from './commands/study';
import { resultsFile, startMeta } from '../traces/study/results';
import { faultApiWorld } from '../worlds/fault-api/index';
import { carefulSolver, stubbornSolver } from '../worlds/fault-api/solvers';
import { runCli } from './run';

async function vp(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (l) => out.push(l), err: (l) => err.push(l), stdin: Readable.from([]) });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const tmp = mkdtempSync(join(tmpdir(), 'vp-study-'));
const write = (name: string, text: string) => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};

describe('vp study make', () => {
  it('prints a link that reads back as the study, its tasks as their worlds spell them', async () => {
    const tasks = write(
      'tasks.jsonl',
      '{"world":"fault-api","task":{"profile":"clean","seed":1}}\n{"world":"fault-api","task":{"profile":"hostile","seed":2}}\n',
    );
    const r = await vp(
      'study',
      'make',
      '--tasks',
      tasks,
      '--title',
      'Pilot',
      '--shuffle',
      '--time-limit',
      '300',
      '--site',
      'https://example.org/vp/index.html#/old',
      '--json',
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const made = JSON.parse(r.stdout) as { href: string; url: string; study: { id: string } };
    expect(made.url).toBe(`https://example.org/vp/index.html${made.href}`);
    const back = readStudyParams(new URLSearchParams(made.href.split('?')[1]));
    expect(back).toMatchObject({ ok: true, value: { id: made.study.id, title: 'Pilot', order: 'shuffled', timeLimitS: 300, showScores: false } });
    if (back.ok)
      expect(back.value.tasks[1]).toEqual({ world: 'fault-api', spec: { profile: 'hostile', seed: 2, num_records: 40, page_size: 4, max_turns: 30 } });
  });

  it('reads a study object, and `vp tasks --json` rows', async () => {
    const rows = JSON.parse((await vp('tasks', '--world', 'web-portal', '--json')).stdout) as unknown[];
    const file = write('study.json', JSON.stringify({ title: 'Portal', instructions: 'Be careful.', minutes: 15, tasks: rows.slice(0, 2) }));
    const r = await vp('study', 'make', '--tasks', file);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^#\/study\?v=1&id=[0-9a-f]{16}&n=2&title=Portal&about=Be\+careful\.&minutes=15&order=fixed&scores=hidden&hints=never&task=web-portal/,
    );
  });
});

describe('vp study summarize', () => {
  it('prints humans by study beside models by name, and leaves an edited file out', async () => {
    const made = JSON.parse(
      (await vp('study', 'make', '--tasks', write('t.json', '[{"world":"fault-api","task":{"profile":"hostile","seed":6}}]'), '--title', 'One task', '--json'))
        .stdout,
    ) as { href: string };
    const study = readStudyParams(new URLSearchParams(made.href.split('?')[1]));
    if (!study.ok) throw new Error(study.error);
    const task = faultApiWorld.makeTask(study.value.tasks[0]!.spec);
    if (!task.ok) throw new Error(task.error);
    const person = async (pseudonym: string, solver: typeof carefulSolver): Promise<Trace> => {
      const played = await runEpisode(faultApiWorld, task.value, solver());
      const { trace } = await replayCalls(
        faultApiWorld,
        task.value,
        played.steps.map((s, i) => ({ call: s.call, extras: { durationMs: 2000 + 17 * i + pseudonym.charCodeAt(0) } })),
        { kind: 'human', name: 'you', hints: false },
        played.stop,
      );
      return { ...trace, meta: startMeta(study.value, pseudonym, 0, 0) };
    };
    const ada = write('ada.jsonl', resultsFile([{ trace: await person('ada', carefulSolver), end: { wallMs: 40_000, timedOut: false } }]));
    const bo = write('bo.jsonl', resultsFile([{ trace: await person('bo', stubbornSolver), end: { wallMs: 20_000, timedOut: false } }]));
    const cheat = JSON.parse(resultsFile([{ trace: await person('cy', stubbornSolver), end: { wallMs: 5_000, timedOut: false } }])) as Trace;
    cheat.scorecard!.reward = 1;
    const cy = write('cy.jsonl', `${JSON.stringify(cheat)}\n`);
    const model = await runEpisode(faultApiWorld, task.value, stubbornSolver());
    const models = write('model.jsonl', `${JSON.stringify({ ...model, agent: { kind: 'model', name: 'm', model: 'mock-model' } })}\n`);

    const text = await vp('study', 'summarize', '--study', made.href, ada, bo, cy, models);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain(`One task (study ${study.value.id}, every run checked against the study): 2 participants, 2 runs counted, 1 left out`);
    expect(text.stdout).toContain(
      `  left out: ${cy} · cy · task 1: edited (--include FILE counts the file)\n    task 1: its checksum does not match its content`,
    );
    expect(text.stdout).toMatch(/all 1 task\s+human \(n = 2\)\s+2\s/);
    expect(text.stdout).toMatch(/all 1 task\s+mock-model \(n = 1\)\s+1\s/);

    const json = await vp('study', 'summarize', '--study', made.href, ada, bo, cy, models, '--json');
    const [b] = (JSON.parse(json.stdout) as { studies: StudyBaseline[] }).studies;
    const humans = b!.rows[0]!.cells[0]!;
    expect(humans.medianTimeMs).toBe(30_000);
    const careful = await runEpisode(faultApiWorld, task.value, carefulSolver());
    const stubborn = await runEpisode(faultApiWorld, task.value, stubbornSolver());
    expect(humans.full.mean).toBeCloseTo((careful.scorecard!.reward + stubborn.scorecard!.reward) / 2, 12);
    expect(b!.rows[0]!.cells[1]!.full.mean).toBeCloseTo(stubborn.scorecard!.reward, 12);
  });
});

describe('vp study summarize --study: the sample held to its study', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vp-hostile-study-'));
  const files: Record<string, string> = {};
  const pilot = join(dir, 'pilot.json');

  beforeAll(async () => {
    const hostile = await hostileStudyFiles();
    for (const [name, text] of Object.entries(hostile.files)) {
      files[name] = join(dir, name);
      writeFileSync(files[name], text);
    }
    writeFileSync(pilot, JSON.stringify({ study: PILOT, href: studyHref(PILOT), url: null }));
  });
  const all = () => Object.values(files);

  it('counts only the participants that remain, and lists every other file with why', async () => {
    const r = await vp('study', 'summarize', '--study', studyHref(PILOT), ...all());
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain(`Pagination pilot (study ${PILOT.id}, every run checked against the study): 2 participants, 4 runs counted`);
    expect(r.stdout).toMatch(/^all 2 tasks\s+human \(n = 2\)\s+4\s/m);
    expect(r.stdout).not.toContain('all 3 tasks');
    // Each file once, its reasons under it.
    const left = (file: string) => {
      const lines = r.stdout.split('\n');
      const at = lines.findIndex((l) => l.startsWith(`  left out: ${files[file]} `));
      const end = lines.findIndex((l, i) => i > at && !l.startsWith('    '));
      return lines.slice(at, end).join('\n');
    };
    expect(left('crowd.jsonl')).toBe(
      `  left out: ${files['crowd.jsonl']} · 10 pseudonyms · 20 runs: several participants in one file (--include FILE counts the file)\n    the file holds runs under 10 pseudonyms (p01, p02, p03, p04 and 6 more): a results file is one participant's`,
    );
    expect(left('eve.jsonl')).toContain(
      "the same runs as another file (--include FILE counts the file)\n    its run of task 1 (eve) is, call for call and to the millisecond, bo's in",
    );
    expect(left('ada-again.jsonl')).toContain('one pseudonym, two files (--include FILE counts the file)\n    the pseudonym ada also has runs in');
    expect(left('cy-relabelled.jsonl')).toContain(' · cy · 3 runs: not of this study\n    its file calls the study "Retry study"');
    expect(left('di-20min.jsonl')).toContain("it was played with a time limit of 20 min per task; the study's is 10 min per task");
    expect(r.stdout.split('\n').filter((l) => l.startsWith(`  left out: ${files['fay-extra-task.jsonl']} `))).toEqual([
      `  left out: ${files['fay-extra-task.jsonl']} · fay · 2 runs: edited (--include FILE counts the file)`,
      `  left out: ${files['fay-extra-task.jsonl']} · fay · task 3: not of this study`,
    ]);
    expect(r.stdout).not.toContain(`left out: ${files['gus.jsonl']}`);
  });

  it('--study FILE (what `vp study make --json` prints) is the same study; --include counts a flagged file by choice', async () => {
    const r = await vp('study', 'summarize', '--study', pilot, '--include', files['bo.jsonl']!, '--include', files['crowd.jsonl']!, ...all(), '--json');
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout) as { checkedAgainst: { id: string; title: string }; studies: StudyBaseline[] };
    expect(s.checkedAgainst).toEqual({ id: PILOT.id, title: 'Pagination pilot' });
    expect(s.studies).toHaveLength(1);
    expect(s.studies[0]!.groups[0]!.label).toBe('human (n = 13)');
    expect(s.studies[0]!.humans.filter((h) => h.file === files['eve.jsonl']).map((h) => h.status)).toEqual(['copy', 'copy']);
    expect(await vp('study', 'summarize', '--study', pilot, '--include', 'nobody.jsonl', ...all())).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--include "nobody.jsonl" names none of the files given'),
    });
  });

  it('without --study it still works, and says plainly that nothing was checked against a study', async () => {
    const r = await vp('study', 'summarize', ...all());
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(UNCHECKED);
    expect(r.stdout).toContain(`study ${PILOT.id}, not checked against the study (its files call it “Pagination pilot” or “Retry study”)`);
    expect(r.stdout).toMatch(/^all 3 tasks the files name\s+human/m);
    const json = await vp('study', 'summarize', ...all(), '--json');
    expect(json.stderr).toBe(`vp study summarize: ${UNCHECKED}`);
    expect(JSON.parse(json.stdout)).toMatchObject({ checkedAgainst: null });
  });

  it('a study file or a tasks file past its limits is refused by size and count, naming the limit', async () => {
    const huge = write('huge-study.json', ' '.repeat(LIMITS.studyLinkChars.value + 1));
    expect(await vp('study', 'summarize', '--study', huge, ...all())).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(`${huge}: 1,048,577 characters, over the studyLinkChars limit of 1 MiB`),
    });
    const rows = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ world: 'fault-api', task: { profile: 'clean', seed: i + 1 } })));
    expect(await vp('study', 'make', '--title', 'T', '--tasks', write('100.json', rows(100)))).toMatchObject({ code: 0 });
    expect(await vp('study', 'make', '--title', 'T', '--tasks', write('101.json', rows(101)))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('101 tasks, over the studyTasks limit of 100'),
    });
    const wide = write('wide.json', JSON.stringify([{ world: 'fault-api', task: { profile: 'clean', seed: 1, pad: 'x'.repeat(2000) } }]));
    expect(await vp('study', 'make', '--title', 'T', '--tasks', wide)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('task 1: a spec of 2,037 characters, over the taskSpecChars limit of 2,000 characters'),
    });
  });
});
