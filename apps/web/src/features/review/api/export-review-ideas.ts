import { useMutation } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import type { ThemeFilter } from '@/entities/theme/api/types';
import { themeQueryValue } from '@/entities/theme/lib/theme-filter';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';

export interface ReviewExportParams {
  brainstormId: number;
  showReviewed: boolean;
  showHidden: boolean;
  /** The list's theme filter: the download holds what the list shows. */
  theme?: ThemeFilter;
}

export function reviewExportFileName(brainstormId: number) {
  return `brainstorm-${brainstormId}-ideas-review.csv`;
}

/**
 * The ideas under review as CSV: the whole list when reviewed ideas are shown, else the
 * unreviewed list; hidden ideas only when they are shown; one theme's only when it is filtered.
 */
export async function exportReviewIdeas({
  brainstormId,
  showReviewed,
  showHidden,
  theme,
}: ReviewExportParams) {
  const themeValue = themeQueryValue(theme);
  const query = {
    brainstorm: brainstormId,
    format: 'csv' as const,
    ...(showHidden ? {} : { is_hidden: 'false' as const }),
    ...(themeValue === undefined ? {} : { theme: themeValue }),
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
