import { queryOptions, useQuery } from '@tanstack/react-query';
import { themeKeys } from '@/entities/theme/api/theme-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The themes the server suggests for the brainstorm's unsorted ideas. */
export async function listThemeSuggestions(brainstormId: number) {
  const { data, error, response } = await api.GET('/api/brainstorms/{id}/theme-suggestions/', {
    params: { path: { id: brainstormId } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
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
