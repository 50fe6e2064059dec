import type { ReactNode } from 'react';
import { episodeHref } from '../lib/episodeRoute';
import { homeWorldState, type HomeState } from '../lib/home/check';
import { homeTables, WORLD_ENTRIES } from '../worlds/registry';
import { HomeTable } from './HomeTable';

/**
 * The home page as plain props. The build renders it in Node with the rows it
 * computed (scripts/prerenderHome.tsx) into index.html, and the app's first
 * render gives the same markup, so React takes over the painted page in place.
 * `gotchas` and `calibration` (a world's calibration panel, for the tables
 * that show one) are null until the tables are verified: their work would
 * compete with the verification on two cores.
 */
export function HomePage({ state, gotchas, calibration }: { state: HomeState; gotchas: ReactNode; calibration: ((world: string) => ReactNode) | null }) {
  const tables = homeTables();
  return (
    <>
      <section className="hero">
        <h1>A verifier that checks only the final answer passes agents that cheated or got lucky.</h1>
        <p>
          Deterministic, fault-injecting RL environments you can play, step through and re-score in the browser. Every episode is scored twice: by the naive
          verifier (final answer only) and by the full one (every layer). Where they disagree is the reward-hacking surface. Click a row to step through it.
        </p>
      </section>
      <section className="panel home-tables" data-testid="home">
        {tables.map((w) => (
          <HomeTable key={w.id} world={w.id} title={w.home.title} note={w.home.note} state={homeWorldState(state, w.id)} expectedRows={w.home.count} />
        ))}
      </section>
      {gotchas}
      <section className="panel">
        <h2>Worlds</h2>
        <ul className="world-list" data-testid="world-list">
          {WORLD_ENTRIES.map((w) => (
            <li key={w.id}>
              <a href={episodeHref({ world: w.id, agent: 'human' })}>
                <strong>{w.title}</strong>
              </a>{' '}
              <span className="muted">— {w.summary}</span>
            </li>
          ))}
        </ul>
      </section>
      {tables.flatMap((w) =>
        w.home.calibration ? (
          <section className="panel" key={`calibration-${w.id}`} data-testid={`home-calibration-${w.id}`}>
            <h2>{w.home.calibration.title}</h2>
            <p className="muted">{w.home.calibration.intro}</p>
            {calibration?.(w.id) ?? <p className="muted">Starts when the tables above are verified…</p>}
          </section>
        ) : (
          []
        ),
      )}
    </>
  );
}
