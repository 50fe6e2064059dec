import type { World } from '../../core/world';

export function listTasks(worlds: readonly World[]) {
  return worlds.flatMap((w) =>
    w.listTasks().map((t) => ({
      world: w.id,
      task: t.spec,
      title: t.title,
      prompt: t.prompt,
    })),
  );
}
