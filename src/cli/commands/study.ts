import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { canonicalJson, isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import { LIMITS, overLimit } from '../../core/limits';
import { err, ok } from '../../core/result';
import type { World } from '../../core/world';
import { buildBaselines, type BaselineItem, type StudyBaseline } from '../../traces/study/baseline';
import { makeStudy, normaliseTasks, specSizeProblem, type Study, type StudyDraft, type StudyTask } from '../../traces/study/definition';
import { BASELINE_COLUMNS, cellTexts, groupProblems, leftOutGroups, STATUS_LABEL, taskName } from '../../traces/study/format';
import { rowName, studyName } from '../../traces/study/baselineFiles';
import { readGivenStudy } from '../../traces/study/given';
import { linkSizeProblem, studyHref, studyLinkProblem } from '../../traces/study/link';
import { studyMetaOf } from '../../traces/study/results';
import { checkStudyRun } from '../../traces/study/verify';
import { CliError, readTextFile, table } from '../io';
import { importFiles } from './importFiles';

export interface MakeOptions {
  tasksFile: string | undefined;
  title: string | undefined;
  shuffle: boolean;
  timeLimitS: number | null;
  minutes: number | null;
  showScores: boolean;
  /** The site's address, to print a whole link; without it, the part after the address. */
  site: string | undefined;
}

export interface MadeStudy {
  study: Study;
  href: string;
  url: string | null;
}

/**
 * A study's file as text, its size checked before anything in it is parsed:
 * a file of more than 4 bytes a character cannot be within the limit, so it
 * is not read at all.
 */
export function readStudyFile(file: string): string {
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const limit = LIMITS.studyLinkChars.value;
  if (bytes > 4 * limit) throw new CliError(overLimit('studyLinkChars', file, `${bytes.toLocaleString('en-US')} bytes`));
  const text = readTextFile(file, 4 * limit);
  const tooLong = linkSizeProblem(text, file);
  if (tooLong) throw new CliError(tooLong);
  return text;
}

/** The file's rows: a JSON array or object, or JSON lines. */
function readRows(file: string): Json {
  const text = readStudyFile(file);
  const whole = tryParseJson(text);
  if (whole.ok) return whole.value;
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((line, i) => {
      const p = tryParseJson(line);
      if (!p.ok) throw new CliError(`${file} line ${i + 1} is not JSON: ${p.error}`);
      return p.value;
    });
}

/** A task row as `vp tasks --json` writes it ({world, task, …}) or as a study writes it ({world, spec}). */
function readTask(row: Json, i: number, file: string): StudyTask {
  if (!isJsonObject(row) || typeof row.world !== 'string')
    throw new CliError(`${file}: task ${i + 1} must be {"world": …, "task": {…}} (a row of vp tasks --json)`);
  const spec = row.task ?? row.spec;
  if (!isJsonObject(spec)) throw new CliError(`${file}: task ${i + 1} has no task spec object ("task": {…})`);
  const tooBig = specSizeProblem(canonicalJson(spec).length, `${file}: task ${i + 1}`);
  if (tooBig) throw new CliError(tooBig);
  return { world: row.world, spec };
}

function siteUrl(site: string, href: string): string {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    throw new CliError(`--site must be the site's address, like https://example.org/verifier-playground/, got ${JSON.stringify(site)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CliError(`--site must be an http(s) address, got ${JSON.stringify(site)}`);
  url.hash = '';
  return `${url.toString()}${href}`;
}

/**
 * `vp study make`: the tasks file (a list of tasks, or a study object with
 * title, instructions, minutes and tasks) with the options on top, each task
 * made by its world (so the link spells it as traces will), as a link.
 */
export function makeStudyLink(opts: MakeOptions, worlds: readonly World[]): MadeStudy {
  if (opts.tasksFile === undefined) throw new CliError('study make needs --tasks FILE (a JSON list of {"world", "task"}, e.g. rows of vp tasks --json)');
  const raw = readRows(opts.tasksFile);
  const file: JsonObject = isJsonObject(raw) && Array.isArray(raw.tasks) ? raw : { tasks: Array.isArray(raw) ? raw : [raw] };
  const list = Array.isArray(file.tasks) ? file.tasks : [];
  if (list.length > LIMITS.studyTasks.value) throw new CliError(overLimit('studyTasks', opts.tasksFile, `${list.length.toLocaleString('en-US')} tasks`));
  const text = (v: Json | undefined) => (typeof v === 'string' ? v : undefined);
  const title = opts.title ?? text(file.title);
  if (title === undefined) throw new CliError('study make needs a title: --title "…" (or "title" in the tasks file)');
  const draft: StudyDraft = {
    title,
    instructions: text(file.instructions) ?? '',
    tasks: list.map((row, i) => readTask(row, i, opts.tasksFile!)),
    order: opts.shuffle || file.order === 'shuffled' ? 'shuffled' : 'fixed',
    timeLimitS: opts.timeLimitS ?? (typeof file.timeLimitS === 'number' ? file.timeLimitS : null),
    minutes: opts.minutes ?? (typeof file.minutes === 'number' ? file.minutes : null),
    showScores: opts.showScores || file.showScores === true,
  };
  const normal = normaliseTasks(draft, (world, spec) => {
    const w = worlds.find((x) => x.id === world);
    if (!w) return null;
    const t = w.makeTask(spec);
    return t.ok ? ok(t.value.spec) : err(t.error);
  });
  if (!normal.ok) throw new CliError(normal.error);
  const study = makeStudy(normal.value);
  if (!study.ok) throw new CliError(study.error);
  const tooLong = studyLinkProblem(study.value);
  if (tooLong) throw new CliError(tooLong);
  const href = studyHref(study.value);
  return { study: study.value, href, url: opts.site === undefined ? null : siteUrl(opts.site, href) };
}

export interface StudySummary {
  /** The study every run was held to; null: none was given, and nothing was checked against one. */
  checkedAgainst: { id: string; title: string } | null;
  studies: StudyBaseline[];
  files: { file: string; rows: number; errors: number }[];
}

export interface SummarizeOptions {
  /** `--study`: the study's link, or a file holding it or its definition. */
  study?: string | undefined;
  /** `--include`: files (as given) or run ids (`FILE:LINE`) to count although they were left out. */
  include?: readonly string[];
}

export const UNCHECKED =
  'Not checked against a study: the title, tasks, time limit and order below are what the files say about themselves. Give the study with --study LINK|FILE.';

const looksLikeLink = (v: string) => /#\/study\?|^\??v=\d/.test(v.trim());

/** The study `--study` gives, each task made by its world (a definition without an id is made as `vp study make` makes it). */
export function givenStudy(value: string, worlds: readonly World[]): Study {
  const text = looksLikeLink(value) ? value : readStudyFile(value);
  const study = readGivenStudy(text, (world, spec) => {
    const w = worlds.find((x) => x.id === world);
    if (!w) return null;
    const t = w.makeTask(spec);
    return t.ok ? ok(t.value.spec) : err(t.error);
  });
  if (!study.ok) throw new CliError(`--study: ${study.error}`);
  return study.value;
}

/**
 * `vp study summarize`: the files read as the site imports them, every study
 * run replayed (its world's SQL behind the watchdog), held to the study when
 * one is given, and the same tables the report shows.
 */
export async function summarizeStudies(paths: readonly string[], worlds: readonly World[], opts: SummarizeOptions = {}): Promise<StudySummary> {
  const study = opts.study === undefined ? null : givenStudy(opts.study, worlds);
  const items: BaselineItem[] = [];
  const report = await importFiles(paths, ({ item, source }) => {
    if (item.kind === 'native') items.push({ id: `${source}:${item.line}`, file: source, trace: item.trace });
  });
  const include = new Set<string>();
  for (const v of opts.include ?? []) {
    const named = paths.find((p) => resolve(p) === resolve(v)) ?? items.find((i) => i.id === v)?.id;
    if (named === undefined) throw new CliError(`--include ${JSON.stringify(v)} names none of the files given, nor a run in them (FILE:LINE)`);
    include.add(named);
  }
  for (const item of items)
    if (studyMetaOf(item.trace) !== null && item.trace.agent.kind === 'human')
      item.check = await checkStudyRun(worlds.find((w) => w.id === item.trace.world) ?? null, item.trace);
  const studies = buildBaselines(items, { study, include });
  if (!study && studies.length === 0) throw new CliError('no study runs in these files: a participant’s results file has "meta": {"study": …} on every line');
  return {
    checkedAgainst: study ? { id: study.id, title: study.title } : null,
    studies,
    files: report.files.map((f) => ({ file: f.file, rows: f.rows, errors: f.errors })),
  };
}

const INCLUDE_HINT: Record<'file' | 'run', string> = { file: ' (--include FILE counts the file)', run: ' (--include FILE:LINE counts the run)' };

export function formatStudies(s: StudySummary): string {
  const out: string[] = s.checkedAgainst ? [] : [UNCHECKED, ''];
  for (const b of s.studies) {
    const counted = b.humans.filter((h) => h.status === 'counted' || h.status === 'included');
    const left = b.humans.filter((h) => !(h.status === 'counted' || h.status === 'included'));
    const held = b.checked ? ', every run checked against the study' : '';
    out.push(`${studyName(b)} (study ${b.id}${held}): ${b.groups[0]!.participants} participants, ${counted.length} runs counted, ${left.length} left out`);
    // One line per file where the file is what is in doubt (its reasons once), else per run, as the page lists them.
    for (const g of leftOutGroups(left)) {
      const first = g.runs[0]!;
      const who = [...new Set(g.runs.map((h) => h.pseudonym))];
      const runs = g.runs.length > 1 ? `${g.runs.length} runs` : taskName(first.task);
      const hint = g.key === null ? '' : g.byFile ? INCLUDE_HINT.file : INCLUDE_HINT.run;
      out.push(`  left out: ${first.file} · ${who.length > 3 ? `${who.length} pseudonyms` : who.join(', ')} · ${runs}: ${STATUS_LABEL[g.status]}${hint}`);
      for (const p of groupProblems(g)) out.push(`    ${p.task === null ? '' : `${taskName(p.task)}: `}${p.text}`);
    }
    for (const h of b.humans.filter((x) => x.status === 'included')) out.push(`  included by --include: ${h.file} · ${h.pseudonym} · task ${h.task}`);
    const rows = b.rows.flatMap((row) => row.cells.flatMap((c, i) => (c ? [[rowName(row, b), b.groups[i]!.label, ...cellTexts(c)]] : [])));
    out.push(table(['task', 'group', ...BASELINE_COLUMNS], rows));
    out.push('');
  }
  out.push(
    'n: participants (people) that remain, runs (models). 95% intervals: Student t for means (cut to [0, 1]), Wilson for pass rates; each run one observation. Humans: verified study runs only.',
  );
  return out.join('\n');
}
