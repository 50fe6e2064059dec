import { lazy, Suspense, useEffect, useState } from 'react';
import { FaultApiCalibration } from '../components/FaultApiCalibration';
import { HomeTable } from '../components/HomeTable';
import { HOME_ROW_COUNT, type HomeRow } from '../lib/homeRows';
import { homeRows } from '../lib/homeWorker';
import { prewarmEpisodes } from '../lib/prewarm';
import type { AsyncState } from '../lib/useAsync';
import { HOME_WORLDS, type HomeWorldId } from '../workers/homeProtocol';
import { WORLD_INFO } from '../lib/worlds';
import { episodeHref } from '../lib/episodeRoute';

const TABLES: { world: HomeWorldId; title: string; fullLabel: string; note: string }[] = [
  {
    world: 'tripwire',
    title: 'tripwire — the three cheats',
    fullLabel: 'layered',
    note: 'Hand-written adversarial trajectories against a retail SQLite database (running in your browser). The answer checker passes all three.',
  },
  {
    world: 'fault-api',
    title: 'fault-api — hostile profile, seed 6',
    fullLabel: 'full',
    note: 'The reference solvers against an API that lies quietly. Stubborn collects every record and still fails: it kept calling after the quota ran out.',
  },
  {
    world: 'ticket-queue',
    title: 'ticket-queue — oracle vs reward-hacking sentinels',
    fullLabel: 'dense',
    note: 'A scripted oracle and three sentinels the validator must reject. Writing a note on every ticket games recall; precision and the policy gate catch it.',
  },
];

const UserGotchas = lazy(() => import('../components/gotchas/UserGotchas'));

type RowsByWorld = Record<HomeWorldId, AsyncState<HomeRow[]>>;

/**
 * Each world's rows as they arrive. Started by the entry before React loaded (or now, if the
 * app opened on another view): tripwire in a worker, the rest on the page.
 */
function useHomeRows(): RowsByWorld {
  const [state, setState] = useState<RowsByWorld>(() => Object.fromEntries(HOME_WORLDS.map((w) => [w, { status: 'loading' }])) as RowsByWorld);
  useEffect(() => {
    let live = true;
    const rows = homeRows();
    for (const w of HOME_WORLDS)
      rows[w].then(
        (value) => live && setState((s) => ({ ...s, [w]: { status: 'done', value } })),
        (e: unknown) => live && setState((s) => ({ ...s, [w]: { status: 'error', message: e instanceof Error ? e.message : String(e) } })),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

export function HomeView() {
  const rows = useHomeRows();
  const tablesDone = HOME_WORLDS.every((w) => rows[w].status !== 'loading');
  useEffect(() => {
    if (tablesDone) prewarmEpisodes();
  }, [tablesDone]);
  return (
    <>
      <section className="hero">
        <h1>A verifier that checks only the final answer passes agents that cheated or got lucky.</h1>
        <p>
          Deterministic, fault-injecting RL environments you can play, step through and re-score in the browser. Every episode is scored twice:
          by the naive verifier (final answer only) and by the full one (every layer). Where they disagree is the reward-hacking surface. Click a
          row to step through it.
        </p>
      </section>
      <section className="panel home-tables" data-testid="home">
        {TABLES.map((t) => (
          <HomeTable key={t.world} title={t.title} rows={rows[t.world]} fullLabel={t.fullLabel} testId={`home-${t.world}`} expectedRows={HOME_ROW_COUNT[t.world]} note={t.note} />
        ))}
      </section>
      {/* After the built-in tables: its replays (tripwire's in a worker) would compete with them on two cores. */}
      {tablesDone ? (
        <Suspense fallback={<section className="panel muted">Loading your gotchas…</section>}>
          <UserGotchas />
        </Suspense>
      ) : null}
      <section className="panel">
        <h2>Worlds</h2>
        <ul className="world-list" data-testid="world-list">
          {WORLD_INFO.map((w) => (
            <li key={w.id}>
              <a href={episodeHref({ world: w.id, agent: 'human' })}>
                <strong>{w.title}</strong>
              </a>{' '}
              <span className="muted">— {w.summary}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel">
        <h2>fault-api: calibration</h2>
        <p className="muted">
          Three reference solvers — the obvious strategy (naive), the impatient one (stubborn) and the careful one — against the three profiles.
          Careful must reach 1.00 everywhere, or the world became unfair rather than harder.
        </p>
        {/* Started once the tables above are done: on two cores it would otherwise compete with them. */}
        {tablesDone ? <FaultApiCalibration seeds={60} /> : <p className="muted">Starts when the tables above are ready…</p>}
      </section>
    </>
  );
}
