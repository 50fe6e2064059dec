import type { JsonObject } from '../../../core/json';
import type { World } from '../../../core/world';

/** The counters a world names for its state (World.describeState), at the selected step. */
export function StateCounters({ world, state }: { world: World; state: JsonObject }) {
  const counters = Object.entries(world.describeState?.(state) ?? {});
  if (counters.length === 0) return null;
  return (
    <p className="stats small" data-testid="state-counters">
      {counters.map(([name, n]) => (
        <span key={name}>
          <strong>{n}</strong> {name}
        </span>
      ))}
    </p>
  );
}
