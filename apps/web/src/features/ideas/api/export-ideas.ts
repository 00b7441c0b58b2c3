import { useMutation } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { api } from '@/lib/api/client';
import { csvBlob } from '@/lib/csv-download';
import { saveFile } from '@/lib/save-file';

export type IdeasExportFormat = 'csv' | 'json';

export function ideasExportFileName(brainstormId: number, format: IdeasExportFormat = 'csv') {
  return `brainstorm-${brainstormId}-ideas.${format}`;
}

/**
 * Every idea of the brainstorm from the server's list export: as CSV, or as JSON with the
 * caller's annotations.
 */
export async function exportIdeas(brainstormId: number, format: IdeasExportFormat = 'csv') {
  return csvBlob(
    await api.GET('/api/ideas/', {
      params: {
        query: {
          brainstorm: brainstormId,
          format,
          ...(format === 'json' && { with_annotations: 'true' as const }),
        },
      },
      parseAs: 'blob',
    }),
  );
}

export function useExportIdeas(brainstormId: number, format: IdeasExportFormat = 'csv') {
  return useMutation({
    mutationKey: [...ideaKeys.all, 'export', brainstormId, format],
    mutationFn: async () => {
      const file = await exportIdeas(brainstormId, format);
      saveFile(file, ideasExportFileName(brainstormId, format));
    },
  });
}
