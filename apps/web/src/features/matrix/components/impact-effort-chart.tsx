import {
  CartesianGrid,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  type TooltipContentProps,
} from 'recharts';
import type { LabelPosition } from 'recharts/types/component/Label';
import type { ScatterShapeProps } from 'recharts/types/util/ScatterUtils';
import type { MatrixPoint } from '../lib/matrix-points';
import { HIGH_FROM, QUADRANT_LABELS, type Quadrant } from '../lib/quadrants';

const LOW = 0.5;
const HIGH = 5.5;
const MIDDLE = HIGH_FROM - 0.5;
const TICKS = [1, 2, 3, 4, 5];

/** Each quadrant's corner of the chart and where its name goes. */
const AREAS: {
  quadrant: Quadrant;
  x: [number, number];
  y: [number, number];
  at: LabelPosition;
}[] = [
  { quadrant: 'quick-wins', x: [LOW, MIDDLE], y: [MIDDLE, HIGH], at: 'insideTopLeft' },
  { quadrant: 'big-bets', x: [MIDDLE, HIGH], y: [MIDDLE, HIGH], at: 'insideTopRight' },
  { quadrant: 'fill-ins', x: [LOW, MIDDLE], y: [LOW, MIDDLE], at: 'insideBottomLeft' },
  { quadrant: 'money-pits', x: [MIDDLE, HIGH], y: [LOW, MIDDLE], at: 'insideBottomRight' },
];

interface ImpactEffortChartProps {
  points: readonly MatrixPoint[];
  onOpen: (ideaId: number) => void;
}

/** A point as a circle of its theme's colour, its area the size the votes give it. */
function PointShape({ cx, cy, width, payload }: ScatterShapeProps) {
  const point = payload as MatrixPoint | undefined;
  if (cx === undefined || cy === undefined || !point) return <g />;
  return (
    <circle cx={cx} cy={cy} r={width / 2} fill={point.colour} fillOpacity={0.8} stroke="#fff" />
  );
}

function PointTooltip({ active, payload }: TooltipContentProps) {
  const point = active ? (payload[0]?.payload as MatrixPoint | undefined) : undefined;
  if (!point) return null;
  return (
    <div className="max-w-64 rounded-md border bg-popover p-2 text-xs text-popover-foreground shadow-md">
      <p className="font-medium">{point.title}</p>
      <p>
        Impact {point.impact} · Effort {point.effort} · Votes {point.votes ?? 'hidden'}
      </p>
      <p>{point.themeName}</p>
    </div>
  );
}

/**
 * The impact (up) against effort (across) scatter chart: each idea a point sized by the team's
 * votes and coloured by its theme, the four quadrants named; a click opens the idea. Loaded
 * only on the matrix page: the charting library stays out of every other page's JavaScript.
 */
export function ImpactEffortChart({ points, onOpen }: ImpactEffortChartProps) {
  return (
    <ResponsiveContainer width="100%" height={380}>
      <ScatterChart margin={{ top: 8, right: 8, bottom: 24, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        {AREAS.map((area) => (
          <ReferenceArea
            key={area.quadrant}
            x1={area.x[0]}
            x2={area.x[1]}
            y1={area.y[0]}
            y2={area.y[1]}
            fillOpacity={0}
            strokeOpacity={0}
            label={{
              value: QUADRANT_LABELS[area.quadrant],
              position: area.at,
              className: 'fill-muted-foreground text-xs font-medium',
            }}
          />
        ))}
        {/* The lines between low and high: a score of 3 or more is high. */}
        <ReferenceLine x={MIDDLE} stroke="currentColor" strokeOpacity={0.4} />
        <ReferenceLine y={MIDDLE} stroke="currentColor" strokeOpacity={0.4} />
        <XAxis
          type="number"
          dataKey="x"
          name="Effort"
          domain={[LOW, HIGH]}
          ticks={TICKS}
          label={{ value: 'Effort', position: 'insideBottom', offset: -16 }}
        />
        <YAxis
          type="number"
          dataKey="y"
          name="Impact"
          domain={[LOW, HIGH]}
          ticks={TICKS}
          width={48}
          label={{ value: 'Impact', angle: -90, position: 'insideLeft' }}
        />
        <ZAxis type="number" dataKey="size" range={[100, 600]} />
        <Tooltip content={PointTooltip} />
        <Scatter
          data={[...points]}
          cursor="pointer"
          shape={PointShape}
          onClick={(entry: { payload?: MatrixPoint }) => {
            if (entry.payload) onOpen(entry.payload.idea);
          }}
        />
      </ScatterChart>
    </ResponsiveContainer>
  );
}
