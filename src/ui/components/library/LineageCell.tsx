import { useLibrary } from '../../lib/library';
import type { LibraryEntry } from '../../lib/librarySummary';
import { forksByParent, listedIds, parentHref } from '../../lib/lineage';

/** A row's lineage: the trace it was forked from, and the forks made of it; one click each way. */
export function LineageCell({ entry }: { entry: LibraryEntry }) {
  const entries = useLibrary((s) => s.entries);
  const forks = forksByParent(entries).get(entry.id) ?? [];
  // The listing's ids are built only for a fork's row (most are not): a set of 10,000 ids per batch of an import was a share of its tasks.
  const up = parentHref(entry, (id) => listedIds(entries).has(id));
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
