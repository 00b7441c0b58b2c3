import { useMutation } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';

export interface ReviewExportParams {
  brainstormId: number;
  showReviewed: boolean;
  showHidden: boolean;
}

export function reviewExportFileName(brainstormId: number) {
  return `brainstorm-${brainstormId}-ideas-review.csv`;
}

/**
 * The ideas under review as CSV: the whole list when reviewed ideas are shown, else the
 * unreviewed list; hidden ideas only when they are shown.
 */
export async function exportReviewIdeas({
  brainstormId,
  showReviewed,
  showHidden,
}: ReviewExportParams) {
  const query = {
    brainstorm: brainstormId,
    format: 'csv' as const,
    ...(showHidden ? {} : { is_hidden: 'false' as const }),
  };
  return csvBlob(
    showReviewed
      ? await api.GET('/api/ideas/', { params: { query }, parseAs: 'blob' })
      : await api.GET('/api/ideas/unreviewed/', { params: { query }, parseAs: 'blob' }),
  );
}

export function useExportReviewIdeas(params: ReviewExportParams) {
  return useMutation({
    mutationKey: [...ideaKeys.all, 'export-review', params.brainstormId],
    mutationFn: async () => {
      saveFile(await exportReviewIdeas(params), reviewExportFileName(params.brainstormId));
    },
  });
}
