import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

/**
 * Writes the themes the brainstorm was given onto its empty board, in one step; 409 when it has
 * themes already (a teammate started them first).
 */
export async function startWithGivenThemes(brainstormId: number) {
  const { data, error, response } = await api.POST(
    '/api/brainstorms/{id}/themes/from-parameters/',
    { params: { path: { id: brainstormId } } },
  );
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useStartWithGivenThemes() {
  return useThemeMutation('start-with-given', startWithGivenThemes, { movesIdeas: false });
}
