import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';
import { SAVED_FILTER } from './list-saved-ideas';
import { savedKeys } from './saved-keys';

export const SAVED_IDEAS_FILE_NAME = 'saved-ideas.csv';

/** Every saved idea as CSV, from the server's export of the saved list. */
export async function exportSavedIdeas() {
  return csvBlob(
    await api.GET('/api/ideas/reviewed/', {
      params: { query: { ...SAVED_FILTER, format: 'csv' } },
      parseAs: 'blob',
    }),
  );
}

export function useExportSavedIdeas() {
  return useMutation({
    mutationKey: [...savedKeys.all, 'export'],
    mutationFn: async () => {
      saveFile(await exportSavedIdeas(), SAVED_IDEAS_FILE_NAME);
    },
  });
}
