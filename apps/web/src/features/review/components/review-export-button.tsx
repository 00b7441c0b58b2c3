import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { useExportReviewIdeas, type ReviewExportParams } from '../api/export-review-ideas';

/** Downloads the ideas under review, as the toggles choose them, as CSV. */
export function ReviewExportButton(params: ReviewExportParams) {
  return <ExportCsvButton exporting={useExportReviewIdeas(params)} />;
}
