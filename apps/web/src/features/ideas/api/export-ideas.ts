import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';
import { ideaKeys } from './idea-keys';

export const NO_DATA_MESSAGE = 'No data received from the server';

export function ideasExportFileName(brainstormId: number) {
  return `brainstorm-${brainstormId}-ideas.csv`;
}

/** Every idea of the brainstorm as CSV, from the server's list export. */
export async function exportIdeas(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/ideas/', {
    params: { query: { brainstorm: brainstormId, format: 'csv' } },
    parseAs: 'blob',
  });
  if (!response.ok) throw new ApiError(response.status, error);
  if (!data || data.size === 0) throw new Error(NO_DATA_MESSAGE);
  return data;
}

export function useExportIdeas(brainstormId: number) {
  return useMutation({
    mutationKey: [...ideaKeys.all, 'export', brainstormId],
    mutationFn: async () => {
      const csv = await exportIdeas(brainstormId);
      saveFile(csv, ideasExportFileName(brainstormId));
    },
  });
}
