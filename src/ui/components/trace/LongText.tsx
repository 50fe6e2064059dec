import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { describeLength, piece, pieceCount, SHOWN_CHARS } from '../../lib/longText';

/**
 * Text from a file, of any length: up to SHOWN_CHARS characters as they are,
 * past that its start and "show all (N MB)". Shown whole, it is drawn piece by
 * piece in its own scrolling box (only the pieces on screen are in the page),
 * so a 64 MB message never becomes one node the browser must lay out at once.
 */
export function LongText({ text, className = 'message-text', testId }: { text: string; className?: string; testId?: string }) {
  const [all, setAll] = useState(false);
  if (text.length <= SHOWN_CHARS)
    return (
      <pre className={className} data-testid={testId}>
        {text}
      </pre>
    );
  if (all) return <Pieces text={text} className={className} testId={testId} />;
  return (
    <div data-testid={testId}>
      <pre className={className}>{piece(text, 0, SHOWN_CHARS)}…</pre>
      <button type="button" className="link" onClick={() => setAll(true)} data-testid="show-all">
        show all ({describeLength(text.length)})
      </button>
    </div>
  );
}

/** A long text in pieces of SHOWN_CHARS characters, virtualized in a box of its own. */
function Pieces({ text, className, testId }: { text: string; className: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const count = pieceCount(text, SHOWN_CHARS);
  const virtual = useVirtualizer({ count, getScrollElement: () => box.current, estimateSize: () => 400, overscan: 2 });
  return (
    <div
      className="long-text"
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={`the whole text, ${describeLength(text.length)}`}
      data-testid={testId ? `${testId}-all` : 'long-text-all'}
    >
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((v) => (
          <pre
            key={v.key}
            className={`${className} long-piece`}
            data-index={v.index}
            ref={virtual.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }}
          >
            {piece(text, v.index, SHOWN_CHARS)}
          </pre>
        ))}
      </div>
    </div>
  );
}
