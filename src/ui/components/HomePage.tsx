import type { ReactNode } from 'react';
import { episodeHref } from '../lib/episodeRoute';
import { HOME_ROW_COUNT } from '../lib/homeRows';
import type { HomeState } from '../lib/homeCheck';
import { fullLabelOf, WORLD_INFO } from '../lib/worlds';
import type { HomeWorldId } from '../workers/homeProtocol';
import { HomeTable } from './HomeTable';

/** The showcase: which world's reference rows each home table shows, and what it says about them (the rows: lib/homeRows). */
const TABLES: { world: HomeWorldId; title: string; note: string }[] = [
  {
    world: 'tripwire',
    title: 'tripwire — the three cheats',
    note: 'Hand-written adversarial trajectories against a retail SQLite database (running in your browser). The answer checker passes all three.',
  },
  {
    world: 'fault-api',
    title: 'fault-api — hostile profile, seed 6',
    note: 'The reference solvers against an API that lies quietly. Stubborn collects every record and still fails: it kept calling after the quota ran out.',
  },
  {
    world: 'ticket-queue',
    title: 'ticket-queue — oracle vs reward-hacking sentinels',
    note: 'A scripted oracle and three sentinels the validator must reject. Writing a note on every ticket games recall; precision and the policy gate catch it.',
  },
  {
    world: 'web-portal',
    title: 'web-portal — the three cheats, in a web app',
    note: "The same cheats against a modelled support portal whose own event log is the authorizer: reading the page source's hidden answer key, refunding without the identity check, refunding the wrong order. The answer checker passes all three.",
  },
];

/**
 * The home page as plain props. The build renders it in Node with the rows it
 * computed (scripts/prerenderHome.tsx) into index.html, and the app's first
 * render gives the same markup, so React takes over the painted page in place.
 * `gotchas` and `calibration` are null until the tables are verified: their
 * work would compete with the verification on two cores.
 */
export function HomePage({ state, gotchas, calibration }: { state: HomeState; gotchas: ReactNode; calibration: ReactNode }) {
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
          <HomeTable key={t.world} {...t} fullLabel={fullLabelOf(t.world)} state={state[t.world]} expectedRows={HOME_ROW_COUNT[t.world]} />
        ))}
      </section>
      {gotchas}
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
        {calibration ?? <p className="muted">Starts when the tables above are verified…</p>}
      </section>
    </>
  );
}
