import { hash32 } from '../../core/hash';
import { HASH_VECTORS } from '../../core/hashVectors';
import { WORLD_ENTRIES } from '../worlds/registry';

/**
 * What the diagnostics page computes, and the Node test computes too: hash
 * vectors and whole traces must match byte for byte across engines. The traces
 * are each world's own probe (`WorldEntry.probe`), keyed `world key`.
 */
export async function determinismProbe(): Promise<{ hashes: number[]; traces: Record<string, string> }> {
  const hashes = HASH_VECTORS.map(([seed, index, salt]) => hash32(seed, index, salt));
  const traces: Record<string, string> = {};
  for (const w of WORLD_ENTRIES) {
    if (!w.probe) continue;
    for (const [key, text] of Object.entries(await w.probe())) traces[`${w.id} ${key}`] = text;
  }
  return { hashes, traces };
}
