import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

/** Deletes a theme; its ideas become unsorted. */
export async function deleteTheme(id: number) {
  const { error, response } = await api.DELETE('/api/themes/{id}/', {
    params: { path: { id } },
  });
  if (!response.ok) throw new ApiError(response.status, error);
}

export function useDeleteTheme() {
  return useThemeMutation('delete', deleteTheme);
}
