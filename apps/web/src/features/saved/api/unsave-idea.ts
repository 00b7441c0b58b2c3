import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { savedKeys } from './saved-keys';

async function toggleBookmark(annotationId: number) {
  const { data, error, response } = await api.POST(
    '/api/idea-annotations/annotations/{id}/toggle_bookmark/',
    { params: { path: { id: annotationId } } },
  );
  if (!data) throw new ApiError(response.status, error);
  return data;
}

/** Takes the bookmark off through the toggle, which flips whatever the server holds. */
export async function unsaveIdea(annotationId: number) {
  const annotation = await toggleBookmark(annotationId);
  // Already unsaved elsewhere (another tab), so the flip saved it again: flip it back.
  return annotation.is_bookmarked ? toggleBookmark(annotationId) : annotation;
}

export function useUnsaveIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...savedKeys.all, 'unsave'],
    mutationFn: unsaveIdea,
    // Returned, so the mutation ends once the list has refreshed and the row has left.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedKeys.ideas }),
  });
}
