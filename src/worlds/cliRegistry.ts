import type { WorldCli } from '../cli/command';
import { faultApiCli } from './fault-api/cli';
import { tripwireCli } from './tripwire/cli';
import { webPortalCli } from './web-portal/cli';

/**
 * What each world adds to the command line (Node only: a world's `cli.ts` may
 * use node: modules), in the registry's order. A world with nothing to add has
 * no entry: the shared commands serve every world in `registry.ts`.
 */
export const WORLD_CLIS: readonly WorldCli[] = [faultApiCli, tripwireCli, webPortalCli];
