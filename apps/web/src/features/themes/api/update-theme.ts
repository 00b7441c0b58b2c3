import type { Theme } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

export interface UpdateThemeInput {
  id: number;
  name?: string;
  description?: string;
}

/** Renames a theme or changes its description: only the fields given are sent. */
export function updateTheme({ id, ...body }: UpdateThemeInput) {
  return requestJson<Theme>('PATCH', `/api/themes/${String(id)}/`, body);
}

export function useUpdateTheme() {
  return useThemeMutation('update', updateTheme, { movesIdeas: false });
}
