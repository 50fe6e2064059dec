import { createStore, type StoreApi } from 'zustand/vanilla';
import type { JsonObject } from '../../core/json';
import type { Task, Trace } from '../../core/types';
import type { World } from '../../core/world';
import { describeLimit, type Study } from '../../traces/study/definition';
import { readPseudonym, taskOrder } from '../../traces/study/order';
import { resultsFile, resultsFileName, startMeta } from '../../traces/study/results';
import type { HumanDriver } from '../live/humanDriver';
import { freshProgress, progressKey, readProgress, type KeyValue, type StudyProgress } from './progress';

/** Where the participant is: derived from the progress, never kept beside it. */
export type StudyPhase =
  | { kind: 'intro' }
  /** Before task `position` (from 0): its clock has not started. */
  | { kind: 'ready'; position: number }
  | { kind: 'playing'; position: number }
  /** Every task has ended: the results file is ready to download. */
  | { kind: 'done' }
  | { kind: 'thanks' };

export function phaseOf(p: StudyProgress | null): StudyPhase {
  if (!p) return { kind: 'intro' };
  const position = p.tasks.findIndex((t) => t.endedAt === null);
  if (position < 0) return p.downloadedAt === null ? { kind: 'done' } : { kind: 'thanks' };
  return p.tasks[position]!.run === null ? { kind: 'ready', position } : { kind: 'playing', position };
}

/** One task's outcome, for the thank-you page of a study that shows scores. */
export interface TaskScore {
  position: number;
  task: number;
  title: string;
  reward: number;
  naive: number;
  full: 'PASS' | 'FAIL';
  timedOut: boolean;
}

export interface StudyState {
  progress: StudyProgress | null;
  /** The run of the task being played, once it is open. */
  driver: HumanDriver | null;
  /** Wall clock, moved by the timer while a timed task is played. */
  now: number;
  busy: boolean;
  problem: string | null;
  /** Filled by `results()`: what the thank-you page may show. */
  scores: TaskScore[] | null;
}

export interface StudyDeps {
  progress: KeyValue;
  /** Wall clock (ms since the epoch): a reload must not restart a task's clock. */
  now(): number;
  runs: {
    start(world: World, task: Task, meta: JsonObject): Promise<HumanDriver>;
    get(id: string, world: World): Promise<HumanDriver>;
  };
  /** The study's worlds, loaded before the session is made. */
  world(id: string): World;
  /** Calls `fn` every `ms` until the returned function is called (setInterval in the page). */
  every(ms: number, fn: () => void): () => void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export { describeLimit };

/**
 * A participant going through a study, in one tab: the pseudonym, the tasks
 * in their order one by one (each a person's run, saved after every step by
 * the live controller), the clock when the study has a time limit, and the
 * results file at the end. What is on screen is a function of the progress
 * kept in this browser, so a reload resumes where they were.
 */
export class StudySession {
  readonly store: StoreApi<StudyState>;
  readonly order: () => number[];
  private unsubscribe: (() => void) | null = null;
  private stopTimer: (() => void) | null = null;
  private timingOut = false;

  constructor(
    readonly study: Study,
    private readonly deps: StudyDeps,
  ) {
    this.store = createStore<StudyState>()(() => ({ progress: null, driver: null, now: deps.now(), busy: false, problem: null, scores: null }));
    this.order = () => taskOrder(study, this.state.progress?.pseudonym ?? '');
  }

  get state(): StudyState {
    return this.store.getState();
  }

  get phase(): StudyPhase {
    return phaseOf(this.state.progress);
  }

  /** The study task (index into `study.tasks`) played at `position`. */
  taskAt(position: number): number {
    return this.order()[position]!;
  }

  /** Reads the progress kept in this browser and reopens the task under way, if one is. */
  async load(): Promise<void> {
    const raw = this.deps.progress.get(progressKey(this.study.id));
    if (raw !== null) {
      const p = readProgress(raw, this.study);
      if (p.ok) this.store.setState({ progress: p.value });
      else
        this.store.setState({
          problem: `Your place in this study could not be read (${p.error}); your runs are still in this browser’s library. Start again below.`,
        });
    }
    await this.openCurrent();
  }

  /**
   * Another tab of this browser moved the study on (the place is shared through
   * localStorage): follow it, and reopen the task it is on. That task's run is
   * written by the other tab, so here it opens read-only until taken over.
   */
  async follow(): Promise<void> {
    const raw = this.deps.progress.get(progressKey(this.study.id));
    const p = raw === null ? null : readProgress(raw, this.study);
    const next = p?.ok ? p.value : null;
    if (JSON.stringify(next) === JSON.stringify(this.state.progress)) return;
    const phase = phaseOf(next);
    const current = this.state.driver;
    if (current && !(phase.kind === 'playing' && next!.tasks[phase.position]!.run === current.id)) this.detach();
    this.store.setState({ progress: next, scores: null });
    await this.openCurrent();
  }

  /** The participant's pseudonym: the progress starts, or why the name is refused. */
  begin(raw: string): string | null {
    const p = readPseudonym(raw);
    if (!p.ok) return p.error;
    this.save(freshProgress(this.study, p.value));
    return null;
  }

  /** Start the task at the current position: its run opens and its clock starts. */
  async startTask(): Promise<void> {
    const phase = this.phase;
    const progress = this.state.progress;
    if (phase.kind !== 'ready' || !progress || this.state.busy) return;
    this.store.setState({ busy: true, problem: null });
    try {
      const index = this.taskAt(phase.position);
      const { world, task } = this.taskOf(index);
      const driver = await this.deps.runs.start(world, task, startMeta(this.study, progress.pseudonym, index, phase.position));
      const tasks = progress.tasks.slice();
      tasks[phase.position] = { run: driver.id, startedAt: this.deps.now(), endedAt: null, timedOut: false };
      this.save({ ...progress, tasks });
      this.attach(driver, phase.position);
    } catch (e) {
      this.store.setState({ problem: `The task could not start: ${message(e)}` });
    } finally {
      this.store.setState({ busy: false });
    }
  }

  /** A task whose run cannot be reopened (it was never saved: storage failed) is played again from its start. */
  restartTask(): void {
    const phase = this.phase;
    const progress = this.state.progress;
    if (phase.kind !== 'playing' || !progress || this.state.driver) return;
    const tasks = progress.tasks.slice();
    tasks[phase.position] = { run: null, startedAt: null, endedAt: null, timedOut: false };
    this.save({ ...progress, tasks });
    this.store.setState({ problem: null });
  }

  /** Seconds left on the current task, when the study has a limit and the task's clock runs. */
  remainingMs(): number | null {
    const phase = this.phase;
    const limit = this.study.timeLimitS;
    if (limit === null || phase.kind !== 'playing') return null;
    const started = this.state.progress!.tasks[phase.position]!.startedAt;
    return started === null ? null : Math.max(0, started + limit * 1000 - this.state.now);
  }

  /**
   * The results file: every task's trace (read from this tab or from storage),
   * with its wall time and a checksum, in the order played. Fills `scores`.
   */
  async results(): Promise<{ text: string; name: string }> {
    const progress = this.state.progress;
    if (!progress || this.phase.kind === 'intro' || this.phase.kind === 'ready' || this.phase.kind === 'playing') throw new Error('the study is not finished');
    const runs: { trace: Trace; end: { wallMs: number; timedOut: boolean } }[] = [];
    const scores: TaskScore[] = [];
    for (const [position, t] of progress.tasks.entries()) {
      const index = this.taskAt(position);
      const { world, task } = this.taskOf(index);
      const driver = await this.deps.runs.get(t.run!, world);
      const trace = driver.live.trace;
      if (!trace.stop || !trace.scorecard) throw new Error(`task ${position + 1} has not ended`);
      runs.push({ trace, end: { wallMs: (t.endedAt ?? 0) - (t.startedAt ?? 0), timedOut: t.timedOut } });
      const card = trace.scorecard;
      scores.push({ position, task: index + 1, title: task.title, reward: card.reward, naive: card.naive, full: card.verdict.full, timedOut: t.timedOut });
    }
    this.store.setState({ scores });
    return { text: resultsFile(runs), name: resultsFileName(this.study, progress.pseudonym) };
  }

  /** The file left the page: the thank-you page from here on (a reload keeps it). */
  downloaded(): void {
    const progress = this.state.progress;
    if (progress && progress.downloadedAt === null) this.save({ ...progress, downloadedAt: this.deps.now() });
  }

  /** Another participant on this computer: this one's place is forgotten (their runs stay in the library). */
  leave(): void {
    if (this.phase.kind !== 'thanks') return;
    this.detach();
    this.deps.progress.remove(progressKey(this.study.id));
    this.store.setState({ progress: null, scores: null, problem: null });
  }

  private taskOf(index: number): { world: World; task: Task } {
    const t = this.study.tasks[index]!;
    const world = this.deps.world(t.world);
    const task = world.makeTask(t.spec);
    if (!task.ok) throw new Error(`task ${index + 1} is not a task of ${t.world}: ${task.error}`);
    return { world, task: task.value };
  }

  private save(progress: StudyProgress): void {
    try {
      this.deps.progress.set(progressKey(this.study.id), JSON.stringify(progress));
      this.store.setState({ progress });
    } catch (e) {
      // The tab goes on; only a reload would lose the place (the runs are saved on their own).
      this.store.setState({
        progress,
        problem: `Your place in the study could not be saved in this browser (${message(e)}): do not reload this page until you have downloaded your results.`,
      });
    }
  }

  private async openCurrent(): Promise<void> {
    const phase = this.phase;
    if (phase.kind !== 'playing' || this.state.driver) return;
    const t = this.state.progress!.tasks[phase.position]!;
    const { world } = this.taskOf(this.taskAt(phase.position));
    try {
      this.attach(await this.deps.runs.get(t.run!, world), phase.position);
    } catch (e) {
      this.store.setState({ problem: `Task ${phase.position + 1} could not be reopened: ${message(e)}` });
    }
  }

  private attach(driver: HumanDriver, position: number): void {
    this.detach();
    this.store.setState({ driver, now: this.deps.now() });
    const check = () => {
      if (driver.live.trace.stop) this.finish(position);
    };
    this.unsubscribe = driver.live.store.subscribe(check);
    if (this.study.timeLimitS !== null) {
      this.stopTimer = this.deps.every(1000, () => this.tick());
      this.tick();
    }
    check();
  }

  private tick(): void {
    this.store.setState({ now: this.deps.now() });
    const driver = this.state.driver;
    if (this.remainingMs() !== 0 || !driver || driver.live.finished || this.timingOut) return;
    this.timingOut = true;
    const limit = describeLimit(this.study.timeLimitS!);
    void driver.live
      .end({ reason: 'budget', terminated: false, truncated: true, detail: `the study's time limit of ${limit} per task ran out` })
      .finally(() => (this.timingOut = false));
  }

  private finish(position: number): void {
    const progress = this.state.progress;
    const t = progress?.tasks[position];
    const driver = this.state.driver;
    if (!progress || !t || t.endedAt !== null || !driver) return;
    const timedOut = driver.live.trace.stop?.reason === 'budget' && /time limit/.test(driver.live.trace.stop.detail ?? '');
    const limitEnd = this.study.timeLimitS !== null && t.startedAt !== null ? t.startedAt + this.study.timeLimitS * 1000 : Infinity;
    const tasks = progress.tasks.slice();
    // A task found timed out after a reload ended when its time did, not when the page came back.
    tasks[position] = { ...t, endedAt: timedOut ? Math.min(this.deps.now(), limitEnd) : this.deps.now(), timedOut };
    this.detach();
    this.save({ ...progress, tasks });
  }

  private detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.stopTimer?.();
    this.stopTimer = null;
    this.store.setState({ driver: null });
  }
}
