import { useMemo } from 'react';
import { parentOf } from '../../../traces/fork';
import type { Trace } from '../../../core/types';
import { useLibrary } from '../../lib/library';
import { forksByParent, parentHref } from '../../lib/lineage';

/** Above a trace: the trace it was forked from (at which step), and the forks made of it. Nothing when it has neither. */
export function Lineage({ id, trace }: { id: string; trace: Trace }) {
  const entries = useLibrary((s) => s.entries);
  const ids = useMemo(() => new Set(entries.map((e) => e.id)), [entries]);
  const parent = parentOf(trace);
  const forks = forksByParent(entries).get(id) ?? [];
  if (!parent && forks.length === 0) return null;
  const up = parentHref({ parent }, (p) => ids.has(p));
  return (
    <section className="panel lineage-panel" data-testid="trace-lineage">
      {parent ? (
        <p>
          Forked from {up ? <a href={up} data-testid="lineage-parent">{parent.trace}</a> : <code>{parent.trace}</code>} at step {parent.step}:{' '}
          {parent.step === 1 ? 'its first call was' : `its first ${parent.step} calls were`} replayed and verified, the rest played by {trace.agent.kind === 'human' ? 'a person' : trace.agent.name}.
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
