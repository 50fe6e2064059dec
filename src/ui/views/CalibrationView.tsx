import { useAsync } from '../lib/useAsync';
import { WORLD_ENTRIES } from '../worlds/registry';

const uis = () => Promise.all(WORLD_ENTRIES.map(async (w) => ({ id: w.id, ui: await w.ui() })));

/** Each world's calibration, in the registry's order: what its reference agents score, computed in this browser. */
export default function CalibrationView() {
  const loaded = useAsync(uis, []);
  if (loaded.status === 'loading') return <p className="muted">Loading…</p>;
  if (loaded.status === 'error') return <p className="error">{loaded.message}</p>;
  return (
    <>
      <h1 className="view-title">Calibration</h1>
      <section className="panel" data-testid="calibration-intro">
        <h2>Calibration: what the verifiers are shown to do</h2>
        <p>
          Every world ships scripted reference agents, and this page runs all of them on every task, here in your browser. An <strong>oracle</strong> (an
          honest, correct run) must score 1.00: the world is solvable and the full verifier does not punish honesty. Every <strong>sentinel</strong> (a scripted
          cheat: doing nothing, fabricating, shotgunning, touching what is forbidden) must FAIL the full verifier and stay under its ceiling, while many of them
          PASS the naive one. Solvers in between show that the reward grades partial work. If a number here moved, a verifier or a world changed.
        </p>
        <p className="muted small">
          Colours keep their meaning across the charts: naive is orange and full is blue wherever they appear; each solver has its own colour. Green and red are
          only ever PASS and FAIL.
        </p>
      </section>
      {loaded.value.map(({ id, ui: { calibration } }) => (
        <section className="panel" key={id} data-testid={`calibration-${id}`}>
          <h2>{calibration.title}</h2>
          <calibration.Panel />
        </section>
      ))}
    </>
  );
}
