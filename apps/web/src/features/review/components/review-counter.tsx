import { useIdeaTotal } from '@/entities/idea/api/get-idea-total';
import { useIdeasToReview } from '../api/count-ideas-to-review';

interface ReviewCounterProps {
  brainstormId: number;
  showHidden: boolean;
}

function stackedText(stacked: number) {
  return stacked === 1 ? '1 near-duplicate stacked' : `${stacked} near-duplicates stacked`;
}

/**
 * '# Ideas to Review: X / Y': X left to review (hidden ones per the toggle), Y the brainstorm's
 * ideas in all. The bar beneath shows how far through the queue the caller is.
 */
export function ReviewCounter({ brainstormId, showHidden }: ReviewCounterProps) {
  const counts = useIdeasToReview({ brainstormId, showHidden }).data;
  const toReview = counts?.toReview;
  const stacked = counts?.stacked ?? 0;
  const total = useIdeaTotal(brainstormId).data;
  const known = toReview !== undefined && total !== undefined;
  const done = known ? Math.max(0, total - toReview) : 0;
  const max = known ? Math.max(total, 1) : 1;
  return (
    <div className="grid gap-2">
      <p className="text-base font-medium tabular-nums" aria-live="polite">
        # Ideas to Review: {toReview ?? '…'} / {total ?? '…'}
        {stacked > 0 ? ` · ${stackedText(stacked)}` : null}
      </p>
      <div
        role="progressbar"
        aria-label="Review progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
        aria-valuetext={known ? `${done} of ${total} ideas reviewed or hidden` : 'Counting ideas'}
        className="h-2 w-full max-w-md overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${(done / max) * 100}%` }}
        />
      </div>
    </div>
  );
}
