import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';
import { insightsQuery, type InsightsFilters } from '../lib/insight-filters';
import { insightsKeys } from './insights-keys';

export const INSIGHTS_FILE_NAME = 'ideaforge-model-insights.csv';

/** The rows as the server's CSV, with the page's filters. */
export async function exportModelInsights(filters: InsightsFilters) {
  return csvBlob(
    await api.GET('/api/insights/models/export/', {
      params: { query: insightsQuery(filters) },
      parseAs: 'blob',
    }),
  );
}

export function useExportModelInsights(filters: InsightsFilters) {
  return useMutation({
    mutationKey: [...insightsKeys.models(), 'export'],
    mutationFn: async () => {
      saveFile(await exportModelInsights(filters), INSIGHTS_FILE_NAME);
    },
  });
}
