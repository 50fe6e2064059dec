import { useLayoutEffect } from 'react';
import { useLibrary } from '../../lib/library';
import { libraryParams, listedRows, neighbours, readLibraryQuery } from '../../lib/libraryQuery';
import { navigate } from '../../lib/navigate';
import { hrefFor } from '../../lib/route';
import { clampText } from '../../lib/clamp';

/**
 * Back to the library as it was (search, filters, grouping, sort: the trace's
 * URL carries them), and the previous / next trace of that listing; keys j / k.
 */
export function TraceNav({ id, query }: { id: string; query: URLSearchParams }) {
  const entries = useLibrary((s) => s.entries);
  const q = readLibraryQuery(query);
  const params = libraryParams(q);
  const { prev, next, index } = neighbours(listedRows(entries, q), id);
  const total = listedRows(entries, q).length;
  const hrefOf = (other: string) => hrefFor(['trace', other], params);
  const prevHref = prev ? hrefOf(prev.id) : null;
  const nextHref = next ? hrefOf(next.id) : null;
  // A layout effect, as the episode's keys (components/episode/Controls.tsx): j / k work from the frame that draws these links.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target;
      if (e.ctrlKey || e.metaKey || e.altKey || (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)))) return;
      if (e.key === 'j' && nextHref) navigate(nextHref);
      if (e.key === 'k' && prevHref) navigate(prevHref);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [prevHref, nextHref]);
  return (
    <nav className="trace-nav" aria-label="traces" data-testid="trace-nav">
      <a href={hrefFor(['traces'], params)} data-testid="back-to-library">
        ← Back to the library
      </a>
      {index >= 0 ? (
        <span className="muted" data-testid="trace-position">
          trace {index + 1} of {total} listed
        </span>
      ) : null}
      {prevHref ? (
        <a href={prevHref} data-testid="prev-trace" title={`${clampText(prev!.task, 80)} (k)`} aria-keyshortcuts="k">
          ‹ previous
        </a>
      ) : null}
      {nextHref ? (
        <a href={nextHref} data-testid="next-trace" title={`${clampText(next!.task, 80)} (j)`} aria-keyshortcuts="j">
          next ›
        </a>
      ) : null}
      <span className="muted small">j / k</span>
    </nav>
  );
}
