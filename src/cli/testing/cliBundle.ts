import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI built for this test run (`cliBundle.ts`): `node <it> …` is `npm run vp -- …`. */
    vpBundle: string;
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Inside the repository, so sql.js, left outside the bundle, resolves from node_modules as it does for
// `tsx src/cli/main.ts`: nodeHost.ts finds the wasm beside it with createRequire(import.meta.url).
const CACHE = `${ROOT}node_modules/.cache`;

/**
 * Vitest's global setup: the CLI as one ESM file, built once per run. Spawning it costs ~0.2 s of CPU where tsx
 * pays ~1 s per process to start and transform the CLI; the CLI tests spawn dozens. One test in cli.test.ts
 * still runs `tsx src/cli/main.ts` beside the bundle and asserts the same output, so the dev entry stays covered.
 *
 * tripwire's guarded host starts `new URL('./nodeWorker.mjs', import.meta.url)`: the worker is a second entry
 * written beside main.mjs, so that URL resolves in the bundle as it does in src/worlds/tripwire/.
 */
export async function buildCli(outdir: string): Promise<string> {
  await build({
    entryPoints: { main: `${ROOT}src/cli/main.ts`, nodeWorker: `${ROOT}src/worlds/tripwire/nodeWorker.mjs` },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    // The other packages (the MCP SDK, fflate) go in: resolving and loading their files took half of each spawn.
    external: ['sql.js'],
    logLevel: 'error',
  });
  return `${outdir}/main.mjs`;
}

interface Built {
  bundle: Promise<string>;
  outdir: string;
  rebuild: Promise<string> | null;
}
// Vitest calls a global setup for the root and for each project, each a fresh copy of this module in the one main
// process: the build is kept on globalThis so a run builds once.
const KEY = Symbol.for('verifier-playground.cliBundle');
const shared = globalThis as { [KEY]?: Built };

export default async function setup(project: TestProject): Promise<() => void> {
  const first = !shared[KEY];
  if (first) {
    mkdirSync(CACHE, { recursive: true });
    // Its own folder per run: two runs in one checkout never read each other's half-written bundle.
    const outdir = mkdtempSync(`${CACHE}/vp-cli-`);
    shared[KEY] = { bundle: buildCli(outdir), outdir, rebuild: null };
  }
  const built = shared[KEY]!;
  project.provide('vpBundle', await built.bundle);
  // Watch mode: a rerun tests the CLI as it is now; projects rerun together share one build.
  project.onTestsRerun(async () => {
    built.rebuild ??= buildCli(built.outdir).finally(() => (built.rebuild = null));
    await built.rebuild;
  });
  if (!first) return () => {};
  return () => {
    rmSync(built.outdir, { recursive: true, force: true });
    delete shared[KEY];
  };
}
