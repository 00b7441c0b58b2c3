import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

export interface UpdateThemeInput {
  id: number;
  name?: string;
  description?: string;
}

/** Renames a theme or changes its description: only the fields given are sent. */
export async function updateTheme({ id, ...body }: UpdateThemeInput) {
  const { data, error, response } = await api.PATCH('/api/themes/{id}/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useUpdateTheme() {
  return useThemeMutation('update', updateTheme, { movesIdeas: false });
}
