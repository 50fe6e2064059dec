import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { tryParseJson } from '../core/json';
import { calibrateFaultApi, SOLVERS } from '../worlds/fault-api/calibrate';
import { PROFILES } from '../worlds/fault-api/params';
import { runBench } from './commands/bench';
import { playLines } from './commands/play';
import { scoreFile } from './commands/score';
import { listTasks } from './commands/tasks';
import { evalJson, formatEval, runEval } from './commands/eval';
import { formatSuite, readSuiteFile, runSuite, suiteJson, writeRedTeamSuite } from './commands/gotchas';
import { importFile } from './commands/import';
import { validateWorlds } from './commands/validate';
import { sentinelCeiling } from '../worlds/gates';
import { gotchaTable, runSqlOnce } from '../worlds/tripwire';
import { summarize } from '../traces/summary';
import { CliError, fmt, table } from './io';
import { requireWorld, worldsForNode } from './worlds';

const USAGE = `usage: npm run vp -- <command> [options]
  calibrate [--seeds N] [--json]         fault-api reference solvers, mean reward per profile
  tasks [--world W] [--json]             the task list with specs
  score FILE [--json]                    replay and score a trace or a script
  play --world W --task JSON             play over stdin/stdout, one JSON per line
  gotchas [--json]                       tripwire: the three cheats, naive vs layered verdicts
  gotchas --suite FILE [--json]          re-score a gotcha suite; exit 1 if any verdict changed
  gotchas --write-suite FILE             write the default suite: every gotcha and sentinel on every task
  sql --task JSON --query SQL [--json]   tripwire: one batch on a fresh episode, with what the engine saw
  eval --world W --task JSON [--task JSON ...] [--tasks FILE] [--rollouts N] [--concurrency N]
       --base-url URL --model M [--api-key-env VAR] [--max-response-bytes N] [--out FILE] [--json]
                                         a model behind an OpenAI-compatible endpoint plays the tasks
  import FILE [--json]                   read a native trace / JSONL or a vf-eval results.jsonl, report what imported
  validate [--world W] [--json]          quality gates: oracle 1.0, sentinels rejected, divergence
  bench [--json]                         performance figures`;

const print = (s: string) => process.stdout.write(`${s}\n`);

function positiveInt(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new CliError(`--${name} must be a positive integer, got "${v}"`);
  return Number(v);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        seeds: { type: 'string' },
        world: { type: 'string' },
        task: { type: 'string', multiple: true },
        query: { type: 'string' },
        tasks: { type: 'string' },
        rollouts: { type: 'string' },
        concurrency: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string' },
        'max-response-bytes': { type: 'string' },
        out: { type: 'string' },
        suite: { type: 'string' },
        'write-suite': { type: 'string' },
      },
    });
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const json = values.json === true;
  switch (command) {
    case 'calibrate': {
      const seeds = positiveInt(values.seeds, 'seeds', 60);
      const cal = await calibrateFaultApi(seeds);
      if (json) {
        const out: Record<string, Record<string, number>> = {};
        for (const p of PROFILES) out[p] = Object.fromEntries(SOLVERS.map((s) => [s, cal[p][s].mean]));
        print(JSON.stringify({ 'fault-api': out }));
      } else {
        print(`fault-api: mean full reward over ${seeds} seeds`);
        print(table(['profile', ...SOLVERS], PROFILES.map((p) => [p, ...SOLVERS.map((s) => fmt(cal[p][s].mean))])));
      }
      return;
    }
    case 'tasks': {
      const worlds = values.world ? [requireWorld(values.world)] : worldsForNode();
      const tasks = listTasks(worlds);
      if (json) print(JSON.stringify(tasks));
      else print(table(['world', 'task', 'title'], tasks.map((t) => [t.world, JSON.stringify(t.task), t.title])));
      return;
    }
    case 'score': {
      const file = positionals[0];
      if (!file) throw new CliError('score needs a FILE (a trace or a script)');
      const s = await scoreFile(file);
      if (json) print(JSON.stringify(s));
      else {
        print(`${s.world} ${JSON.stringify(s.task)}  stop: ${s.stop}  replay: ${s.replay}`);
        print(table(['layer', 'value'], Object.entries(s.layers).map(([k, v]) => [k, fmt(v)])));
        print(`naive ${fmt(s.naive)} ${s.verdict.naive}   full ${fmt(s.reward)} ${s.verdict.full}${s.verdict.caught_by ? `   caught by: ${s.verdict.caught_by}` : ''}`);
      }
      return;
    }
    case 'play': {
      const world = requireWorld(values.world, true);
      const spec = tryParseJson(values.task?.[0] ?? '{}');
      if (!spec.ok) throw new CliError(`--task is not JSON: ${spec.error}`);
      const task = world.makeTask(spec.value);
      if (!task.ok) throw new CliError(task.error);
      const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
      try {
        await playLines(world, task.value, rl, print);
      } finally {
        rl.close();
      }
      return;
    }
    case 'gotchas': {
      if (values.suite !== undefined && values['write-suite'] !== undefined) throw new CliError('gotchas takes --suite FILE or --write-suite FILE, not both');
      if (values['write-suite'] !== undefined) {
        const file = values['write-suite'];
        const w = await writeRedTeamSuite(file, worldsForNode());
        print(json ? JSON.stringify({ file, ...w }) : `wrote ${w.entries} entries (${Math.round(w.bytes / 1024)} kB) to ${file}`);
        return;
      }
      if (values.suite !== undefined) {
        // A suite file is data from outside: tripwire replays its SQL behind the watchdog.
        const worlds = worldsForNode(true);
        const report = await runSuite(readSuiteFile(values.suite, worlds), worlds);
        print(json ? JSON.stringify(suiteJson(report)) : formatSuite(report));
        if (report.changed > 0 || report.errors > 0) process.exitCode = 1;
        return;
      }
      const rows = await gotchaTable();
      if (json) print(JSON.stringify(rows.map((r) => ({ agent: r.agent, ...summarize(r.trace, 'n/a') }))));
      else
        print(
          table(
            ['trajectory', 'task', 'naive', 'layered', 'caught by'],
            rows.map((r) => [r.agent, r.task, `${fmt(r.naive)} ${r.naiveVerdict}`, `${fmt(r.reward)} ${r.verdict}`, r.caughtBy ?? '—']),
          ),
        );
      return;
    }
    case 'sql': {
      const world = requireWorld('tripwire', true);
      if (values.query === undefined) throw new CliError('sql needs --query "SELECT ..."');
      const spec = tryParseJson(values.task?.[0] ?? '');
      if (!spec.ok) throw new CliError(`--task must be JSON like {"id": "top-refund-customer"}: ${spec.error}`);
      const task = world.makeTask(spec.value);
      if (!task.ok) throw new CliError(task.error);
      const r = await runSqlOnce(spec.value, values.query, world);
      if (json) print(JSON.stringify(r));
      else {
        if (r.error) print(`error: ${r.error}`);
        if (r.columns.length) print(table(r.columns, r.rows.map((row) => (Array.isArray(row) ? row : [row]).map((c) => (typeof c === 'string' ? c : JSON.stringify(c))))));
        for (const x of r.refused) print(`refused: ${x.reason}: ${x.statement}`);
        for (const t of r.trips) print(`trip: ${t.table}: ${t.detail}`);
        print(`read: ${JSON.stringify(r.read)}  written: ${JSON.stringify(r.written)}`);
      }
      return;
    }
    case 'validate': {
      const worlds = values.world ? [requireWorld(values.world)] : worldsForNode();
      const { gates, reports } = await validateWorlds(worlds);
      if (json) print(JSON.stringify(gates));
      else
        for (const [id, g] of Object.entries(gates)) {
          const world = worlds.find((w) => w.id === id)!;
          print(`${id}: ${g.pass ? 'PASS' : 'FAIL'}  oracle min ${fmt(g.oracle_min)}  divergence ${fmt(g.divergence)} (strict 0 while full ≥ 0.5)`);
          for (const [name, max] of Object.entries(g.sentinels)) {
            const ref = world.referenceAgents.find((a) => a.id === name);
            const ceiling = ref?.ceiling?.value ?? sentinelCeiling(id);
            const family = ref?.family ? ` [${ref.family}]` : '';
            print(`  sentinel ${name}${family}: max ${fmt(max)}${ceiling === null ? ' (fails the full verdict; a known limit of the lenient published reward)' : ` (ceiling ${fmt(ceiling)}${ref?.ceiling ? `: ${ref.ceiling.why}` : ''})`}`);
          }
          for (const f of reports[id]!.details.failures) print(`  ! ${f}`);
        }
      if (Object.values(gates).some((g) => !g.pass)) process.exitCode = 1;
      return;
    }
    case 'eval': {
      const cards = await runEval({
        world: values.world ?? '',
        task: values.task,
        tasksFile: values.tasks,
        rollouts: values.rollouts === undefined ? undefined : positiveInt(values.rollouts, 'rollouts', 1),
        concurrency: values.concurrency === undefined ? undefined : positiveInt(values.concurrency, 'concurrency', 2),
        baseUrl: values['base-url'] ?? '',
        model: values.model ?? '',
        apiKeyEnv: values['api-key-env'],
        maxResponseBytes: values['max-response-bytes'] === undefined ? undefined : positiveInt(values['max-response-bytes'], 'max-response-bytes', 0),
        out: values.out,
      });
      print(json ? JSON.stringify(evalJson(cards)) : formatEval(cards));
      return;
    }
    case 'import': {
      const file = positionals[0];
      if (!file) throw new CliError('import needs a FILE (a native trace, JSONL, or a vf-eval results.jsonl)');
      const r = await importFile(file);
      if (json) print(JSON.stringify({ format: r.format, rows: r.rows, errors: r.errors }));
      else {
        print(`${file}: ${r.format}, ${r.rows} imported, ${r.errors.length} errors`);
        for (const e of r.errors.slice(0, 20)) print(`  line ${e.line}: ${e.reason}`);
        if (r.errors.length > 20) print(`  … and ${r.errors.length - 20} more`);
      }
      return;
    }
    case 'bench': {
      const report = await runBench();
      if (json) print(JSON.stringify(report));
      else for (const [k, v] of Object.entries(report)) print(`${k}: ${typeof v === 'number' ? fmt(v, 3) : JSON.stringify(v)}`);
      return;
    }
    case undefined:
    case 'help':
    case '--help':
      print(USAGE);
      return;
    default:
      throw new CliError(`unknown command "${command}"\n${USAGE}`);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    if (e instanceof CliError) {
      process.stderr.write(`vp: ${e.message}\n`);
      process.exit(2);
    }
    process.stderr.write(`vp: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
