/** The world registry, under the path the home page's modules import it by. */
export { allWorlds, isWorldId, loadWorld, WORLD_INFO, type Purpose } from '../worlds/registry';
