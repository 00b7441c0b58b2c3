import type { Theme } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';
import { useThemeMutation } from './theme-mutation';

export interface MergeThemeInput {
  id: number;
  /** The theme that takes its ideas; the merged one is gone afterwards. */
  into: number;
}

/** Moves every idea of a theme into another and deletes the emptied theme. */
export function mergeTheme({ id, into }: MergeThemeInput) {
  return requestJson<Theme>('POST', `/api/themes/${String(id)}/merge/`, { into });
}

export function useMergeTheme() {
  return useThemeMutation('merge', mergeTheme);
}
