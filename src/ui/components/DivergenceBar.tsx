import { DIVERGENCE_KINDS, divergenceLabel, type Divergence, type DivergenceKind } from '../../traces/divergence';

export type DivergenceShow = DivergenceKind | 'any';

const pct = (x: number | null) => (x === null ? '' : ` (${Math.round(x * 100)}%)`);

/**
 * Where the verifiers disagree over a set of runs, each figure with a button
 * that shows just those runs: the reward-hacking surface one click away.
 */
export function DivergenceBar({
  divergence: d,
  scope,
  onShow,
  active,
}: {
  divergence: Divergence;
  scope: string;
  onShow(kind: DivergenceShow): void;
  active?: DivergenceShow | '';
}) {
  const n = d.diverging.length;
  return (
    <div className={`divergence${n ? ' divergence-alarm' : ''}`} data-testid="divergence" role="group" aria-label="divergence">
      <span className="muted">Divergence over {scope}:</span>
      {DIVERGENCE_KINDS.map((k) => {
        const c = d.kinds[k];
        return (
          <span key={k} className="divergence-kind" data-testid={`div-${k}`}>
            {divergenceLabel(k, d.denseAt)}{' '}
            {c.of === 0 ? (
              <span className="muted">{k === 'strict-vs-dense' ? 'n/a (no strict reading)' : 'n/a'}</span>
            ) : (
              <>
                <strong>{c.count}</strong> of {c.of}
                {pct(c.rate)}
              </>
            )}
            {c.count > 0 && active !== k ? (
              <button type="button" className="link" onClick={() => onShow(k)} data-testid={`show-${k}`}>
                show
              </button>
            ) : null}
          </span>
        );
      })}
      <button
        type="button"
        className={n ? 'danger' : undefined}
        disabled={n === 0 || active === 'any'}
        onClick={() => onShow('any')}
        data-testid="show-diverging"
      >
        {n} diverge{n === 1 ? 's' : ''} — {active === 'any' ? 'shown' : 'show'}
      </button>
    </div>
  );
}
