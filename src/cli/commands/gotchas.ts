import type { World } from '../../core/world';
import { redTeamSuite } from '../../traces/redTeam';
import { parseSuite, serializeSuite, type ExpectedVerdicts, type GotchaSuite } from '../../traces/suite';
import { rescoreSuite, type EntryResult, type SuiteReport } from '../../traces/suiteScore';
import { CliError, fmt, readTextFile, table, writeWhole } from '../io';

/** A suite file, or CliError (exit 2) naming the file and where it is wrong. */
export function readSuiteFile(file: string, worlds: readonly World[]): GotchaSuite {
  const suite = parseSuite(readTextFile(file));
  if (!suite.ok) throw new CliError(`${file}: ${suite.error}`);
  const known = new Set(worlds.map((w) => w.id));
  const i = suite.value.entries.findIndex((e) => !known.has(e.world));
  if (i >= 0) throw new CliError(`${file}: entries[${i}].world: unknown world "${suite.value.entries[i]!.world}" (known: ${[...known].join(', ')})`);
  return suite.value;
}

export function runSuite(suite: GotchaSuite, worlds: readonly World[]): Promise<SuiteReport> {
  return rescoreSuite(suite, (id) => worlds.find((w) => w.id === id));
}

/** `vp gotchas --suite FILE --json`: one record per entry, then the counts. */
export function suiteJson(report: SuiteReport) {
  return {
    entries: report.results.map((r) => ({
      id: r.entry.id,
      label: r.entry.label,
      world: r.entry.world,
      task: r.entry.task,
      status: r.status,
      changed: r.changed,
      expected: r.entry.expected,
      actual: r.actual,
      reward_delta: r.rewardDelta,
      naive_delta: r.naiveDelta,
      ...(r.error ? { error: r.error } : {}),
    })),
    unchanged: report.unchanged,
    changed: report.changed,
    errors: report.errors,
  };
}

const verdicts = (v: ExpectedVerdicts) => `${v.naive}/${v.full}`;

function statusCell(r: EntryResult): string {
  if (r.status === 'error') return `ERROR: ${r.error}`;
  if (r.status === 'unchanged') return 'unchanged';
  const a = r.actual!;
  const e = r.entry.expected;
  return `CHANGED ${r.changed.map((f) => `${f}: ${String(e[f] ?? '—')} → ${String(a[f] ?? '—')}`).join('; ')}`;
}

const delta = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : ''}${fmt(x)}`);

/** The text form: a row per entry (naive/full verdicts as expected and now, the reward's move), then the counts. */
export function formatSuite(report: SuiteReport): string {
  const rows = report.results.map((r) => [
    r.entry.id,
    verdicts(r.entry.expected),
    r.actual ? verdicts(r.actual) : '—',
    r.actual ? fmt(r.actual.reward) : '—',
    delta(r.rewardDelta),
    statusCell(r),
  ]);
  const total = report.results.length;
  const summary = `${total} entries: ${report.unchanged} unchanged, ${report.changed} with a changed verdict, ${report.errors} could not be replayed`;
  return `${table(['entry', 'expected naive/full', 'now', 'full', 'Δ full', 'status'], rows)}\n${summary}`;
}

/** Writes the default suite (every gotcha and sentinel on every task it applies to); returns what it wrote. */
export async function writeRedTeamSuite(file: string, worlds: readonly World[]): Promise<{ entries: number; bytes: number }> {
  const suite = await redTeamSuite(worlds);
  const text = serializeSuite(suite);
  writeWhole(file, text);
  return { entries: suite.entries.length, bytes: Buffer.byteLength(text) };
}
