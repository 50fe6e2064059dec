import type { Scorecard } from '../../../core/types';

function VerdictCard({ title, value, verdict, note }: { title: string; value: number; verdict: 'PASS' | 'FAIL'; note?: string | null }) {
  return (
    <div className={`verdict verdict-${verdict.toLowerCase()}`} data-testid={`verdict-${title.split(' ')[0]}`}>
      <div className="verdict-title">{title}</div>
      <div className="verdict-value">
        <span className="verdict-number">{value.toFixed(2)}</span> <span className="verdict-word">{verdict}</span>
      </div>
      {note ? <div className="verdict-note">caught by {note}</div> : null}
    </div>
  );
}

/** A bar per layer (value, weight, contribution), the reasons that cost points, and the two verdicts. */
export function ScorecardPanel({ card, fullLabel = 'full' }: { card: Scorecard; fullLabel?: string }) {
  const weighted = card.layers.filter((l) => !l.gate && l.weight > 0);
  const totalWeight = weighted.reduce((s, l) => s + l.weight, 0) || 1;
  return (
    <div className="scorecard" data-testid="scorecard">
      {!card.final ? (
        <p className="provisional" data-testid="provisional">
          Provisional: what the verifiers would say if the agent stopped here.
        </p>
      ) : null}
      <div className="verdict-pair">
        <VerdictCard title="naive (final answer only)" value={card.naive} verdict={card.verdict.naive} />
        <VerdictCard title={`${fullLabel} (every layer)`} value={card.reward} verdict={card.verdict.full} note={card.verdict.caughtBy} />
      </div>
      {card.readings
        ? Object.entries(card.readings).map(([k, v]) => (
            <p key={k} className="muted small" data-testid={`reading-${k}`}>
              {k}: {v.toFixed(2)} {v >= 1 - 1e-9 ? 'PASS' : 'FAIL'}
            </p>
          ))
        : null}
      <ul className="layers">
        {card.layers.map((l) => (
          <li key={l.id} className={l.pass ? 'layer layer-pass' : 'layer layer-fail'} data-testid={`layer-${l.id}`}>
            <div className="layer-head">
              <span className="layer-label">{l.label}</span>
              <span className="layer-meta">
                {l.gate ? 'gate ×' : l.weight > 0 ? `weight ${l.weight.toFixed(2)} · adds ${((l.weight / totalWeight) * l.value).toFixed(2)}` : 'metric'}
              </span>
              <span className="layer-value" data-testid={`layer-value-${l.id}`}>
                {l.value.toFixed(2)}
              </span>
            </div>
            <div className="bar" aria-hidden>
              <div className="bar-fill" style={{ width: `${Math.round(l.value * 100)}%` }} />
            </div>
            {l.reasons.length > 0 ? (
              <ul className="reasons">
                {l.reasons.map((r, i) => (
                  <li key={i}>{r}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
