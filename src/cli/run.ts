import { parseArgs } from './args';
import { COMMANDS, type CliIo } from './commandTable';
import { CliError, describeBytes, oneLine, READ_LIMITS } from './io';
import { DEFAULT_LIMITS } from '../traces/import/limits';

export type { CliIo } from './commandTable';

export const USAGE = [
  'usage: npm run vp -- <command> [options]',
  ...[...COMMANDS.values()].map((c) => c.usage),
  '  help, --help                           this text',
  '',
  'An option takes the next word as its value, so --query "-- a comment…" and --query="-- a comment…" are the same.',
  `Files: score, --tasks and --suite read at most ${describeBytes(READ_LIMITS.documentBytes)}; import reads at most ${describeBytes(DEFAULT_LIMITS.maxTotalChars)}.`,
  'Exit codes: 0 done; 1 a check failed (validate, gotchas --suite) or an internal error;',
  '2 bad input (one line on stderr, nothing on stdout).',
].join('\n');

async function dispatch(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err('vp: a command is required');
    io.err(USAGE);
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = COMMANDS.get(name);
  if (!command) throw new CliError(`unknown command ${JSON.stringify(name)} (commands: ${[...COMMANDS.keys()].join(', ')}; vp help shows the usage)`);
  const args = parseArgs(name, rest, command.options);
  if (args.flag('help')) {
    io.out(USAGE);
    return 0;
  }
  const [file, ...extra] = args.positionals;
  if (command.file === undefined && file !== undefined) throw new CliError(`${name} takes no arguments, got ${JSON.stringify(file)}`);
  if (command.file !== undefined && file === undefined) throw new CliError(`${name} needs a FILE (${command.file})`);
  if (extra.length > 0 && !command.many) throw new CliError(`${name} takes one FILE, got ${args.positionals.length}`);
  return command.run(args, io, file ?? '');
}

/**
 * Runs one command and returns its exit code: 0 done, 1 a check failed or an
 * internal error, 2 bad input. A failure is one line on stderr and nothing else;
 * the only longer stderr is the usage after no command at all.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.err(`vp: ${oneLine(e.message)}`);
      return 2;
    }
    io.err(`vp: internal error: ${oneLine(e instanceof Error ? e.message : String(e))}`);
    return 1;
  }
}
