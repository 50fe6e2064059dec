import { useAsync } from '../lib/useAsync';
import { WORLDS } from '../worlds/registry';

const uis = () => Promise.all(WORLDS.map(async (w) => ({ id: w.id, ui: await w.ui() })));

/** Each world's calibration, in the registry's order: what its reference agents score, computed in this browser. */
export default function CalibrationView() {
  const loaded = useAsync(uis, []);
  if (loaded.status === 'loading') return <p className="muted">Loading…</p>;
  if (loaded.status === 'error') return <p className="error">{loaded.message}</p>;
  return (
    <>
      <h1 className="view-title">Calibration</h1>
      {loaded.value.map(({ id, ui: { calibration } }) => (
        <section className="panel" key={id}>
          <h2>{calibration.title}</h2>
          <calibration.Panel />
        </section>
      ))}
    </>
  );
}
