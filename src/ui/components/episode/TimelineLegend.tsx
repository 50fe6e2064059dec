import { COLOR, LINES, MARKS, type MarkKind } from '../../lib/palette';
import { MarkGlyph } from './MarkGlyph';

const Line = ({ line }: { line: keyof typeof LINES }) => (
  <svg width={22} height={10} aria-hidden>
    <line x1={1} x2={21} y1={5} y2={5} stroke={COLOR[LINES[line].color]} strokeWidth={2} strokeDasharray={LINES[line].dash ?? undefined} />
  </svg>
);

/**
 * What every mark and line on the timeline means, from the palette (lib/palette.ts): the verifier's marks and
 * lines are listed only when they are drawn.
 */
export function TimelineLegend({
  hideEvents,
  readings,
  series,
}: {
  hideEvents: boolean;
  readings: boolean;
  series: { label: string; limit: string | null } | null;
}) {
  const kinds = (Object.keys(MARKS) as MarkKind[]).filter((k) => !hideEvents || !MARKS[k].verifier);
  return (
    <ul className="timeline-legend small muted" data-testid="timeline-legend" aria-label="Timeline legend">
      {kinds.map((k) => (
        <li key={k} data-testid={`legend-${k}`}>
          <svg width={16} height={16} aria-hidden>
            <MarkGlyph kind={k} cx={8} cy={8} />
          </svg>{' '}
          {MARKS[k].label}
        </li>
      ))}
      {readings ? (
        <>
          <li data-testid="legend-naive">
            <Line line="naive" /> {LINES.naive.label}
          </li>
          <li data-testid="legend-full">
            <Line line="full" /> {LINES.full.label}
          </li>
        </>
      ) : null}
      {series ? (
        <li data-testid="legend-series">
          <Line line="series" /> {series.label}
        </li>
      ) : null}
      {series?.limit ? (
        <li data-testid="legend-limit">
          <Line line="limit" /> {series.limit}
        </li>
      ) : null}
      {hideEvents ? null : <li>a number beside a mark: that many things at that step; hover for each</li>}
    </ul>
  );
}
