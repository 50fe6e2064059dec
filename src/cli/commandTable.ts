import type { Readable, Writable } from 'node:stream';
import { findReferenceAgent } from '../core/world';
import { WORLD_CLIS } from '../worlds/cliRegistry';
import { exportTraceJson } from '../traces/export/native';
import { printedScorecard } from '../traces/printedScorecard';
import type { OptionName } from './args';
import { oneTask, type Command } from './command';
import { runBench } from './commands/bench';
import { evalJson, formatEval, runEval } from './commands/eval';
import { formatSuite, readSuiteFile, runSuite, suiteJson, writeRedTeamSuite } from './commands/gotchas';
import { exportFiles } from './commands/exportFiles';
import { openForkFromFile } from './commands/fork';
import { formatImport, importFiles } from './commands/importFiles';
import { serveMcp } from './commands/mcp';
import { playLines } from './commands/play';
import { formatScore, scoreFile } from './commands/score';
import { listTasks } from './commands/tasks';
import { formatStudies, makeStudyLink, summarizeStudies, UNCHECKED } from './commands/study';
import { validateWorlds } from './commands/validate';
import { checkWritable, CliError, fmt, table, writeWhole } from './io';
import { boundedLines } from './boundedLines';
import { cliOf, requireWorld, worldsForNode } from './worlds';

export type { CliIo, Command } from './command';

const tasks: Command = {
  usage: '  tasks [--world W] [--json]             the task list with specs and kinds (read | mutation)',
  options: ['world', 'json'],
  async run(args, io) {
    const world = args.value('world');
    const rows = listTasks(world === undefined ? worldsForNode() : [requireWorld(world)]);
    if (args.flag('json')) io.out(JSON.stringify(rows));
    else
      io.out(
        table(
          ['world', 'task', 'kind', 'title'],
          rows.map((t) => [t.world, JSON.stringify(t.task), t.kind ?? '-', t.title]),
        ),
      );
    return 0;
  },
};

const score: Command = {
  usage: '  score FILE [--json]                    replay and score a trace or a script',
  options: ['json'],
  file: 'a trace or a script',
  async run(args, io, file) {
    const s = await scoreFile(file);
    if (args.flag('json')) io.out(JSON.stringify(s));
    else {
      for (const line of formatScore(s)) io.out(line);
    }
    return 0;
  },
};

const play: Command = {
  usage: [
    '  play --world W --task JSON [--out FILE] play over stdin/stdout, one JSON per line; --out gets the trace',
    '  play --world W --from TRACE --step K [--out FILE]',
    '                                         continue TRACE after its first K steps (replayed and checked first)',
  ].join('\n'),
  options: ['world', 'task', 'from', 'step', 'out'],
  async run(args, io) {
    const world = requireWorld(args.value('world'), true);
    const from = args.value('from');
    if (from === undefined && args.value('step') !== undefined) throw new CliError('--step goes with --from TRACE');
    if (from !== undefined && args.value('step') === undefined) throw new CliError('--from TRACE needs --step K (how many of its steps to keep)');
    const fork =
      from === undefined ? null : await openForkFromFile(world, from, args.int('step', 0), args.all('task').length ? oneTask('play', world, args) : null);
    const task = fork ? fork.episode.task : oneTask('play', world, args);
    const out = args.value('out');
    if (out !== undefined) checkWritable(out);
    // Lines are held up to stdinLineBytes: readline would build a 512 MiB line whole and die with a RangeError.
    await playLines(world, task, boundedLines(io.stdin as AsyncIterable<Uint8Array | string>), (line) => io.out(line), {
      ...(fork ? { episode: fork.episode, meta: { parent: { ...fork.parent } } } : {}),
      ...(out !== undefined ? { onTrace: (trace) => writeWhole(out, exportTraceJson(trace)) } : {}),
    });
    return 0;
  },
};

const mcp: Command = {
  usage: '  mcp --world W --task JSON [--out FILE] serve one episode as an MCP server over stdio; --out gets the trace',
  options: ['world', 'task', 'out'],
  async run(args, io) {
    const world = requireWorld(args.value('world'), true);
    const task = oneTask('mcp', world, args);
    const out = args.value('out');
    if (out !== undefined) checkWritable(out);
    if (!io.stdout) throw new CliError('mcp speaks over stdio and needs the process stdout');
    await serveMcp(world, task, out, { stdin: io.stdin as Readable, stdout: io.stdout as Writable, err: io.err });
    return 0;
  },
};

/** The worlds with a hand-written gotcha table (their cheats on showcase tasks); the first is the default. */
const GOTCHA_WORLDS = WORLD_CLIS.filter((c) => c.gotchaTable !== undefined).map((c) => c.world);
const tableWorlds = GOTCHA_WORLDS.map((id, i) => (i === 0 ? `${id}, the default` : id)).join(GOTCHA_WORLDS.length > 2 ? ', ' : ', or ');

const gotchas: Command = {
  usage: [
    `  gotchas [--world W] [--json]           the three cheats, naive vs full verdicts (W: ${tableWorlds})`,
    '  gotchas --suite FILE [--json]          re-score a gotcha suite; exit 1 if any verdict changed',
    '  gotchas --write-suite FILE [--json]    write the default suite: every gotcha and sentinel on every task',
  ].join('\n'),
  options: ['suite', 'write-suite', 'world', 'json'],
  async run(args, io) {
    const json = args.flag('json');
    const suiteFile = args.value('suite');
    const outFile = args.value('write-suite');
    const tableWorld = args.value('world');
    if (suiteFile !== undefined && outFile !== undefined) throw new CliError('gotchas takes --suite FILE or --write-suite FILE, not both');
    if (tableWorld !== undefined && (suiteFile !== undefined || outFile !== undefined))
      throw new CliError('--world picks a gotcha table; --suite and --write-suite cover every world');
    if (tableWorld !== undefined && !GOTCHA_WORLDS.includes(tableWorld))
      throw new CliError(`gotchas --world: "${tableWorld}" has no gotcha table (worlds with one: ${GOTCHA_WORLDS.join(', ')})`);
    if (outFile !== undefined) {
      // Building the suite replays every reference agent: find out first whether it can be saved.
      checkWritable(outFile);
      const w = await writeRedTeamSuite(outFile, worldsForNode());
      io.out(json ? JSON.stringify({ file: outFile, ...w }) : `wrote ${w.entries} entries (${Math.round(w.bytes / 1024)} kB) to ${outFile}`);
      return 0;
    }
    if (suiteFile !== undefined) {
      // A suite file is data from outside: tripwire replays its SQL behind the watchdog.
      const worlds = worldsForNode(true);
      const report = await runSuite(readSuiteFile(suiteFile, worlds), worlds);
      io.out(json ? JSON.stringify(suiteJson(report)) : formatSuite(report));
      return report.changed > 0 || report.errors > 0 ? 1 : 0;
    }
    const world = requireWorld(tableWorld ?? GOTCHA_WORLDS[0]);
    const rows = await cliOf(world)!.gotchaTable!(world);
    if (json) io.out(JSON.stringify(rows.map((r) => ({ agent: r.agent, ...printedScorecard(r.trace, 'n/a') }))));
    else {
      const cells = rows.map((r) => [r.agent, r.task, `${fmt(r.naive)} ${r.naiveVerdict}`, `${fmt(r.reward)} ${r.verdict}`, r.caughtBy ?? '—']);
      io.out(table(['trajectory', 'task', 'naive', 'full', 'caught by'], cells));
    }
    return 0;
  },
};

const validate: Command = {
  usage: "  validate [--world W] [--json]          quality gates: oracle 1.0, sentinels rejected, divergence, the contract's generated variants",
  options: ['world', 'json'],
  async run(args, io) {
    const id = args.value('world');
    const worlds = id === undefined ? worldsForNode() : [requireWorld(id)];
    const { gates, reports } = await validateWorlds(worlds);
    if (args.flag('json')) io.out(JSON.stringify(gates));
    else
      for (const world of worlds) {
        const g = gates[world.id]!;
        io.out(`${world.id}: ${g.pass ? 'PASS' : 'FAIL'}  oracle min ${fmt(g.oracle_min)}  divergence ${fmt(g.divergence)} (strict 0 while full ≥ 0.5)`);
        for (const [name, max] of Object.entries(g.sentinels)) {
          const ref = findReferenceAgent(world, name);
          const ceiling = ref?.ceiling?.value ?? world.sentinelCeiling;
          const family = ref?.family ? ` [${ref.family}]` : '';
          const limit =
            ceiling === null
              ? ' (fails the full verdict; a known limit of the lenient published reward)'
              : ` (ceiling ${fmt(ceiling)}${ref?.ceiling ? `: ${ref.ceiling.why}` : ''})`;
          io.out(`  sentinel ${name}${family}: max ${fmt(max)}${limit}`);
        }
        for (const f of reports[world.id]!.details.failures) io.out(`  ! ${f}`);
        const rows = g.variants;
        if (rows.length > 0) {
          const total = rows.reduce((n, r) => n + r.count, 0);
          io.out(`  contract variants: ${total} generated from the oracle runs`);
          io.out(
            table(
              ['operator', 'kind', 'variants', 'worst reward', 'ceiling', 'broken'],
              rows.map((r) => [r.operator, r.kind, String(r.count), fmt(r.worst), r.ceiling === null ? '= oracle' : `≤ ${fmt(r.ceiling)}`, String(r.failures)]),
            )
              .split('\n')
              .map((l) => `    ${l}`)
              .join('\n'),
          );
        }
        for (const f of reports[world.id]!.variantFailures.slice(0, 20)) io.out(`  ! ${f}`);
      }
    return Object.values(gates).some((g) => !g.pass) ? 1 : 0;
  },
};

const evalCommand: Command = {
  usage: [
    '  eval --world W --task JSON [--task JSON ...] [--tasks FILE] [--rollouts N] [--concurrency N]',
    '       --base-url URL --model M [--api-key-env VAR] [--max-response-bytes N] [--driver history|scratchpad]',
    '       [--out FILE] [--json]',
    '                                         a model behind an OpenAI-compatible endpoint plays the tasks',
    '                                         (driver: history re-sends the conversation, default; scratchpad',
    '                                         sends the task and a short scratchpad of result summaries, one call a step)',
    '                                         (N: rollouts 1–10000, default 1; concurrency 1–64, default 2;',
    '                                         max-response-bytes 65536–268435456, default 4 MiB;',
    '                                         --out is opened before the first request)',
  ].join('\n'),
  options: ['world', 'task', 'tasks', 'rollouts', 'concurrency', 'base-url', 'model', 'api-key-env', 'max-response-bytes', 'driver', 'out', 'json'],
  async run(args, io) {
    const cards = await runEval({
      world: args.value('world') ?? '',
      task: [...args.all('task')],
      tasksFile: args.value('tasks'),
      rollouts: args.value('rollouts') === undefined ? undefined : args.int('rollouts', 1),
      concurrency: args.value('concurrency') === undefined ? undefined : args.int('concurrency', 2),
      baseUrl: args.value('base-url') ?? '',
      model: args.value('model') ?? '',
      apiKeyEnv: args.value('api-key-env'),
      maxResponseBytes: args.value('max-response-bytes') === undefined ? undefined : args.int('max-response-bytes', 0),
      driver: args.value('driver'),
      out: args.value('out'),
    });
    io.out(args.flag('json') ? JSON.stringify(evalJson(cards)) : formatEval(cards));
    return 0;
  },
};

const importCommand: Command = {
  usage: [
    '  import FILE… [--json]                  read native traces, vf-eval results.jsonl, verifiers v1 traces.jsonl',
    '                                         or Inspect logs (.json, .eval): rows, errors, runs (env, model, where from)',
  ].join('\n'),
  options: ['json'],
  file: 'native traces, a vf-eval results.jsonl, a verifiers v1 traces.jsonl or an Inspect log',
  many: true,
  async run(args, io) {
    const r = await importFiles(args.positionals);
    io.out(args.flag('json') ? JSON.stringify(r) : formatImport(r));
    return 0;
  },
};

const exportCommand: Command = {
  usage: [
    '  export FILE… --format native|vf|inspect|csv --out OUT [--vf-current] [--json]',
    '                                         convert what import reads; says on stderr what OUT cannot hold',
    '                                         (inspect: OUT.eval is a zip, else a .json log; one log per env × model × run;',
    "                                         vf: rows keep their era's shape, --vf-current writes today's and says what it renamed)",
  ].join('\n'),
  options: ['format', 'out', 'vf-current', 'json'],
  file: 'native traces, a vf-eval results.jsonl or an Inspect log',
  many: true,
  async run(args, io) {
    const r = await exportFiles(args.positionals, args.value('format'), args.value('out'), () => new Date(), undefined, {
      vfShape: args.flag('vf-current') ? 'current' : 'as-written',
    });
    // Each note says what was left out or changed to fit the target format.
    for (const note of r.notes) io.err(`vp export: ${note}`);
    if (args.flag('json')) io.out(JSON.stringify(r));
    else for (const o of r.outputs) io.out(`wrote ${o.rows} rows to ${o.file} (${r.format}: ${o.label})`);
    return 0;
  },
};

const STUDY_OPTIONS: readonly OptionName[] = ['tasks', 'title', 'shuffle', 'time-limit', 'minutes', 'show-scores', 'site', 'json', 'study', 'include'];

const study: Command = {
  usage: [
    '  study make --tasks FILE [--title T] [--shuffle] [--time-limit S] [--minutes M] [--show-scores] [--site URL] [--json]',
    '                                         a study link (#/study?…) for people to play the tasks as a baseline',
    '                                         (FILE: rows of vp tasks --json, or {title, instructions, minutes, tasks};',
    "                                         S: seconds per task 10–86400; --site prefixes the site's address)",
    '  study summarize --study LINK|FILE FILE… [--include FILE|FILE:LINE]… [--json]',
    "                                         participants' results files and model runs: each study run replayed and",
    '                                         held to the study (its tasks, title, time limit, order; one participant',
    '                                         per file), humans beside models by name, per task and overall; without',
    '                                         --study, nothing is checked against a study, and the output says so',
  ].join('\n'),
  options: STUDY_OPTIONS,
  file: 'make or summarize',
  many: true,
  async run(args, io, sub) {
    const rest = args.positionals.slice(1);
    if (sub === 'make') {
      if (rest.length) throw new CliError(`study make takes no FILE arguments (the tasks come from --tasks FILE), got ${JSON.stringify(rest[0])}`);
      const strayMake = (['study', 'include'] as const).find((o) => args.value(o) !== undefined);
      if (strayMake) throw new CliError(`study make does not take --${strayMake} (study summarize does)`);
      const made = makeStudyLink(
        {
          tasksFile: args.value('tasks'),
          title: args.value('title'),
          shuffle: args.flag('shuffle'),
          timeLimitS: args.value('time-limit') === undefined ? null : args.int('time-limit', 0),
          minutes: args.value('minutes') === undefined ? null : args.int('minutes', 0),
          showScores: args.flag('show-scores'),
          site: args.value('site'),
        },
        worldsForNode(),
      );
      io.out(args.flag('json') ? JSON.stringify(made) : (made.url ?? made.href));
      return 0;
    }
    if (sub === 'summarize') {
      const stray =
        (['tasks', 'title', 'time-limit', 'minutes', 'site'] as const).find((o) => args.value(o) !== undefined) ??
        (['shuffle', 'show-scores'] as const).find((o) => args.flag(o));
      if (stray) throw new CliError(`study summarize does not take --${stray} (it takes FILE…, --study, --include and --json)`);
      if (rest.length === 0) throw new CliError("study summarize needs FILE… (participants' results files, and model runs to set beside them)");
      const summary = await summarizeStudies(rest, worldsForNode(true), { study: args.value('study'), include: args.all('include') });
      if (args.flag('json') && !summary.checkedAgainst) io.err(`vp study summarize: ${UNCHECKED}`);
      io.out(args.flag('json') ? JSON.stringify(summary) : formatStudies(summary));
      return 0;
    }
    throw new CliError(`study takes make or summarize, got ${JSON.stringify(sub)}`);
  },
};

const bench: Command = {
  usage: '  bench [--json]                         performance figures',
  options: ['json'],
  async run(args, io) {
    const report = await runBench();
    if (args.flag('json')) io.out(JSON.stringify(report));
    else for (const [k, v] of Object.entries(report)) io.out(`${k}: ${fmt(v, 3)}`);
    return 0;
  },
};

/** Every command: the shared ones, then each world's own (`WorldCli.commands`), in the registry's order. */
export const COMMANDS: ReadonlyMap<string, Command> = new Map([
  ['tasks', tasks],
  ['score', score],
  ['play', play],
  ['mcp', mcp],
  ['gotchas', gotchas],
  ['eval', evalCommand],
  ['import', importCommand],
  ['export', exportCommand],
  ['validate', validate],
  ['study', study],
  ['bench', bench],
  ...WORLD_CLIS.flatMap((c) => Object.entries(c.commands ?? {})),
]);
