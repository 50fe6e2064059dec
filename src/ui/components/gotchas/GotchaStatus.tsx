import type { GotchaEntry } from '../../../traces/suite';
import type { EntryResult } from '../../../traces/suiteScore';
import type { AsyncState } from '../../lib/useAsync';
import { clampText } from '../../lib/clamp';
import { describeVerdicts } from '../../lib/userGotchas';

const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/**
 * What a re-score found for one gotcha. A changed verdict is said loudly, with
 * what it was and what it is now: that is the regression the suite exists for.
 */
export function GotchaStatus({ entry, result }: { entry: GotchaEntry; result: AsyncState<EntryResult> | undefined }) {
  if (!result || result.status === 'loading') return <span className="muted">re-scoring…</span>;
  if (result.status === 'error')
    return (
      <span className="gotcha-flag" data-testid="gotcha-status">
        <strong>COULD NOT RE-SCORE</strong> {clampText(result.message, 300)}
      </span>
    );
  const r = result.value;
  if (r.status === 'error')
    return (
      <span className="gotcha-flag" data-testid="gotcha-status">
        <strong>COULD NOT REPLAY</strong> {clampText(r.error ?? '', 300)}
      </span>
    );
  const moved = r.rewardDelta !== null && Math.abs(r.rewardDelta) > 1e-9 ? ` (full reward ${signed(r.rewardDelta)})` : '';
  if (r.status === 'unchanged')
    return (
      <span className="pass" data-testid="gotcha-status">
        unchanged{moved}
      </span>
    );
  return (
    <span className="gotcha-flag" role="alert" data-testid="gotcha-status">
      <strong>VERDICT CHANGED</strong> ({r.changed.join(', ')})
      <span className="gotcha-was">was: {describeVerdicts(entry.expected)}</span>
      <span className="gotcha-now">now: {describeVerdicts(r.actual!)}</span>
    </span>
  );
}
