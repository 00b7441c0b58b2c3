import type { Theme } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

export interface CreateThemeInput {
  brainstormId: number;
  name: string;
  description?: string;
}

/** Adds an empty theme to the brainstorm. */
export function createTheme({ brainstormId, ...body }: CreateThemeInput) {
  return requestJson<Theme>('POST', `/api/brainstorms/${String(brainstormId)}/themes/`, body);
}

export function useCreateTheme() {
  return useThemeMutation('create', createTheme, { movesIdeas: false });
}
