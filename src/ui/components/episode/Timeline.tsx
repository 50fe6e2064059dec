import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Reading } from '../../../core/readings';
import type { Step } from '../../../core/types';
import type { SeriesValues } from '../../lib/useStepState';
import { useWidth } from '../../lib/useWidth';
import { COLOR, LINES } from '../../lib/palette';
import { LANE_LABEL, type Lane } from './eventStyle';
import { MarkGlyph } from './MarkGlyph';
import { TimelineLegend } from './TimelineLegend';
import { marksOf, thinMarks, type Mark } from './timelineMarks';

export interface TimelineProps {
  steps: readonly Step[];
  /** Calls applied at the selected point (0 = start). */
  selected: number;
  onSelect(step: number): void;
  /** Hide the verifier's lanes (a person playing without hints). */
  hideEvents: boolean;
  /** A world's series (requests spent, say): its value at each step from the start, and a level drawn across. */
  series?: SeriesValues;
  /** The naive and full readings after each step (k = 0 … n), drawn as two thin lines from 0 to 1. */
  readings?: readonly Reading[];
}

const LEFT = 112;
const LANE_H = 26;
const CHART_H = 64;
/** Room above the series for its limit's label: at the top of the chart it would sit on the readings' lines. */
const CHART_HEAD = 14;
const READINGS_H = 40;

/** x = step; lanes for calls, faults, access and errors; hover for the sentence, click to select. */
export function Timeline({ steps, selected, onSelect, hideEvents, series, readings }: TimelineProps) {
  // 0 until measured (before the first paint): the first render then draws a few marks, not a long trace's thousand at a guessed width.
  const [ref, width] = useWidth<HTMLDivElement>(0);
  const [hover, setHover] = useState<Hover | null>(null);
  // The marks keep one onSelect for good (the view's changes with every step shown), so their memo holds.
  const latest = useRef(onSelect);
  useLayoutEffect(() => {
    latest.current = onSelect;
  });
  const select = useCallback((k: number) => latest.current(k), []);
  const lanes: Lane[] = hideEvents ? ['calls', 'errors'] : ['calls', 'faults', 'access', 'errors'];
  const n = Math.max(steps.length, 1);
  const plotW = Math.max(width - LEFT - 16, 100);
  const x = (k: number) => LEFT + (k / n) * plotW;
  const chart = hideEvents ? undefined : series;
  const lines = hideEvents || !readings?.length ? undefined : readings;
  const readingsTop = lanes.length * LANE_H + 6;
  const lanesH = lanes.length * LANE_H + (lines ? READINGS_H + 10 : 0);
  const height = lanesH + (chart ? CHART_HEAD + CHART_H + 8 : 0) + 22;
  // One mark per lane every 4 px at most: past that, marks would be drawn on top of each other anyway.
  const columns = Math.max(1, Math.floor(plotW / 4));
  // Read once per episode and width, not on every step shown: a long trace has thousands of steps.
  const all = useMemo(() => marksOf(steps, hideEvents), [steps, hideEvents]);
  const marks = useMemo(() => thinMarks(all, steps.length, columns), [all, steps.length, columns]);
  const stepAt = (clientX: number, box: DOMRect) =>
    Math.min(steps.length, Math.max(0, Math.round(((clientX - box.left) / box.width) * (steps.length + 1) - 0.5)));
  const top = chart ? Math.max(chart.limit?.value ?? 0, ...chart.values, 1) : 1;
  const chartTop = lanesH + 8 + CHART_HEAD;
  const yReading = (v: number) => readingsTop + READINGS_H - v * READINGS_H;
  const points = useMemo(() => {
    if (!lines) return null;
    const at = (k: number) => LEFT + (k / n) * plotW;
    const y = (v: number) => readingsTop + READINGS_H - v * READINGS_H;
    const line = (pick: (r: Reading) => number) => lines.map((r, k) => `${at(k)},${y(pick(r))}`).join(' ');
    return { naive: line((r) => r.naive), full: line((r) => r.full) };
  }, [lines, n, plotW, readingsTop]);
  const yChart = (v: number) => chartTop + CHART_H - (v / top) * CHART_H;

  return (
    <div className="timeline" ref={ref} data-testid="timeline">
      <svg width={width} height={height} role="img" aria-label="Episode timeline">
        {lanes.map((lane, i) => (
          <g key={lane}>
            <rect x={0} y={i * LANE_H} width={width} height={LANE_H} className={i % 2 ? 'lane-odd' : 'lane-even'} />
            <text x={8} y={i * LANE_H + 17} className="lane-label">
              {LANE_LABEL[lane]}
            </text>
          </g>
        ))}
        {lines ? (
          <g data-testid="readings-chart">
            <text x={8} y={readingsTop + 14} className="lane-label">
              naive / full
            </text>
            <line x1={LEFT} x2={LEFT + plotW} y1={yReading(1)} y2={yReading(1)} className="readings-axis" />
            <line x1={LEFT} x2={LEFT + plotW} y1={yReading(0)} y2={yReading(0)} className="readings-axis" />
            <polyline
              fill="none"
              className="reading-line"
              stroke={COLOR[LINES.naive.color]}
              strokeDasharray={LINES.naive.dash}
              points={points!.naive}
              data-testid="reading-naive"
            />
            <polyline fill="none" className="reading-line" stroke={COLOR[LINES.full.color]} points={points!.full} data-testid="reading-full" />
          </g>
        ) : null}
        {chart ? (
          <g data-testid="series-chart">
            <text x={8} y={chartTop + 14} className="lane-label">
              {chart.label}
            </text>
            {chart.limit ? (
              <>
                <line
                  x1={LEFT}
                  x2={LEFT + plotW}
                  y1={yChart(chart.limit.value)}
                  y2={yChart(chart.limit.value)}
                  stroke={COLOR[LINES.limit.color]}
                  strokeDasharray={LINES.limit.dash}
                  data-testid="series-limit"
                />
                <text x={LEFT + plotW - 4} y={yChart(chart.limit.value) - 4} textAnchor="end" className="lane-label">
                  {chart.limit.label}
                </text>
              </>
            ) : null}
            <polyline
              fill="none"
              className="used-line"
              stroke={COLOR[LINES.series.color]}
              points={chart.values.map((v, k) => `${x(k)},${yChart(v)}`).join(' ')}
              data-testid="series-line"
            />
          </g>
        ) : null}
        <line x1={x(selected)} x2={x(selected)} y1={0} y2={height - 20} className="cursor-line" />
        {steps.length + 1 > columns ? (
          // Too many steps for a target each: one target over the plot, the step read from where it was clicked.
          <rect
            x={LEFT - plotW / n / 2}
            y={0}
            width={plotW + plotW / n}
            height={height - 20}
            fill="transparent"
            data-step="any"
            onClick={(e) => onSelect(stepAt(e.clientX, e.currentTarget.getBoundingClientRect()))}
            style={{ cursor: 'pointer' }}
          />
        ) : null}
        {steps.length + 1 > columns
          ? null
          : Array.from({ length: steps.length + 1 }, (_, k) => (
              <rect
                key={k}
                x={x(k) - plotW / n / 2}
                y={0}
                width={plotW / n}
                height={height - 20}
                fill="transparent"
                data-step={k}
                onClick={() => onSelect(k)}
                style={{ cursor: 'pointer' }}
              />
            ))}
        {marks.map((m, i) => (
          <TimelineMark
            key={i}
            mark={m}
            cx={x(m.step)}
            cy={lanes.indexOf(m.lane) * LANE_H + LANE_H / 2}
            selected={m.step === selected}
            onHover={setHover}
            onSelect={select}
          />
        ))}
        {Array.from({ length: steps.length + 1 }, (_, k) =>
          steps.length <= 40 || k % Math.ceil(steps.length / 40) === 0 ? (
            <text key={k} x={x(k)} y={height - 6} textAnchor="middle" className="tick">
              {k}
            </text>
          ) : null,
        )}
      </svg>
      {hover ? (
        <div className="tooltip" style={{ left: Math.min(hover.x, width - 260), top: hover.y + 12 }} role="tooltip" data-testid="timeline-tooltip">
          {hover.lines.map((l, i) => (
            <div key={i}>{l}</div>
          ))}
        </div>
      ) : null}
      <TimelineLegend
        hideEvents={hideEvents}
        readings={lines !== undefined}
        series={chart ? { label: chart.label, limit: chart.limit?.label ?? null } : null}
      />
    </div>
  );
}

type Hover = { x: number; y: number; lines: string[] };

/**
 * One mark; memoised, so moving the selection redraws the marks at the old and the new step, not
 * the thousand of a long trace.
 */
const TimelineMark = memo(function TimelineMark({
  mark: m,
  cx,
  cy,
  selected,
  onHover,
  onSelect,
}: {
  mark: Mark;
  cx: number;
  cy: number;
  selected: boolean;
  onHover(hover: Hover | null): void;
  onSelect(step: number): void;
}) {
  const common = {
    onMouseEnter: () => onHover({ x: cx, y: cy, lines: m.lines }),
    onMouseLeave: () => onHover(null),
    onClick: () => onSelect(m.step),
    className: `mark${selected ? ' mark-selected' : ''}`,
    'data-lane': m.lane,
    'data-testid': `mark-${m.lane}-${m.step}`,
  };
  // Several things in one lane at one step are one mark with their count beside it: none hides another.
  const count =
    m.lines.length > 1 ? (
      <text x={cx + 8} y={cy - 4} className="mark-count" aria-hidden>
        {m.lines.length}
      </text>
    ) : null;
  return (
    <g>
      <MarkGlyph kind={m.kind} cx={cx} cy={cy} {...common} data-kind={m.kind}>
        <title>{m.lines.join('\n')}</title>
      </MarkGlyph>
      {count}
    </g>
  );
});
