import { toolColor } from './eventStyle';

const Dot = ({ color }: { color: string }) => (
  <svg width={12} height={12} aria-hidden>
    <circle cx={6} cy={6} r={5} fill={color} />
  </svg>
);

/** What the timeline's shapes and colours mean; the verifier's marks are listed only when they are shown. */
export function TimelineLegend({ tools, hideEvents }: { tools: readonly string[]; hideEvents: boolean }) {
  return (
    <ul className="timeline-legend small muted" data-testid="timeline-legend" aria-label="Timeline legend">
      {tools.map((t) => (
        <li key={t}>
          <Dot color={toolColor(tools, t)} /> <code>{t}</code>
        </li>
      ))}
      <li>
        <svg width={12} height={12} aria-hidden>
          <rect x={1} y={1} width={10} height={10} fill="var(--c-bad)" />
        </svg>{' '}
        a failed call
      </li>
      {hideEvents ? null : (
        <>
          <li>
            <svg width={14} height={14} aria-hidden>
              <path d="M7 0L14 7L7 14L0 7Z" fill="var(--c-bad)" />
            </svg>{' '}
            a trip, a refusal or a 429: the verifier’s alarm
          </li>
          <li>
            <Dot color="var(--c-fault)" /> an injected fault
          </li>
          <li>
            <Dot color="var(--c-warn)" /> a write or an error event
          </li>
          <li>
            <Dot color="var(--accent)" /> a read
          </li>
          <li>a number beside a mark: that many things at that step; hover for each</li>
        </>
      )}
    </ul>
  );
}
