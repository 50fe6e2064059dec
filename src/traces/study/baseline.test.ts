import { describe, expect, it } from 'vitest';
import type { Agent } from '../../core/agent';
import { runEpisode } from '../../core/episode';
import type { AgentInfo, Task, Trace } from '../../core/types';
import { faultApiWorld } from '../../worlds/fault-api/index';
import { carefulSolver, stubbornSolver, trustingSolver } from '../../worlds/fault-api/solvers';
import { parseTrace } from '../native';
import { replayCalls } from '../replay';
import { buildBaselines, type BaselineItem } from './baseline';
import { baselineCsv, baselineSvg, BASELINE_CSV_HEAD } from './baselineFiles';
import { makeStudy, type Study } from './definition';
import { readPseudonym, taskOrder } from './order';
import { resultsFile, resultsFileName, startMeta, studyMetaOf } from './results';
import { checkStudyRun } from './verify';

const task = (profile: string, seed: number): Task => {
  const t = faultApiWorld.makeTask({ profile, seed });
  if (!t.ok) throw new Error(t.error);
  return t.value;
};
const TASKS = [task('clean', 1), task('realistic', 1), task('hostile', 1)];

const made = makeStudy({
  title: 'Fault baseline',
  instructions: '',
  tasks: TASKS.map((t) => ({ world: 'fault-api', spec: t.spec })),
  order: 'shuffled',
  timeLimitS: null,
  minutes: 10,
  showScores: false,
});
if (!made.ok) throw new Error(made.error);
const STUDY: Study = made.value;

const HUMAN: AgentInfo = { kind: 'human', name: 'you', hints: false };

/** A person's time on a call, as the page's clock measures it: no two people take the same milliseconds. */
const durationOf = (pseudonym: string, step: number) => 1200 + 37 * step + ([...pseudonym].reduce((a, c) => a * 31 + c.charCodeAt(0), 7) % 900);

/** A person's run as the study page records it: a solver's calls, played as a human, with the study's meta. */
async function humanRun(agent: () => Agent, taskIndex: number, pseudonym: string, position: number): Promise<Trace> {
  const t = TASKS[taskIndex]!;
  const played = await runEpisode(faultApiWorld, t, agent());
  const { trace } = await replayCalls(
    faultApiWorld,
    t,
    played.steps.map((s, i) => ({ call: s.call, extras: { durationMs: durationOf(pseudonym, i) } })),
    HUMAN,
    played.stop,
  );
  return { ...trace, meta: startMeta(STUDY, pseudonym, taskIndex, position) };
}

/** A participant's results file, read back line by line as an importer reads it. */
async function participant(pseudonym: string, agent: () => Agent, wallMs: number[]): Promise<Trace[]> {
  const order = taskOrder(STUDY, pseudonym);
  const runs = await Promise.all(
    order.map(async (ti, pos) => ({ trace: await humanRun(agent, ti, pseudonym, pos), end: { wallMs: wallMs[ti]!, timedOut: false } })),
  );
  return resultsFile(runs)
    .trim()
    .split('\n')
    .map((line) => {
      const t = parseTrace(line);
      if (!t.ok) throw new Error(t.error);
      return t.value;
    });
}

const modelRun = async (agent: () => Agent, t: Task): Promise<Trace> => {
  const trace = await runEpisode(faultApiWorld, t, agent());
  return { ...trace, agent: { kind: 'model', name: 'model', model: 'mock-model' } };
};

async function checked(traces: Trace[], prefix: string): Promise<BaselineItem[]> {
  return Promise.all(traces.map(async (trace, i) => ({ id: `${prefix}:${i}`, file: prefix, trace, check: await checkStudyRun(faultApiWorld, trace) })));
}

describe('participants', () => {
  it('a pseudonym is checked and normalised', () => {
    expect(readPseudonym('  blue   heron ')).toEqual({ ok: true, value: 'blue heron' });
    expect(readPseudonym('')).toMatchObject({ ok: false, error: 'choose a pseudonym: any name that is not your own' });
    expect(readPseudonym('<script>')).toMatchObject({ ok: false });
    expect(readPseudonym('x'.repeat(41))).toMatchObject({ ok: false, error: expect.stringContaining('at most 40') });
  });

  it('a shuffled order is a permutation fixed by study and pseudonym; a fixed order is the list', () => {
    const a = taskOrder(STUDY, 'ada');
    expect([...a].sort()).toEqual([0, 1, 2]);
    expect(taskOrder(STUDY, ' ada ')).toEqual(a);
    const orders = new Set(['ada', 'bo', 'cy', 'di', 'ed', 'fay', 'gus', 'hal'].map((p) => taskOrder(STUDY, p).join()));
    expect(orders.size).toBeGreaterThan(2);
    expect(taskOrder({ ...STUDY, order: 'fixed' }, 'ada')).toEqual([0, 1, 2]);
  });

  it('the results file names the study and the participant, and every run carries its study record', async () => {
    const traces = await participant('ada', carefulSolver, [60_000, 90_000, 120_000]);
    expect(resultsFileName(STUDY, 'Ada L.')).toBe(`study-fault-baseline-${STUDY.id.slice(0, 6)}-ada-l.jsonl`);
    expect(traces).toHaveLength(3);
    const order = taskOrder(STUDY, 'ada');
    traces.forEach((t, pos) => {
      const meta = studyMetaOf(t);
      expect(meta).toMatchObject({
        ok: true,
        value: {
          id: STUDY.id,
          pseudonym: 'ada',
          task: order[pos]! + 1,
          position: pos + 1,
          of: 3,
          wallMs: [60_000, 90_000, 120_000][order[pos]!],
          timedOut: false,
        },
      });
      expect(t.steps.map((s) => s.durationMs)).toEqual(t.steps.map((_, i) => durationOf('ada', i)));
    });
  });
});

describe('replay verification of study runs', () => {
  it('an untouched run verifies; a changed score, a removed step or a changed result is flagged with why', async () => {
    const [run] = await participant('ada', carefulSolver, [1, 2, 3]);
    expect(await checkStudyRun(faultApiWorld, run!)).toMatchObject({ verified: true, problems: [], hints: false });

    const rescored = structuredClone(run!);
    rescored.scorecard!.reward = 0.25;
    const a = await checkStudyRun(faultApiWorld, rescored);
    expect(a.verified).toBe(false);
    expect(a.problems).toContain('its checksum does not match its content: the file was edited after it was downloaded');
    expect(a.problems.join('\n')).toMatch(/the file says full 0\.25 PASS; its replay scores 1\.00 PASS/);

    const shorter = structuredClone(run!);
    shorter.steps.splice(1, 1);
    shorter.steps.forEach((s, i) => (s.index = i));
    const b = await checkStudyRun(faultApiWorld, shorter);
    expect(b.verified).toBe(false);
    expect(b.problems.join('\n')).toMatch(/step 2 does not replay as recorded/);

    const noChecksum = structuredClone(run!);
    delete (noChecksum.meta!.study as Record<string, unknown>).checksum;
    expect((await checkStudyRun(faultApiWorld, noChecksum)).problems).toEqual(['it has no checksum: it is not a results file as the study page writes it']);

    const hinted = structuredClone(run!);
    hinted.agent.hints = true;
    expect(await checkStudyRun(faultApiWorld, hinted)).toMatchObject({ hints: true, verified: false });
  });
});

describe('human baselines beside models', () => {
  it('groups the participants as the study, each model by name, per task and overall, with what was left out', async () => {
    const ada = await participant('ada', carefulSolver, [60_000, 90_000, 120_000]);
    const bo = await participant('bo', stubbornSolver, [30_000, 45_000, 50_000]);
    const cy = await participant('cy', trustingSolver, [10_000, 20_000, 30_000]);
    // cy edits a score: flagged and left out; then included by the reader.
    cy[0]!.scorecard!.reward = 1;
    const models = await Promise.all(TASKS.flatMap((t) => [modelRun(stubbornSolver, t), modelRun(stubbornSolver, t)]));
    const other = await runEpisode(faultApiWorld, task('clean', 9), carefulSolver());
    const items: BaselineItem[] = [
      ...(await checked(ada, 'ada')),
      ...(await checked(bo, 'bo')),
      ...(await checked(cy, 'cy')),
      ...models.map((trace, i) => ({ id: `m:${i}`, file: 'models', trace })),
      // A model run on a task outside the study is not beside the humans.
      { id: 'other', file: 'models', trace: { ...other, agent: { kind: 'model', name: 'model', model: 'mock-model' } } },
    ];
    const [b] = buildBaselines(items, { study: STUDY });
    expect(b!.id).toBe(STUDY.id);
    expect(b!.groups.map((g) => g.label)).toEqual(['human (n = 2)', 'mock-model (n = 6)']);
    expect(b!.tasks.map((t) => t.label)).toEqual(['fault-api · clean seed 1', 'fault-api · realistic seed 1', 'fault-api · hostile seed 1']);
    // One edited run leaves its whole file out.
    const cyStatus = b!.humans.filter((h) => h.pseudonym === 'cy');
    expect(cyStatus.map((h) => h.status)).toEqual(['edited', 'edited', 'edited']);
    expect(cyStatus.filter((h) => h.problems.includes('another run in the same file does not replay as recorded'))).toHaveLength(2);

    // Independently: the same figures from the traces themselves.
    const rewards = (ts: Trace[]) => ts.map((t) => t.scorecard!.reward);
    const humans = [...ada, ...bo];
    const [overall] = b!.rows;
    const h = overall!.cells[0]!;
    expect(h.n).toBe(6);
    const hr = rewards(humans);
    const m = hr.reduce((a, x) => a + x, 0) / hr.length;
    expect(h.full.mean).toBeCloseTo(m, 12);
    const sd = Math.sqrt(hr.reduce((a, x) => a + (x - m) ** 2, 0) / (hr.length - 1));
    expect(h.full.lo).toBeCloseTo(Math.max(0, m - (2.570581836 * sd) / Math.sqrt(6)), 8);
    expect(h.passFull.count).toBe(humans.filter((t) => t.scorecard!.verdict.full === 'PASS').length);
    expect(h.naivePassFullFail.count).toBe(humans.filter((t) => t.scorecard!.verdict.naive === 'PASS' && t.scorecard!.verdict.full === 'FAIL').length);
    expect(h.medianTimeMs).toBe((50_000 + 60_000) / 2);
    const model = overall!.cells[1]!;
    expect(model.n).toBe(6);
    expect(model.full.mean).toBeCloseTo(rewards(models).reduce((a, x) => a + x, 0) / 6, 12);
    expect(model.gap).toBeCloseTo(models.reduce((a, t) => a + t.scorecard!.naive - t.scorecard!.reward, 0) / 6, 12);
    const hostile = b!.rows.find((r) => r.task?.label === 'fault-api · hostile seed 1')!;
    expect(hostile.cells[0]!.n).toBe(2);
    expect(hostile.cells[1]!.n).toBe(2);

    // Included by the reader: counted, with its replay's score, not the edited one.
    const [withCy] = buildBaselines(items, { study: STUDY, include: new Set(['cy']) });
    expect(withCy!.humans.filter((x) => x.file === 'cy').map((x) => x.status)).toEqual(['included', 'included', 'included']);
    expect(withCy!.groups[0]!.label).toBe('human (n = 3)');
    const cyTask = withCy!.rows.find((r) => r.task?.number === 1)!;
    const replayed = await runEpisode(faultApiWorld, TASKS[0]!, trustingSolver());
    expect(cyTask.cells[0]!.full.mean).toBeCloseTo(
      (ada[taskOrder(STUDY, 'ada').indexOf(0)]!.scorecard!.reward + bo[taskOrder(STUDY, 'bo').indexOf(0)]!.scorecard!.reward + replayed.scorecard!.reward) / 3,
      12,
    );

    const csv = baselineCsv([b!]);
    expect(csv.split('\r\n')[0]).toBe(BASELINE_CSV_HEAD.join(','));
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + 4 * 2);
    expect(csv).toContain(`${STUDY.id},Fault baseline,all 3 tasks,human,human,2,6,${h.full.mean}`);
    const svg = baselineSvg([b!]);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('human (n = 2)');
    expect(svg).not.toContain('<script');
  });

  it('a run played in this browser is not a result; a second run of the same task by the same person is a duplicate', async () => {
    const ada = await participant('ada', carefulSolver, [1, 2, 3]);
    const items = await checked([...ada, ada[0]!], 'f');
    const [b] = buildBaselines([...items, { id: 'here', file: 'here', trace: ada[1]!, playedHere: true }]);
    expect(b!.humans.map((h) => h.status)).toEqual(['counted', 'counted', 'counted', 'duplicate']);
    expect(b!.humans[3]!.problems).toEqual(['ada has another run of this task, listed first']);
    expect(b!.humans[3]!.includable).toBe('run');
    expect(b!.rows[0]!.cells[0]!.n).toBe(3);
  });

  it('a file without one of its runs is left out whole', async () => {
    const ada = await participant('ada', carefulSolver, [1, 2, 3]);
    const bo = await participant('bo', carefulSolver, [1, 2, 3]);
    const [b] = buildBaselines([...(await checked(ada.slice(0, 2), 'ada')), ...(await checked(bo, 'bo'))]);
    expect(b!.humans.filter((h) => h.file === 'ada').map((h) => [h.status, h.problems])).toEqual([
      ['edited', ["the file holds 2 of ada's 3 runs (run 3 in their order is missing)"]],
      ['edited', ["the file holds 2 of ada's 3 runs (run 3 in their order is missing)"]],
    ]);
    expect(b!.groups[0]!.label).toBe('human (n = 1)');
  });
});
