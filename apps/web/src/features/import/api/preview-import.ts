import { useMutation } from '@tanstack/react-query';
import { ideaKeys } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import type { ImportFile } from '../lib/import-file';

export type ImportPreview = components['schemas']['ImportPreview'];
export type ImportRow = components['schemas']['ImportRow'];

/** Every row of the file with its errors and warnings; the server stores nothing. */
export async function previewImport(brainstormId: number, file: ImportFile) {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/import/preview/', {
    params: { path: { id: brainstormId } },
    body: { format: file.format, content: file.content },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function usePreviewImport(brainstormId: number) {
  return useMutation({
    mutationKey: [...ideaKeys.all, 'import-preview', brainstormId],
    mutationFn: (file: ImportFile) => previewImport(brainstormId, file),
    // A file that cannot be read is the user's to fix, and the dialog says why.
    meta: { severity: 'low' },
  });
}
