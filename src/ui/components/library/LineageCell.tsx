import { useLibrary } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { forksByParent, listedIds, parentHref } from '../../lib/lineage';

/** A row's lineage: the trace it was forked from, and the forks made of it; one click each way. */
export function LineageCell({ entry }: { entry: LibraryEntry }) {
  const entries = useLibrary((s) => s.entries);
  const ids = listedIds(entries);
  const forks = forksByParent(entries).get(entry.id) ?? [];
  const up = parentHref(entry, (id) => ids.has(id));
  return (
    <span className="lineage" data-testid="lineage">
      {entry.parent ? (
        up ? (
          <a href={up} title={`Forked from ${entry.parent.trace} at step ${entry.parent.step}`} data-testid="lineage-parent">
            ↑ step {entry.parent.step}
          </a>
        ) : (
          <span title={`Forked from ${entry.parent.trace}`}>↑ step {entry.parent.step}</span>
        )
      ) : null}
      {forks.map((f, i) => (
        <a key={f.id} href={`#/trace/${encodeURIComponent(f.id)}`} title={`Continued by ${f.agent} from step ${f.step}`} data-testid="lineage-child">
          ↓{forks.length > 1 ? ` ${i + 1}` : ''} {f.agent}
        </a>
      ))}
    </span>
  );
}
