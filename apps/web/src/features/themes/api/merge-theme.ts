import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

export interface MergeThemeInput {
  id: number;
  /** The theme that takes its ideas; the merged one is gone afterwards. */
  into: number;
}

/** Moves every idea of a theme into another and deletes the emptied theme. */
export async function mergeTheme({ id, into }: MergeThemeInput) {
  const { data, error, response } = await api.POST('/api/themes/{id}/merge/', {
    params: { path: { id } },
    body: { into },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useMergeTheme() {
  return useThemeMutation('merge', mergeTheme);
}
