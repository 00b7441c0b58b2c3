import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '@/lib/api/request-json';
import { themeKeys } from './theme-keys';
import type { Theme } from './types';

/** The brainstorm's themes, in their order. */
export function listThemes(brainstormId: number) {
  return requestJson<Theme[]>('GET', `/api/brainstorms/${String(brainstormId)}/themes/`);
}

export function themeListQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: themeKeys.list(brainstormId),
    queryFn: () => listThemes(brainstormId),
  });
}

export function useThemes(brainstormId: number) {
  return useQuery(themeListQueryOptions(brainstormId));
}
