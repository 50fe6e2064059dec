/**
 * Time budgets in tests, counted in CPU time of this process (user + system), not on the wall:
 * a test worker is a process of its own, so a machine busy with other work (the type check, the
 * other worker, a browser) does not fail a budget, while a reader gone quadratic still does.
 */
const used = (start: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

/** The CPU milliseconds `run` takes, and what it returns. */
export function cpuMs<T>(run: () => T): { ms: number; value: T } {
  const start = process.cpuUsage();
  const value = run();
  return { ms: used(start), value };
}

/** The CPU milliseconds an async `run` takes until it settles (nothing else of this file runs meanwhile). */
export async function cpuMsAsync<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.cpuUsage();
  const value = await run();
  return { ms: used(start), value };
}
