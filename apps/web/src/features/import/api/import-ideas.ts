import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { ideaKeys, isBrainstormIdeaQuery } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { ImportFile } from '../lib/import-file';

/** Stores every row of the file as an idea, all or none. */
export async function importIdeas(brainstormId: number, file: ImportFile) {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/import/', {
    params: { path: { id: brainstormId } },
    body: { format: file.format, content: file.content },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** The import, then the brainstorm's idea lists and counts, and the brainstorm lists, refreshed. */
export function useImportIdeas(brainstormId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ideaKeys.all, 'import', brainstormId],
    mutationFn: (file: ImportFile) => importIdeas(brainstormId, file),
    meta: { severity: 'low' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          predicate: (query) => isBrainstormIdeaQuery(query.queryKey, brainstormId),
        }),
        queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
      ]),
  });
}
