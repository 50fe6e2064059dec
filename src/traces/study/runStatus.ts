import { isJsonObject } from '../../core/json';
import type { Result } from '../../core/result';
import type { BaselineItem, HumanRun, HumanRunStatus } from './baseline';
import { taskKey, type Study } from './definition';
import { fitProblems } from './fit';
import type { StudyRunMeta } from './results';
import { rereads, samePerson, sampleFlags, type FileFlag } from './sample';

/**
 * Which of a study's runs count, and why each other one does not. A run of
 * another study (or of a task, a time limit, an order the study does not have)
 * never counts; every other reason leaves a run out until the reader includes
 * it: by its file where the file is what is in doubt (edited, several
 * participants, a copy, a pseudonym in two files), by itself where the run is
 * (played with hints, a participant's second run of a task).
 */

export interface ClaimedRun {
  item: BaselineItem;
  meta: Result<StudyRunMeta>;
}

export interface RunStatuses {
  humans: HumanRun[];
  /** The runs that count, in order, with their study record. */
  counted: { item: BaselineItem; meta: StudyRunMeta }[];
}

const HINTS = 'played with the verifier’s events revealed (hints); the study never reveals them';

/** Runs whose file lacks some of its participant's runs: a results file holds every task of the study, so a missing line is a run taken out. */
function missingRuns(runs: readonly { item: BaselineItem; meta: StudyRunMeta }[]): Map<string, string[]> {
  const held = new Map<string, { file: string; pseudonym: string; of: number; positions: Set<number> }>();
  for (const { item, meta } of runs) {
    const key = JSON.stringify([item.file, meta.id, meta.pseudonym]);
    const h = held.get(key) ?? { file: item.file, pseudonym: meta.pseudonym, of: meta.of, positions: new Set<number>() };
    h.positions.add(meta.position);
    held.set(key, h);
  }
  const out = new Map<string, string[]>();
  for (const h of held.values()) {
    const gone = Array.from({ length: h.of }, (_, i) => i + 1).filter((p) => !h.positions.has(p));
    if (gone.length)
      out.set(h.file, [
        ...(out.get(h.file) ?? []),
        `the file holds ${h.of - gone.length} of ${h.pseudonym}'s ${h.of} runs (run ${gone.join(', ')} in their order is missing)`,
      ]);
  }
  return out;
}

/** Who and which task a run says it is, read leniently when its record cannot be read whole (0: it names no task). */
function claimedWho(r: ClaimedRun): { pseudonym: string; task: number } {
  if (r.meta.ok) return { pseudonym: r.meta.value.pseudonym, task: r.meta.value.task };
  const raw = r.item.trace.meta?.study;
  const o = isJsonObject(raw) ? raw : {};
  return {
    pseudonym: typeof o.pseudonym === 'string' ? o.pseudonym.slice(0, 40) : '?',
    task: typeof o.task === 'number' && Number.isInteger(o.task) && o.task > 0 ? o.task : 0,
  };
}

/** Without a study to hold them to, only what needs none: a run must be a person's and readable. */
function claimProblems(run: ClaimedRun): string[] {
  if (!run.meta.ok) return [`its study record cannot be read: ${run.meta.error}`];
  return run.item.trace.agent.kind === 'human' ? [] : [`it is recorded as a ${run.item.trace.agent.kind}'s run, not a person's`];
}

export function runStatuses(runs: readonly ClaimedRun[], study: Study | null, include: ReadonlySet<string>, fileName: (file: string) => string): RunStatuses {
  const foreign = new Map(runs.map((r) => [r.item.id, study ? fitProblems(study, r.item.trace, r.meta) : claimProblems(r)]));
  const fitting = runs.flatMap((r) => (r.meta.ok && !foreign.get(r.item.id)!.length ? [{ item: r.item, meta: r.meta.value }] : []));
  const reread = rereads(fitting.map(({ item }) => item));
  const fresh = fitting.filter(({ item }) => !reread.has(item.id));
  const missing = missingRuns(fresh);
  const strayIn = new Set(runs.filter((r) => foreign.get(r.item.id)!.length).map((r) => r.item.file));
  const failed = new Set(fresh.filter(({ item }) => item.check && !item.check.verified).map(({ item }) => item.file));
  const flags = sampleFlags(
    fresh.map(({ item, meta }) => ({ id: item.id, file: item.file, pseudonym: meta.pseudonym, task: meta.task, trace: item.trace })),
    fileName,
    (file) => !failed.has(file) && !missing.has(file) && !strayIn.has(file),
  );
  const humans: HumanRun[] = [];
  const counted: RunStatuses['counted'] = [];
  const seen = new Set<string>();
  for (const r of runs) {
    const { item } = r;
    const base = { id: item.id, file: item.file, ...claimedWho(r) };
    const why = foreign.get(item.id)!;
    if (why.length) {
      humans.push({ ...base, status: 'foreign', problems: why, includable: null });
      continue;
    }
    const meta = (r.meta as { ok: true; value: StudyRunMeta }).value;
    const again = reread.get(item.id);
    if (again !== undefined) {
      humans.push({
        ...base,
        status: 'duplicate',
        problems: [`the file is ${fileName(again)} read again (each of its runs is one of that file's, exactly): counted once`],
        includable: null,
      });
      continue;
    }
    const check = item.check;
    const fileFlags: { flag: FileFlag; problem: string }[] = flags.get(item.file) ?? [];
    const stray = strayIn.has(item.file);
    const edited = failed.has(item.file) || missing.has(item.file) || stray;
    const problems = [
      ...(check?.problems ?? []),
      ...(missing.get(item.file) ?? []),
      ...(failed.has(item.file) && check?.verified ? ['another run in the same file does not replay as recorded'] : []),
      ...(stray ? ['the same file holds a run that is not of this study (listed with why): it is not a results file as the study page writes it'] : []),
      ...fileFlags.map((f) => f.problem),
      ...(check?.hints ? [HINTS] : []),
    ];
    const included = include.has(item.file) || include.has(item.id);
    let status: HumanRunStatus = !check
      ? 'pending'
      : included
        ? 'included'
        : edited
          ? 'edited'
          : fileFlags.length
            ? fileFlags[0]!.flag
            : check.hints
              ? 'hints'
              : 'counted';
    let includable: HumanRun['includable'] = !check ? null : edited || fileFlags.length ? 'file' : check.hints ? 'run' : null;
    if (status === 'counted' || status === 'included') {
      // A participant's second run of a task never counts beside the first unless the reader names that run itself.
      const who = `${samePerson(meta.pseudonym)}\n${taskKey(item.trace.world, item.trace.task)}`;
      if (seen.has(who) && !include.has(item.id)) {
        status = 'duplicate';
        includable = 'run';
        problems.push(`${meta.pseudonym} has another run of this task, listed first`);
      }
      seen.add(who);
    }
    if (status === 'included') includable = include.has(item.file) ? 'file' : 'run';
    humans.push({ ...base, status, problems, includable });
    if (status === 'counted' || status === 'included') counted.push({ item, meta });
  }
  return { humans, counted };
}
