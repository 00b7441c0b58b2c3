import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';

export function shortlistFileName(analysisId: number) {
  return `shortlist-${String(analysisId)}.csv`;
}

/** The ranking's shortlist as CSV, saved as a download. */
export function useDownloadShortlist(analysisId: number) {
  return useMutation({
    mutationKey: ['analyses', 'shortlist', analysisId, 'csv'],
    mutationFn: async () => {
      const answer = await api.GET('/api/analyses/{id}/shortlist/', {
        params: { path: { id: analysisId }, query: { format: 'csv' } },
        parseAs: 'blob',
      });
      saveFile(csvBlob(answer), shortlistFileName(analysisId));
    },
  });
}

/** The ranking's shortlist as a Markdown table, copied to the clipboard. */
export function useCopyShortlist(analysisId: number) {
  return useMutation({
    mutationKey: ['analyses', 'shortlist', analysisId, 'markdown'],
    mutationFn: async () => {
      const { data, error, response } = await api.GET('/api/analyses/{id}/shortlist/', {
        params: { path: { id: analysisId }, query: { format: 'markdown' } },
        parseAs: 'text',
      });
      if (!response.ok || data === undefined) throw new ApiError(response.status, error);
      await navigator.clipboard.writeText(data);
    },
  });
}
