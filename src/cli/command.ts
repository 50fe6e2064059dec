import { tryParseJson } from '../core/json';
import type { Task } from '../core/types';
import type { World } from '../core/world';
import type { GotchaRow } from '../worlds/gotchaTable';
import type { Args, OptionName } from './args';
import { CliError } from './io';

export interface CliIo {
  /** One line of output (the newline is added). */
  out(line: string): void;
  err(line: string): void;
  /** What `play` reads its agent's lines from. */
  stdin: NodeJS.ReadableStream;
  /** The raw stream behind `out`, for protocols that write bytes themselves (`mcp`). */
  stdout?: NodeJS.WritableStream;
}

export interface Command {
  /** Its lines in the usage text. */
  usage: string;
  options: readonly OptionName[];
  /** The command's one FILE argument, described for the message when it is missing; commands without it take no arguments. */
  file?: string;
  /** It takes one FILE or more (they are in `args.positionals`). */
  many?: true;
  /** The exit code: 0 done, 1 a check failed. Bad input throws CliError. */
  run(args: Args, io: CliIo, file: string): Promise<number>;
}

/**
 * What one world adds to the command line, declared in its own folder
 * (`src/worlds/<id>/cli.ts`, Node only) and listed in `worlds/cliRegistry.ts`;
 * the shared commands read it, so no file here names a world.
 */
export interface WorldCli {
  /** The world's id. */
  world: string;
  /** Commands only this world has (`vp sql`), by name: listed in the usage after the shared ones. */
  commands?: Readonly<Record<string, Command>>;
  /**
   * The world as it runs input from outside — calls, traces, suites — when the
   * in-process one is not safe for that (tripwire: SQL on worker threads behind
   * the watchdog). Made once, on first use.
   */
  guarded?(): World;
  /** `vp gotchas --world W`: each hand-written gotcha on its showcase task, naive beside full. */
  gotchaTable?(world: World): Promise<GotchaRow[]>;
  /** `vp bench`: its figures by name, printed as `<world>.<name>`; `clock` is the wall clock in ms. */
  bench?(clock: () => number): Promise<Record<string, number>>;
}

/** The one task a command plays, from its --task JSON; without one, an example and where the rest are listed. */
export function oneTask(command: string, world: World, args: Args): Task {
  const given = args.all('task');
  if (given.length === 0) {
    const example = JSON.stringify(world.listTasks()[0]?.spec ?? {});
    throw new CliError(`${command} needs --task JSON, e.g. --task '${example}' (vp tasks --world ${world.id} lists every ${world.id} task)`);
  }
  if (given.length > 1) throw new CliError(`${command} takes one --task, got ${given.length}`);
  const spec = tryParseJson(given[0]!);
  if (!spec.ok) throw new CliError(`--task is not JSON: ${spec.error}`);
  const task = world.makeTask(spec.value);
  if (!task.ok) throw new CliError(task.error);
  return task.value;
}
