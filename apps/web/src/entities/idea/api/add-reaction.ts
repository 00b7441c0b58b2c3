import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { requireParam } from './required-param';

export type ReactionType = components['schemas']['IdeaReaction']['reaction_type'];

/** Adds a reaction of the caller's to an idea; the annotation is found or created when not named. */
export async function addReaction(
  ideaId: number | null | undefined,
  reactionType: ReactionType | null | undefined,
  annotationId: number | null,
) {
  const idea_id = requireParam(ideaId, 'idea_id', 'addReaction');
  const reaction_type = requireParam(reactionType, 'reaction_type', 'addReaction');
  const { data, error, response } = await api.POST('/api/idea-annotations/reactions/', {
    body: {
      idea_id,
      reaction_type,
      ...(annotationId === null ? {} : { annotation_id: annotationId }),
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}
