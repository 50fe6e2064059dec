import { CliError } from './io';

const VALUE_OPTIONS = [
  'seeds',
  'world',
  'task',
  'query',
  'tasks',
  'rollouts',
  'concurrency',
  'base-url',
  'model',
  'api-key-env',
  'max-response-bytes',
  'out',
  'suite',
  'write-suite',
  'from',
  'step',
  'format',
  'driver',
  'time-limit',
  'title',
  'minutes',
  'site',
  'study',
  'include',
] as const;
const FLAG_OPTIONS = ['json', 'help', 'shuffle', 'show-scores', 'vf-current'] as const;

export type ValueOption = (typeof VALUE_OPTIONS)[number];
export type FlagOption = (typeof FLAG_OPTIONS)[number];
export type OptionName = ValueOption | FlagOption;

const isValueOption = (name: string): name is ValueOption => (VALUE_OPTIONS as readonly string[]).includes(name);
const isFlagOption = (name: string): name is FlagOption => (FLAG_OPTIONS as readonly string[]).includes(name);

/** Only --task (eval plays several tasks) and --include (several files) repeat; any other option given twice is a mistake, not "the last one wins". */
const REPEATABLE: ReadonlySet<OptionName> = new Set(['task', 'include']);

/**
 * The bounds of every numeric option. calibrate runs ~60 seeds a second; eval's
 * are the ones runEval itself enforces for callers other than the CLI.
 */
export const INT_BOUNDS = {
  seeds: { min: 1, max: 1000 },
  rollouts: { min: 1, max: 10_000 },
  concurrency: { min: 1, max: 64 },
  // Steps of a trace to keep before continuing it; the trace's own length is checked against it later.
  step: { min: 0, max: 100_000 },
  // The model driver's own range for a reply cap (agents/endpoint.ts): 64 KiB to 256 MiB.
  'max-response-bytes': { min: 65_536, max: 268_435_456 },
  // A study's bounds (traces/study/definition.ts STUDY_LIMITS): seconds per task, the estimate in minutes.
  'time-limit': { min: 10, max: 86_400 },
  minutes: { min: 1, max: 1440 },
} as const;

export class Args {
  constructor(
    private readonly values: ReadonlyMap<ValueOption, readonly string[]>,
    private readonly flags: ReadonlySet<FlagOption>,
    readonly positionals: readonly string[],
  ) {}

  flag(name: FlagOption): boolean {
    return this.flags.has(name);
  }

  value(name: ValueOption): string | undefined {
    return this.values.get(name)?.[0];
  }

  all(name: ValueOption): readonly string[] {
    return this.values.get(name) ?? [];
  }

  /** A numeric option within INT_BOUNDS, or `fallback` when it is absent. */
  int(name: keyof typeof INT_BOUNDS, fallback: number): number {
    const raw = this.value(name);
    if (raw === undefined) return fallback;
    const { min, max } = INT_BOUNDS[name];
    const n = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min && n <= max)) throw new CliError(`--${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(raw)}`);
    return n;
  }
}

/**
 * getopt's rules rather than node:util parseArgs': an option that takes a value
 * always takes the next word, so `--query '-- a comment…'` works as well as
 * `--query=…` (parseArgs refuses a value starting with "-"). Only the options a
 * command lists (and --help) are accepted: a misplaced option is an error, not ignored.
 */
export function parseArgs(command: string, argv: readonly string[], allowed: readonly OptionName[]): Args {
  const accepted = new Set<string>([...allowed, 'help']);
  const takes = allowed.length ? allowed.map((o) => `--${o}`).join(', ') : 'no options';
  const values = new Map<ValueOption, string[]>();
  const flags = new Set<FlagOption>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-') {
      positionals.push(word);
      continue;
    }
    const eq = word.indexOf('=');
    const name = word.startsWith('--') ? word.slice(2, eq < 0 ? undefined : eq) : '';
    if (isFlagOption(name) && accepted.has(name)) {
      if (eq >= 0) throw new CliError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    if (!isValueOption(name) || !accepted.has(name)) {
      if (isValueOption(name) || isFlagOption(name)) throw new CliError(`${command} does not take --${name} (it takes ${takes})`);
      throw new CliError(`unknown option ${JSON.stringify(eq < 0 ? word : word.slice(0, eq))} (${command} takes ${takes})`);
    }
    const value = eq >= 0 ? word.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new CliError(`--${name} needs a value`);
    const list = values.get(name) ?? [];
    if (list.length > 0 && !REPEATABLE.has(name)) throw new CliError(`--${name} is given more than once`);
    values.set(name, [...list, value]);
  }
  return new Args(values, flags, positionals);
}
