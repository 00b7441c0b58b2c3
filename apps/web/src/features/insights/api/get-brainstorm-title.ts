import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { insightsKeys } from './insights-keys';

/** The brainstorm filter's title for its chip; its number when it cannot be read. */
export async function getBrainstormTitle(id: number) {
  const { data } = await api.GET('/api/brainstorms/{id}/', { params: { path: { id } } });
  // An untitled brainstorm ('') reads as its number too.
  const title = data?.title ?? '';
  return title.length > 0 ? title : `Brainstorm ${id}`;
}

export function useBrainstormTitle(id: number | undefined) {
  return useQuery({
    queryKey: insightsKeys.brainstorm(id ?? 0),
    queryFn: () => getBrainstormTitle(id ?? 0),
    enabled: id !== undefined,
  });
}
