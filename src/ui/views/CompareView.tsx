import type { Trace } from '../../core/types';
import { canonicalJson } from '../../core/json';
import { useEffect } from 'react';
import { Clamp } from '../components/Clamp';
import { RescoreCell } from '../components/library/RescoreCell';
import { payloadOf, rescore, useLibrary } from '../lib/library';
import type { Route } from '../lib/route';
import { useSavedRuns } from '../lib/useSavedRuns';

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 90 ? `${s.slice(0, 88)}…` : s;
};

/** Two or more traces of one task side by side: steps aligned, where they diverge, rewards per layer. */
export default function CompareView({ route }: { route: Route }) {
  const saved = useSavedRuns();
  const rescored = useLibrary((s) => s.rescored);
  const rescoring = useLibrary((s) => s.rescoring);
  const ids = (route.query.get('ids') ?? '').split(',').filter(Boolean);
  const traces = ids.flatMap((id) => {
    const p = payloadOf(id);
    return p?.kind === 'native' ? [{ id, trace: p.trace }] : [];
  });
  // Side by side, each trace is also replayed here: its re-score is shown beside (never instead of) its recorded score.
  const unscored = saved.ready ? traces.filter((t) => !rescored[t.id]).map((t) => t.id).join(',') : '';
  useEffect(() => {
    if (unscored) void rescore(unscored.split(','));
  }, [unscored]);
  if (!saved.ready) return <p className="muted">Opening the library…</p>;
  if (saved.error && traces.length < 2) return <p className="error">{saved.error}</p>;
  if (traces.length < 2) return <p className="error">Pick two or more native traces of the same task in the library to compare them.</p>;
  const n = Math.max(...traces.map((t) => t.trace.steps.length));
  const callKey = (t: Trace, i: number) => (t.steps[i] ? canonicalJson(t.steps[i]!.call) : '');
  const diverge = Array.from({ length: n }, (_, i) => new Set(traces.map((t) => callKey(t.trace, i))).size > 1);
  const first = diverge.indexOf(true);
  const layerIds = [...new Set(traces.flatMap((t) => t.trace.scorecard?.layers.map((l) => l.id) ?? []))];
  const name = (t: Trace) => t.agent.model ?? (t.agent.kind === 'human' ? 'human' : t.agent.name);
  return (
    <section className="panel compare" data-testid="compare">
      <h1>Compare {traces.length} traces</h1>
      <p className="muted">
        <Clamp text={traces[0]!.trace.world} /> · <Clamp text={JSON.stringify(traces[0]!.trace.task)} /> ·{' '}
        <span data-testid="first-divergence">{first < 0 ? 'identical calls throughout' : `calls first diverge at step ${first + 1}`}</span>
      </p>
      <table className="grid compare-table">
        <thead>
          <tr>
            <td />
            {traces.map((t) => (
              <th key={t.id}>
                <a href={`#/trace/${encodeURIComponent(t.id)}`}>
                  <Clamp text={name(t.trace)} />
                </a>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>recorded full / naive</th>
            {traces.map((t) => (
              <td key={t.id} className="num" data-testid="compare-recorded">
                {t.trace.scorecard?.reward.toFixed(2) ?? '—'} / {t.trace.scorecard?.naive.toFixed(2) ?? '—'}
              </td>
            ))}
          </tr>
          <tr>
            <th>re-scored full</th>
            {traces.map((t) => (
              <td key={t.id} className="num" data-testid="compare-rescored">
                {rescored[t.id] || !rescoring ? <RescoreCell recorded={t.trace.scorecard?.reward ?? null} rescore={rescored[t.id]} /> : <span className="muted">re-scoring…</span>}
              </td>
            ))}
          </tr>
          {layerIds.map((l) => (
            <tr key={l}>
              <th className="muted">{l} (recorded)</th>
              {traces.map((t) => (
                <td key={t.id} className="num">
                  {t.trace.scorecard?.layers.find((x) => x.id === l)?.value.toFixed(2) ?? '—'}
                </td>
              ))}
            </tr>
          ))}
          {Array.from({ length: n }, (_, i) => (
            <tr key={`s${i}`} className={diverge[i] ? 'row-changed' : undefined} data-testid={`compare-step-${i + 1}`}>
              <th>step {i + 1}</th>
              {traces.map((t) => {
                const s = t.trace.steps[i];
                return (
                  <td key={t.id} className={s && !s.result.ok ? 'bad' : undefined}>
                    {s ? (
                      <>
                        <code>{s.call.name}</code> {short(s.call.arguments)}
                      </>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
