import { performance } from 'node:perf_hooks';
import { WORLD_CLIS } from '../../worlds/cliRegistry';

/** `vp bench`: every world's figures (`WorldCli.bench`), each named `<world>.<figure>`. */
export async function runBench(): Promise<Record<string, number>> {
  const clock = () => performance.now();
  const report: Record<string, number> = {};
  for (const cli of WORLD_CLIS) {
    if (!cli.bench) continue;
    for (const [name, value] of Object.entries(await cli.bench(clock))) report[`${cli.world}.${name}`] = value;
  }
  return report;
}
