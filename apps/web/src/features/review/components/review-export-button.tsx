import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NO_DATA_MESSAGE } from '@/features/ideas/api/export-ideas';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { useExportReviewIdeas, type ReviewExportParams } from '../api/export-review-ideas';

function failureText(error: Error) {
  return error.message === NO_DATA_MESSAGE ? NO_DATA_MESSAGE : 'Export failed. Please try again.';
}

/** Downloads the ideas under review, as the toggles choose them, as CSV. */
export function ReviewExportButton(params: ReviewExportParams) {
  const exporting = useExportReviewIdeas(params);
  const onClick = useGuardedSubmit(() => exporting.mutateAsync());
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="outline" size="sm" disabled={exporting.isPending} onClick={onClick}>
        <Download aria-hidden="true" />
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </Button>
      {exporting.error ? (
        <p role="alert" className="text-sm text-destructive">
          {failureText(exporting.error)}
        </p>
      ) : null}
    </div>
  );
}
