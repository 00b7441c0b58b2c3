import { queryOptions, useQuery } from '@tanstack/react-query';
import { themeKeys } from '@/entities/theme/api/theme-keys';
import type { ThemeSuggestion } from '@/entities/theme/api/types';
import { requestJson } from '@/lib/api/request-json';

/** The themes the server suggests for the brainstorm's unsorted ideas. */
export function listThemeSuggestions(brainstormId: number) {
  return requestJson<ThemeSuggestion[]>(
    'GET',
    `/api/brainstorms/${String(brainstormId)}/theme-suggestions/`,
  );
}

export function themeSuggestionsQueryOptions(brainstormId: number) {
  return queryOptions({
    queryKey: themeKeys.suggestions(brainstormId),
    queryFn: () => listThemeSuggestions(brainstormId),
  });
}

export function useThemeSuggestions(brainstormId: number, enabled: boolean) {
  return useQuery({ ...themeSuggestionsQueryOptions(brainstormId), enabled });
}
