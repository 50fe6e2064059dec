import { rescore, type LibraryState } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';

/** Replay and re-score the selected (or listed) native traces not re-scored yet, one after another. */
export function RescoreButton({
  target,
  rescored,
  rescoring,
}: {
  target: readonly LibraryEntry[];
  rescored: LibraryState['rescored'];
  rescoring: LibraryState['rescoring'];
}) {
  const todo = target.filter((e) => e.kind === 'native' && !rescored[e.id]);
  if (rescoring)
    return (
      <span className="muted small" data-testid="rescoring">
        re-scoring {rescoring.done} of {rescoring.total}…
      </span>
    );
  return (
    <button
      type="button"
      disabled={todo.length === 0}
      onClick={() => void rescore(todo.map((e) => e.id))}
      data-testid="rescore"
      title="Replay each trace against the worlds as this page has them and score it with today's verifiers; the recorded scores stay beside the new ones"
    >
      Re-score {todo.length || ''}
    </button>
  );
}
