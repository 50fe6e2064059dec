import { WORLD_INFO } from '../lib/worlds';
import { FaultApiCalibration } from '../components/FaultApiCalibration';

export function HomeView() {
  return (
    <>
      <section className="hero">
        <h1>A verifier that checks only the final answer passes agents that cheated or got lucky.</h1>
        <p>
          Deterministic, fault-injecting RL environments you can play, step through and re-score in the browser. Every episode is scored twice:
          by the naive verifier (final answer only) and by the full one (every layer). Where they disagree is the reward-hacking surface.
        </p>
      </section>
      <section className="panel">
        <h2>Worlds</h2>
        <ul className="world-list" data-testid="world-list">
          {WORLD_INFO.map((w) => (
            <li key={w.id}>
              <strong>{w.title}</strong> <span className="muted">— {w.summary}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="panel">
        <h2>fault-api: calibration</h2>
        <p className="muted">
          Three reference solvers — the obvious strategy (naive), the impatient one (stubborn) and the careful one — against the three
          profiles. Careful must reach 1.00 everywhere, or the world became unfair rather than harder.
        </p>
        <FaultApiCalibration seeds={60} />
      </section>
    </>
  );
}
