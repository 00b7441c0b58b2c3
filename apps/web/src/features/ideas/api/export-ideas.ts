import { useMutation } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';

export function ideasExportFileName(brainstormId: number) {
  return `brainstorm-${brainstormId}-ideas.csv`;
}

/** Every idea of the brainstorm as CSV, from the server's list export. */
export async function exportIdeas(brainstormId: number) {
  return csvBlob(
    await api.GET('/api/ideas/', {
      params: { query: { brainstorm: brainstormId, format: 'csv' } },
      parseAs: 'blob',
    }),
  );
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
