import type { Theme } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

export interface SplitThemeInput {
  id: number;
  name: string;
  description?: string;
  /** The theme's ideas that move to the new theme. */
  ideas: number[];
}

/** Moves some of a theme's ideas into a new theme. */
export function splitTheme({ id, ...body }: SplitThemeInput) {
  return requestJson<Theme>('POST', `/api/themes/${String(id)}/split/`, body);
}

export function useSplitTheme() {
  return useThemeMutation('split', splitTheme);
}
