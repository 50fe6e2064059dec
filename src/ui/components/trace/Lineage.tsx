import { parentOf } from '../../../traces/fork';
import type { Trace } from '../../../core/types';
import { useLibrary } from '../../lib/library';
import { foreignParentAddress, forksByParent, listedIds, parentHref } from '../../lib/lineage';
import { Clamp } from '../Clamp';

/** Above a trace: the trace it was forked from (at which step), and the forks made of it. Nothing when it has neither. */
export function Lineage({ id, trace }: { id: string; trace: Trace }) {
  const entries = useLibrary((s) => s.entries);
  const ids = listedIds(entries);
  const parent = parentOf(trace);
  const forks = forksByParent(entries).get(id) ?? [];
  if (!parent && forks.length === 0) return null;
  const up = parentHref({ parent }, (p) => ids.has(p));
  const foreign = foreignParentAddress({ parent });
  return (
    <section className="panel lineage-panel" data-testid="trace-lineage">
      {parent ? (
        <p>
          Forked from{' '}
          {up ? (
            <a href={up} data-testid="lineage-parent">
              <Clamp text={parent.trace} max={120} />
            </a>
          ) : (
            <code>
              <Clamp text={parent.trace} max={120} />
            </code>
          )}{' '}
          at step {parent.step}: {parent.step === 1 ? 'its first call was' : `its first ${parent.step} calls were`} replayed and verified, the rest played by{' '}
          {trace.agent.kind === 'human' ? 'a person' : <Clamp text={trace.agent.name} max={120} />}.
          {foreign ? (
            // An address from the file, not a route of this app: shown whole, as text, never a link.
            <span className="foreign-address" data-testid="lineage-foreign">
              {' '}
              The trace names its parent's address as{' '}
              <code className="wrap-anywhere">
                {foreign.length > 2_000 ? `${foreign.slice(0, 2_000)}… (${foreign.length.toLocaleString('en-US')} characters)` : foreign}
              </code>{' '}
              (not opened from here).
            </span>
          ) : null}
        </p>
      ) : null}
      {forks.length ? (
        <p>
          Continued in:{' '}
          {forks.map((f, i) => (
            <span key={f.id}>
              {i ? ' · ' : ''}
              <a href={`#/trace/${encodeURIComponent(f.id)}`} data-testid="lineage-child">
                {f.agent} from step {f.step}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
