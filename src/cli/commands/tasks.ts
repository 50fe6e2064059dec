import type { World } from '../../core/world';

/** `vp tasks` rows; `kind` is null for a world that does not say (every registered world does). */
export function listTasks(worlds: readonly World[]) {
  return worlds.flatMap((w) =>
    w.listTasks().map((t) => ({
      world: w.id,
      task: t.spec,
      kind: t.kind ?? null,
      title: t.title,
      prompt: t.prompt,
    })),
  );
}
