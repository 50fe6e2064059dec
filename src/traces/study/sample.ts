import { canonicalJson } from '../../core/json';
import type { Trace } from '../../core/types';
import { normalisePseudonym } from './order';

/**
 * The make-up of the sample: who the runs say they are, checked across files.
 * A results file is one participant's, so a file naming several pseudonyms,
 * a file whose runs are another file's step for step and to the millisecond
 * (a copy with the pseudonym changed and the checksum recomputed), and a
 * pseudonym with runs in two files are each flagged, on every file concerned:
 * which of two files is the copy cannot be known. Replay cannot see any of
 * this: each such run replays as recorded.
 */

export interface SampleRun {
  id: string;
  file: string;
  pseudonym: string;
  task: number;
  trace: Trace;
}

export type FileFlag = 'several' | 'copy' | 'reused';

/** Per file: each flag with the sentence that says why. */
export type SampleFlags = Map<string, { flag: FileFlag; problem: string }[]>;

/** Pseudonyms compared as people read them: case and spacing aside. */
export const samePerson = (p: string) => normalisePseudonym(p).toLowerCase();

/**
 * What a person did and when: the calls in order with each one's recorded
 * duration. Null without a single duration: two people may well make the same
 * calls, but not to the millisecond.
 */
function behaviour(t: Trace): string | null {
  if (!t.steps.some((s) => s.durationMs !== undefined)) return null;
  return canonicalJson([t.world, t.task, t.steps.map((s) => [s.call.name, s.call.arguments, s.durationMs ?? null])]);
}

const list = (xs: readonly string[], max = 4) => (xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`);

/**
 * Files read again: a file every run of which is, exactly, a run of one
 * earlier file is that file read twice (counted once, and no copy). By run
 * id, the earlier file.
 */
export function rereads(runs: readonly Pick<SampleRun, 'id' | 'file' | 'trace'>[]): Map<string, string> {
  const contentOf = new Map(runs.map((r) => [r.id, canonicalJson(r.trace)]));
  const firstFile = new Map<string, string>();
  const held = new Map<string, Set<string>>();
  const filesInOrder: string[] = [];
  for (const r of runs) {
    const c = contentOf.get(r.id)!;
    if (!firstFile.has(c)) firstFile.set(c, r.file);
    if (!held.has(r.file)) {
      held.set(r.file, new Set());
      filesInOrder.push(r.file);
    }
    held.get(r.file)!.add(c);
  }
  const rereadOf = new Map<string, string>();
  for (const file of filesInOrder) {
    const contents = [...held.get(file)!];
    const earlier = firstFile.get(contents[0]!)!;
    if (earlier !== file && contents.every((c) => held.get(earlier)!.has(c))) rereadOf.set(file, earlier);
  }
  const reread = new Map<string, string>();
  for (const r of runs) if (rereadOf.has(r.file)) reread.set(r.id, rereadOf.get(r.file)!);
  return reread;
}

/**
 * The flags on each file, over runs none of which is a file read again. A
 * file `implicates` no other when it is already left out as not what the
 * study page wrote (edited, a run missing): a copy that fails its checksum
 * leaves the file it copied counted.
 */
export function sampleFlags(fresh: readonly SampleRun[], fileName: (file: string) => string, implicates: (file: string) => boolean): SampleFlags {
  const files: SampleFlags = new Map();
  const flag = (file: string, f: FileFlag, problem: string) => {
    const held = files.get(file) ?? [];
    if (!held.some((h) => h.problem === problem)) held.push({ flag: f, problem });
    files.set(file, held);
  };
  const byFile = new Map<string, Map<string, string>>();
  for (const r of fresh) {
    const names = byFile.get(r.file) ?? new Map<string, string>();
    if (!names.has(samePerson(r.pseudonym))) names.set(samePerson(r.pseudonym), r.pseudonym);
    byFile.set(r.file, names);
  }
  for (const [file, names] of byFile)
    if (names.size > 1)
      flag(file, 'several', `the file holds runs under ${names.size} pseudonyms (${list([...names.values()])}): a results file is one participant's`);

  const byPerson = new Map<string, { shown: string; files: string[] }>();
  for (const r of fresh) {
    const key = samePerson(r.pseudonym);
    const p = byPerson.get(key) ?? { shown: r.pseudonym, files: [] };
    if (!p.files.includes(r.file)) p.files.push(r.file);
    byPerson.set(key, p);
  }
  for (const p of byPerson.values())
    for (const file of p.files) {
      const others = p.files.filter((f) => f !== file && implicates(f));
      if (others.length) flag(file, 'reused', `the pseudonym ${p.shown} also has runs in ${list(others.map(fileName))}: one participant has one results file`);
    }

  const byBehaviour = new Map<string, SampleRun[]>();
  for (const r of fresh) {
    const b = behaviour(r.trace);
    if (b !== null) byBehaviour.set(b, [...(byBehaviour.get(b) ?? []), r]);
  }
  for (const same of byBehaviour.values())
    for (const r of same) {
      const others = same.filter((o) => o.file !== r.file && samePerson(o.pseudonym) !== samePerson(r.pseudonym) && implicates(o.file));
      if (others.length)
        flag(
          r.file,
          'copy',
          `its run of task ${r.task} (${r.pseudonym}) is, call for call and to the millisecond, ${list(others.map((o) => `${o.pseudonym}'s in ${fileName(o.file)}`))}: one is a copy of the other`,
        );
    }
  return files;
}
