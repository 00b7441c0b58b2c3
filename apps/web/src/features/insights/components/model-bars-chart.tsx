import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ModelBars } from '../lib/model-bars';
import { formatCost } from '../lib/format-cost';

const percent = (value: number) => `${Math.round(value * 100)} %`;
const SHARE_TICKS = [0, 0.25, 0.5, 0.75, 1];

/** One bar per model: what a kept idea cost, or the share kept. */
export function ModelBarsChart({ bars, metric }: ModelBars) {
  const format = metric === 'cost_per_kept' ? formatCost : percent;
  const height = Math.max(160, bars.length * 44 + 48);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={bars}
        layout="vertical"
        margin={{ left: 8, right: 24, top: 8, bottom: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis
          type="number"
          tickFormatter={format}
          fontSize={12}
          {...(metric === 'kept_share' ? { domain: [0, 1], ticks: SHARE_TICKS } : {})}
        />
        <YAxis type="category" dataKey="label" width={150} fontSize={12} />
        <Tooltip formatter={(value) => format(Number(value))} />
        <Bar
          dataKey="value"
          fill="var(--primary)"
          radius={[0, 4, 4, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
