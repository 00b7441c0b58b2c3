import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { saveFile } from '@/lib/save-file';
import { SAVED_FILTER } from './list-saved-ideas';
import { savedKeys } from './saved-keys';

export const NO_DATA_MESSAGE = 'No data received from the server';
export const SAVED_IDEAS_FILE_NAME = 'saved-ideas.csv';

/** Every saved idea as CSV, from the server's export of the saved list. */
export async function exportSavedIdeas() {
  const { data, error, response } = await api.GET('/api/ideas/reviewed/', {
    params: { query: { ...SAVED_FILTER, format: 'csv' } },
    parseAs: 'blob',
  });
  if (!response.ok) throw new ApiError(response.status, error);
  if (!data || data.size === 0) throw new Error(NO_DATA_MESSAGE);
  return data;
}

export function useExportSavedIdeas() {
  return useMutation({
    mutationKey: [...savedKeys.all, 'export'],
    mutationFn: async () => {
      saveFile(await exportSavedIdeas(), SAVED_IDEAS_FILE_NAME);
    },
  });
}
