import type { SVGProps } from 'react';
import { COLOR, MARKS, type MarkKind } from '../../lib/palette';

/** One timeline mark as the palette draws it, centred on (cx, cy): the same glyph in the timeline and its legend. */
export function MarkGlyph({ kind, cx, cy, r = 5, ...rest }: { kind: MarkKind; cx: number; cy: number; r?: number } & SVGProps<SVGElement>) {
  const { shape, color } = MARKS[kind];
  const fill = COLOR[color];
  const props = { fill, ...rest } as SVGProps<SVGElement>;
  switch (shape) {
    case 'ring':
      return <circle cx={cx} cy={cy} r={r - 1} {...(props as SVGProps<SVGCircleElement>)} fill="none" stroke={fill} strokeWidth={2} />;
    case 'square':
      return <rect x={cx - r} y={cy - r} width={2 * r} height={2 * r} {...(props as SVGProps<SVGRectElement>)} />;
    case 'diamond': {
      const d = r + 2;
      return <path d={`M${cx} ${cy - d}L${cx + d} ${cy}L${cx} ${cy + d}L${cx - d} ${cy}Z`} {...(props as SVGProps<SVGPathElement>)} />;
    }
    case 'triangle':
      return <path d={`M${cx} ${cy - r - 1}L${cx + r + 1} ${cy + r}L${cx - r - 1} ${cy + r}Z`} {...(props as SVGProps<SVGPathElement>)} />;
    default:
      return <circle cx={cx} cy={cy} r={r} {...(props as SVGProps<SVGCircleElement>)} />;
  }
}
