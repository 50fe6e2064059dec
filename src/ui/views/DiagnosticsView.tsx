import { useEffect, useState } from 'react';
import { hashString } from '../../core/hash';
import { determinismProbe } from '../lib/determinismProbe';

type Probe = Awaited<ReturnType<typeof determinismProbe>>;

/** Determinism self-check: the same numbers Node computes (checked by Playwright). */
export default function DiagnosticsView() {
  const [probe, setProbe] = useState<Probe | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    determinismProbe().then(setProbe, (e: unknown) => setError(String(e)));
  }, []);
  if (error) return <p className="error">{error}</p>;
  if (!probe) return <p className="muted">Computing…</p>;
  return (
    <section className="panel">
      <h1>Determinism diagnostics</h1>
      <p className="muted">
        Hash vectors and whole reference traces of each world that offers a probe, computed by this browser. Node computes the same bytes.
      </p>
      <pre data-testid="hashes">{JSON.stringify(probe.hashes)}</pre>
      <table className="grid">
        <thead>
          <tr>
            <th>world · trace</th>
            <th>bytes</th>
            <th>digest</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(probe.traces).map(([id, text]) => (
            <tr key={id}>
              <td>{id}</td>
              <td className="num">{text.length}</td>
              <td className="num" data-testid={`digest-${id}`}>
                {hashString(text).toString(16)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <pre data-testid="traces" hidden>
        {JSON.stringify(probe.traces)}
      </pre>
    </section>
  );
}
