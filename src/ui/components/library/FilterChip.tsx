import { clampText } from '../../lib/clamp';

/** A filter the URL holds, shown with a way to clear it. */
export function FilterChip({ text, onClear, testId }: { text: string; onClear(): void; testId: string }) {
  return (
    <span className="chip" data-testid={testId}>
      {clampText(text, 80)}{' '}
      <button type="button" className="link" onClick={onClear}>
        clear
      </button>
    </span>
  );
}
