import { sharesOf, shareText } from '../../../core/shares';
import type { Scorecard } from '../../../core/types';
import { verdictStory } from '../../../core/verdictStory';
import { COLOR } from '../../lib/palette';

function VerdictCard({
  name,
  what,
  value,
  verdict,
  note,
}: {
  name: 'naive' | 'full';
  what: string;
  value: number;
  verdict: 'PASS' | 'FAIL';
  note?: string | null;
}) {
  return (
    <div className={`verdict verdict-${verdict.toLowerCase()}`} data-testid={`verdict-${name}`}>
      <div className="verdict-title">
        {/* The verifier's own colour, as its line on the timeline and its bars in the charts: the box's colour is the verdict's. */}
        <span className="swatch" style={{ background: COLOR[name] }} aria-hidden />
        {name} ({what})
      </div>
      <div className="verdict-value">
        <span className="verdict-number">{value.toFixed(2)}</span> <span className="verdict-word">{verdict}</span>
      </div>
      {note ? <div className="verdict-note">caught by {note}</div> : null}
    </div>
  );
}

/**
 * The two verdicts, naive first, a sentence on why they differ, then every layer
 * with what it adds to the full reward: the verifier's own composition, so the
 * shares shown sum to the total shown.
 */
export function ScorecardPanel({ card }: { card: Scorecard }) {
  const shares = sharesOf(card);
  return (
    <div className="scorecard" data-testid="scorecard">
      {!card.final ? (
        <p className="provisional" data-testid="provisional">
          Provisional: what the verifiers would say if the agent stopped here.
        </p>
      ) : null}
      <div className="verdict-pair">
        <VerdictCard name="naive" what="final answer only" value={card.naive} verdict={card.verdict.naive} />
        <VerdictCard name="full" what="every layer" value={card.reward} verdict={card.verdict.full} note={card.verdict.caughtBy} />
      </div>
      <p className="verdict-story" data-testid="verdict-story">
        {verdictStory(card)}
      </p>
      {card.readings
        ? Object.entries(card.readings).map(([k, v]) => (
            <p key={k} className="muted small" data-testid={`reading-${k}`}>
              extra reading, {k}: {v.toFixed(2)} {v >= 1 - 1e-9 ? 'PASS' : 'FAIL'}
            </p>
          ))
        : null}
      <p className="muted small formula" data-testid="formula">
        {shares.formula ? (
          <>
            full = {shares.formula} = <strong>{shares.total}</strong>
          </>
        ) : (
          'Recorded before scorecards said how their layers combine, and the rubric gives another total now: no shares shown.'
        )}
      </p>
      <ul className="layers">
        {shares.rows.map((r) => (
          <li
            key={r.layer.id}
            className={`layer ${r.role === 'not counted' ? 'layer-unused' : r.layer.pass ? 'layer-pass' : 'layer-fail'}`}
            data-testid={`layer-${r.layer.id}`}
          >
            <div className="layer-head">
              <span className="layer-label">{r.layer.label}</span>
              <span className="layer-meta" data-testid={`layer-share-${r.layer.id}`}>
                {shareText(r)}
              </span>
              <span className="layer-value" data-testid={`layer-value-${r.layer.id}`}>
                {r.layer.value.toFixed(2)}
              </span>
            </div>
            <div className="bar" aria-hidden>
              <div className="bar-fill" style={{ width: `${Math.round(r.layer.value * 100)}%` }} />
            </div>
            {r.layer.reasons.length > 0 ? (
              <ul className="reasons">
                {r.layer.reasons.map((reason, i) => (
                  <li key={i}>{reason}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
