/** The world registry, under the path the home page's modules import it by. */
export { allWorlds, homeTables, isWorldId, loadWorld, worldEntry, WORLD_INFO, type Purpose } from '../worlds/registry';
