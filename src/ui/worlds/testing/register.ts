import { registerWorldEntry } from '../registry';
import type { WorldEntry } from '../types';
import '../../../worlds/testing/register';

/**
 * The UI registry's test hook: every fixture world's entry in a folder beside
 * this file (`<id>/entry.ts`, exporting it as `entry`) is added to
 * WORLD_ENTRIES, after its world joins core's WORLDS (the Node side's hook,
 * imported above). A test imports this file to have the generic UI code it
 * exercises serve the fixtures too. Vite's glob, so tests only: the app never imports it.
 */
const fixtures = import.meta.glob<{ entry: WorldEntry }>('./*/entry.ts', { eager: true });
for (const module of Object.values(fixtures)) registerWorldEntry(module.entry);
