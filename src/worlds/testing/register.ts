import type { World } from '../../core/world';
import { registerWorld } from '../registry';

/**
 * The registries' test hook: every fixture world in a folder beside this file
 * (its `index.ts` exports `world`) is added to WORLDS. A test imports this file
 * to have the generic code it exercises serve the fixtures too; nothing else
 * names them. Vite's glob, so tests only (vitest), never the CLI or the app.
 */
const fixtures = import.meta.glob<{ world: World }>('./*/index.ts', { eager: true });
for (const module of Object.values(fixtures)) registerWorld(module.world);
