import { clampText, hoverText } from '../lib/clamp';

/**
 * A name from a file or an endpoint, on one line: cut to `max` characters,
 * clipped by CSS to its box, the whole of it on hover.
 */
export function Clamp({ text, max = 80, className }: { text: string; max?: number; className?: string }) {
  return (
    <span className={className ? `clamp ${className}` : 'clamp'} title={hoverText(text)}>
      {clampText(text, max)}
    </span>
  );
}
