import { canonicalJson, type JsonObject } from '../../core/json';
import type { SpecNames } from '../worlds/types';
import { worldEntry } from '../worlds/registry';

const seedOf = (spec: JsonObject) => (typeof spec.seed === 'number' ? spec.seed : null);

/** A spec named by its id ("refund-a", "vendor-outage-triage (seed 1)"), or its JSON where it has none. */
const BY_ID: SpecNames = {
  label: (spec) => {
    if (typeof spec.id !== 'string') return JSON.stringify(spec);
    const seed = seedOf(spec);
    return seed === null ? spec.id : `${spec.id} (seed ${seed})`;
  },
  name: (spec) => (typeof spec.id === 'string' ? spec.id : canonicalJson(spec)),
  group: () => null,
};

/**
 * How rows name a world's recorded tasks (the library, the report, batch
 * tables, file names): as the world declares (`WorldEntry.specs`), else by id.
 * An env that is not one of ours (an imported vf-eval run) is named by id too.
 */
export const specNames = (world: string): SpecNames => worldEntry(world)?.specs ?? BY_ID;

/** The task with its seed: "hostile seed 6", "refund-a". */
export const specLabel = (world: string, spec: JsonObject): string => specNames(world).label(spec);

/** A batch table's cell: the task, with its seed unless seeds are pooled. */
export function specCell(world: string, spec: JsonObject, pooled: boolean): string {
  const name = specNames(world).name(spec);
  const seed = seedOf(spec);
  return pooled || seed === null ? name : `${name} · seed ${seed}`;
}
