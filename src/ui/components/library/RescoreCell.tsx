import { rescoreDiffers, type Rescore } from '../../lib/rescore';

/** A row's re-score: not yet (the score shown is the recording's), the same, or different — said, not blended in. */
export function RescoreCell({ recorded, rescore }: { recorded: number | null; rescore: Rescore | undefined }) {
  if (!rescore)
    return (
      <span className="muted" title="Not replayed in this page yet: the scores on this row are what the trace recorded" data-testid="rescore-none">
        not yet
      </span>
    );
  const value = rescore.reward === null ? '—' : rescore.reward.toFixed(2);
  if (!rescoreDiffers(recorded, rescore))
    return (
      <span title="Replayed in this page: the same results and the same score as recorded" data-testid="rescore-same">
        {value} ✓
      </span>
    );
  return (
    <span
      className="bad"
      title={
        rescore.replay === 'mismatch'
          ? 'The replay differs from the recorded results (an edited file, or a changed world)'
          : 'Re-scored by today’s verifiers: not what the trace recorded'
      }
      data-testid="rescore-differs"
    >
      {value} ≠ {recorded === null ? '—' : recorded.toFixed(2)}
      {rescore.replay === 'mismatch' ? ' (replay differs)' : ''}
    </span>
  );
}
