import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { useThemeMutation } from './theme-mutation';

export interface SplitThemeInput {
  id: number;
  name: string;
  description: string;
  /** The theme's ideas that move to the new theme. */
  ideas: number[];
}

/** Moves some of a theme's ideas into a new theme. */
export async function splitTheme({ id, ...body }: SplitThemeInput) {
  const { data, error, response } = await api.POST('/api/themes/{id}/split/', {
    params: { path: { id } },
    body,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export function useSplitTheme() {
  return useThemeMutation('split', splitTheme);
}
