import type { WorldCli } from '../../cli/command';
import { webPortalGotchaTable } from './gotchas';
import { webPortalWorld } from './index';

/** web-portal on the command line: its gotcha table (`vp gotchas --world web-portal`). */
export const webPortalCli: WorldCli = {
  world: webPortalWorld.id,
  gotchaTable: webPortalGotchaTable,
};
