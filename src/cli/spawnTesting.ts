import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

/**
 * The real CLI in a child process, as a user runs it (tests only): `node` on the bundle Vitest's global setup
 * built from src/cli/main.ts for this run (testing/cliBundle.ts), without tsx's start-up in every spawn.
 */
export const CLI = [inject('vpBundle')];

/** The dev entry point, `npm run vp`: tsx on the sources. One test runs it beside the bundle (cli.test.ts). */
export const DEV_CLI = ['--import', 'tsx', join(__dirname, 'main.ts')];

export const vp = (...args: string[]) => spawnSync(process.execPath, [...CLI, ...args], { encoding: 'utf8', timeout: 60000 });

/** A scratch folder of files for one test file. */
export function scratch(prefix: string): (name: string, content: string) => string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return (name, content) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
}
