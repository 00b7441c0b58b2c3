import { useId } from 'react';
import { formatTokens, formatTokensShort, percentOf } from '../lib/format-spend';

interface BudgetBarProps {
  label: string;
  used: number;
  budget: number;
}

/** Today's use of a daily token budget, with the figures in words for screen readers. */
export function BudgetBar({ label, used, budget }: BudgetBarProps) {
  const labelId = useId();
  const percent = percentOf(used, budget);
  const words = `${formatTokens(used)} of ${formatTokens(budget)} tokens used today, ${percent}%`;
  return (
    <div className="grid grid-cols-1 gap-1">
      <div className="flex justify-between gap-2 text-xs">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground" aria-hidden="true">
          {formatTokensShort(used)} / {formatTokensShort(budget)}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={words}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
