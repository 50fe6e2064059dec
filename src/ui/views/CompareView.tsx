import type { Trace } from '../../core/types';
import { canonicalJson } from '../../core/json';
import { sharesOf, shareText, type ShareRow } from '../../core/shares';
import { verdictStory } from '../../core/verdictStory';
import { withComposition } from '../../traces/composition';
import { useEffect } from 'react';
import { Clamp } from '../components/Clamp';
import { ExampleCompare } from '../components/library/ExampleCompare';
import { RescoreCell } from '../components/library/RescoreCell';
import { payloadOf, rescore, useLibrary } from '../lib/library';
import { agentLabel } from '../lib/librarySummary';
import type { Route } from '../lib/route';
import { useAsync } from '../lib/useAsync';
import { useSavedRuns } from '../lib/useSavedRuns';
import { loadWorld } from '../worlds/registry';

/** A layer's recorded value and its part in the full reward: "0.50 +0.10", "1.00 multiplies", "0.00 not counted". */
function LayerCell({ row }: { row: ShareRow }) {
  const v = row.layer.value.toFixed(2);
  if (row.role === 'unknown') return <>{v}</>;
  if (row.role === 'not counted') return <span className="muted">{v} not counted</span>;
  return (
    <>
      {v}{' '}
      <span className="muted">
        {[row.role === 'adds' ? null : 'multiplies', row.adds === null ? null : `+${row.adds}`].filter((p) => p !== null).join(', ')}
      </span>
    </>
  );
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 90 ? `${s.slice(0, 88)}…` : s;
};

/** `?by=example`: models side by side on the examples they share; else two or more traces of one task, steps aligned. */
export default function CompareView({ route }: { route: Route }) {
  return route.query.get('by') === 'example' ? <ByExample route={route} /> : <ByStep route={route} />;
}

function ByExample({ route }: { route: Route }) {
  const saved = useSavedRuns();
  const entries = useLibrary((s) => s.entries);
  const ids = new Set((route.query.get('ids') ?? '').split(',').filter(Boolean));
  if (!saved.ready) return <p className="muted">Opening the library…</p>;
  return <ExampleCompare entries={entries.filter((e) => ids.has(e.id))} />;
}

/** Two or more traces of one task side by side: steps aligned, where they diverge, rewards per layer. */
function ByStep({ route }: { route: Route }) {
  const saved = useSavedRuns();
  const worldId = (() => {
    const p = payloadOf((route.query.get('ids') ?? '').split(',')[0] ?? '');
    return p?.kind === 'native' ? p.trace.world : null;
  })();
  const world = useAsync(() => (worldId ? loadWorld(worldId, 'reference') : Promise.reject(new Error('no native trace'))), [worldId]);
  const rescored = useLibrary((s) => s.rescored);
  const rescoring = useLibrary((s) => s.rescoring);
  const ids = (route.query.get('ids') ?? '').split(',').filter(Boolean);
  const traces = ids.flatMap((id) => {
    const p = payloadOf(id);
    return p?.kind === 'native' ? [{ id, trace: p.trace }] : [];
  });
  // Side by side, each trace is also replayed here: its re-score is shown beside (never instead of) its recorded score.
  const unscored = saved.ready
    ? traces
        .filter((t) => !rescored[t.id])
        .map((t) => t.id)
        .join(',')
    : '';
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
  // A card recorded before scorecards carried their composition gets the rubric's, when it gives the recorded total.
  const cardOf = (t: Trace) => (t.scorecard && world.status === 'done' ? (withComposition(world.value, t).scorecard ?? null) : t.scorecard);
  const layerIds = [...new Set(traces.flatMap((t) => t.trace.scorecard?.layers.map((l) => l.id) ?? []))];
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
                  <Clamp text={agentLabel(t.trace)} />
                </a>
                {t.trace.agent.hints ? (
                  <span className="badge badge-warn" data-testid="compare-hinted" title="The player saw the verifier's view during play: not a human baseline">
                    hints
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th>recorded naive / full</th>
            {traces.map((t) => (
              <td key={t.id} className="num" data-testid="compare-recorded">
                {t.trace.scorecard?.naive.toFixed(2) ?? '—'} / {t.trace.scorecard?.reward.toFixed(2) ?? '—'}
              </td>
            ))}
          </tr>
          <tr>
            <th>why</th>
            {traces.map((t) => (
              <td key={t.id} className="small" data-testid="compare-story">
                {t.trace.scorecard ? verdictStory(cardOf(t.trace)!) : '—'}
              </td>
            ))}
          </tr>
          <tr>
            <th>re-scored full</th>
            {traces.map((t) => (
              <td key={t.id} className="num" data-testid="compare-rescored">
                {rescored[t.id] || !rescoring ? (
                  <RescoreCell recorded={t.trace.scorecard?.reward ?? null} rescore={rescored[t.id]} />
                ) : (
                  <span className="muted">re-scoring…</span>
                )}
              </td>
            ))}
          </tr>
          {layerIds.map((l) => (
            <tr key={l}>
              <th className="muted">{l} (recorded)</th>
              {traces.map((t) => {
                const card = cardOf(t.trace);
                const row = card ? sharesOf(card).rows.find((r) => r.layer.id === l) : undefined;
                return (
                  <td key={t.id} className="num" data-testid={`compare-layer-${l}`} title={row ? shareText(row) : undefined}>
                    {row ? <LayerCell row={row} /> : '—'}
                  </td>
                );
              })}
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
