import { cn } from '@/lib/utils';
import { TOTALS_HIDDEN_TEXT } from '../lib/votes';

/** Says that blind review withholds an idea's totals, in their place. */
export function HiddenTotals({ className }: { className?: string }) {
  return (
    <span className={cn('text-xs text-muted-foreground italic', className)}>
      {TOTALS_HIDDEN_TEXT}
    </span>
  );
}
