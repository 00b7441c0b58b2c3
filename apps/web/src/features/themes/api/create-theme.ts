import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

export interface CreateThemeInput {
  brainstormId: number;
  name: string;
  description: string;
}

/** Adds an empty theme to the brainstorm. */
export async function createTheme({ brainstormId, ...body }: CreateThemeInput) {
  const { data, error, response } = await api.POST('/api/brainstorms/{id}/themes/', {
    params: { path: { id: brainstormId } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useCreateTheme() {
  return useThemeMutation('create', createTheme, { movesIdeas: false });
}
