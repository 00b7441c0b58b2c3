import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { ReactionType } from './add-reaction';
import { requireParam } from './required-param';

/** The caller's reactions of a type to an idea (none or one). */
export async function listReactions(
  ideaId: number | null | undefined,
  reactionType: ReactionType | null | undefined,
) {
  const idea = requireParam(ideaId, 'idea', 'listReactions');
  const reaction_type = requireParam(reactionType, 'reaction_type', 'listReactions');
  const { data, error, response } = await api.GET('/api/idea-annotations/reactions/', {
    params: { query: { idea, reaction_type } },
  });
  if (!data) throw new ApiError(response.status, error);
  return data.results;
}
