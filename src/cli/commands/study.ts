import { isJsonObject, tryParseJson, type Json, type JsonObject } from '../../core/json';
import { err, ok } from '../../core/result';
import type { World } from '../../core/world';
import { buildBaselines, type BaselineItem, type StudyBaseline } from '../../traces/study/baseline';
import { makeStudy, normaliseTasks, type Study, type StudyDraft, type StudyTask } from '../../traces/study/definition';
import { BASELINE_COLUMNS, cellTexts } from '../../traces/study/format';
import { rowName } from '../../traces/study/baselineFiles';
import { studyHref } from '../../traces/study/link';
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

/** The file's rows: a JSON array or object, or JSON lines. */
function readRows(file: string): Json {
  const text = readTextFile(file);
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
  const href = studyHref(study.value);
  return { study: study.value, href, url: opts.site === undefined ? null : siteUrl(opts.site, href) };
}

export interface StudySummary {
  studies: StudyBaseline[];
  files: { file: string; rows: number; errors: number }[];
}

/**
 * `vp study summarize`: the files read as the site imports them, every study
 * run replayed (its world's SQL behind the watchdog), and the same tables the
 * report shows.
 */
export async function summarizeStudies(paths: readonly string[], worlds: readonly World[]): Promise<StudySummary> {
  const items: BaselineItem[] = [];
  const report = await importFiles(paths, ({ item, source }) => {
    if (item.kind === 'native') items.push({ id: `${source}:${item.line}`, file: source, trace: item.trace });
  });
  for (const item of items)
    if (studyMetaOf(item.trace) !== null && item.trace.agent.kind === 'human')
      item.check = await checkStudyRun(worlds.find((w) => w.id === item.trace.world) ?? null, item.trace);
  const studies = buildBaselines(items);
  if (studies.length === 0) throw new CliError('no study runs in these files: a participant’s results file has "meta": {"study": …} on every line');
  return { studies, files: report.files.map((f) => ({ file: f.file, rows: f.rows, errors: f.errors })) };
}

export function formatStudies(s: StudySummary): string {
  const out: string[] = [];
  for (const b of s.studies) {
    const counted = b.humans.filter((h) => h.status === 'counted' || h.status === 'included');
    const left = b.humans.filter((h) => !(h.status === 'counted' || h.status === 'included'));
    out.push(`${b.title} (study ${b.id}): ${b.groups[0]!.participants} participants, ${counted.length} runs counted, ${left.length} left out`);
    for (const h of left) out.push(`  left out: ${h.file} · ${h.pseudonym} · task ${h.task}: ${h.status}: ${h.problems.join('; ')}`);
    const rows = b.rows.flatMap((row) => row.cells.flatMap((c, i) => (c ? [[rowName(row, b), b.groups[i]!.label, ...cellTexts(c)]] : [])));
    out.push(table(['task', 'group', ...BASELINE_COLUMNS], rows));
    out.push('');
  }
  out.push('95% intervals: Student t for means (cut to [0, 1]), Wilson for pass rates; each run one observation. Humans: verified study runs only.');
  return out.join('\n');
}
