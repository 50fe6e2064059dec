import { WORLD_ENTRIES } from '../../worlds/registry';

/** Pick a world. */
export function WorldField({ value, onPick, disabled }: { value: string; onPick(world: string): void; disabled?: boolean }) {
  return (
    <label className="field">
      <span>world</span>
      <select value={value} disabled={disabled} onChange={(e) => onPick(e.target.value)} aria-label="world">
        {WORLD_ENTRIES.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title}
          </option>
        ))}
      </select>
    </label>
  );
}
