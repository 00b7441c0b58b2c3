import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

export interface MoveIdeaInput {
  ideaId: number;
  /** The theme it goes into; null leaves it unsorted. */
  theme: number | null;
}

/** Puts an idea into a theme, or takes it out of its theme. */
export async function moveIdea({ ideaId, theme }: MoveIdeaInput) {
  const { data, error, response } = await api.PUT('/api/ideas/{id}/theme/', {
    params: { path: { id: ideaId } },
    body: { theme },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useMoveIdea() {
  return useThemeMutation('move-idea', moveIdea);
}
