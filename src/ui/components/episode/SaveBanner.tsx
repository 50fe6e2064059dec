import type { Trace } from '../../../core/types';
import type { SaveState } from '../../live/types';
import { ExportButton } from '../ExportButton';

function unsavedPart(savedSteps: number | null, steps: number): string {
  if (savedSteps === null) return 'Nothing of this run is saved';
  if (savedSteps >= steps) return 'Its latest change is not saved';
  return savedSteps + 1 === steps ? `Step ${steps} is not saved` : `Steps ${savedSteps + 1}–${steps} are not saved`;
}

/**
 * Shown while the run on screen is not what storage holds: what is missing,
 * why, and the export that keeps it. Play goes on either way; the next write
 * (if this tab still writes) carries the whole episode.
 */
export function SaveBanner({ trace, save, retrying }: { trace: Trace; save: SaveState; retrying: boolean }) {
  if (save.kind !== 'failed') return null;
  return (
    <section className="panel storage-alarm" role="alert" data-testid="save-banner">
      <strong>Not saved — export to keep it.</strong>{' '}
      {save.memoryOnly
        ? `This run is kept in this tab only (${save.message}): it is gone when the tab closes or reloads.`
        : `${unsavedPart(save.savedSteps, trace.steps.length)} (${save.message}).${retrying ? ' Each new step tries to save the whole run again.' : ''}`}{' '}
      <ExportButton trace={trace} label="Export this run" testId="save-banner-export" />
    </section>
  );
}
