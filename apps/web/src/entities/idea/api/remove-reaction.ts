import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { requireParam } from './required-param';

/** Removes one of the caller's reactions. */
export async function removeReaction(reactionId: number | null | undefined) {
  const id = requireParam(reactionId, 'id', 'removeReaction');
  const { error, response } = await api.DELETE('/api/idea-annotations/reactions/{id}/', {
    params: { path: { id } },
  });
  if (!response.ok) throw new ApiError(response.status, error);
}
