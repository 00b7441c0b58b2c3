import { useMutation, useQueryClient } from '@tanstack/react-query';
import { brainstormKeys } from '@/entities/brainstorm/api/brainstorm-keys';
import { ideaKeys, isBrainstormIdeaQuery } from '@/entities/idea/api/idea-keys';
import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

/** The text of an idea written by hand. */
export interface IdeaText {
  title: string;
  summary: string;
  description: string;
}

export async function createIdea(brainstormId: number, text: IdeaText) {
  const { data, error, response } = await api.POST('/api/ideas/', {
    body: { brainstorm: brainstormId, ...text },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export async function updateIdea(id: number, text: IdeaText) {
  const { data, error, response } = await api.PATCH('/api/ideas/{id}/', {
    params: { path: { id } },
    body: text,
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

export async function deleteIdea(id: number) {
  const { error, response } = await api.DELETE('/api/ideas/{id}/', { params: { path: { id } } });
  // Gone already (deleted in another tab, say) is what was asked for.
  if (!response.ok && response.status !== 404) throw new ApiError(response.status, error);
}

/**
 * Every query that lists or counts the brainstorm's ideas, the ideas held one by one, and the
 * brainstorm lists with their idea counts.
 */
function useRefreshBrainstormIdeas(brainstormId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({
        predicate: (query) => isBrainstormIdeaQuery(query.queryKey, brainstormId),
      }),
      queryClient.invalidateQueries({ queryKey: ideaKeys.details() }),
      queryClient.invalidateQueries({ queryKey: brainstormKeys.lists() }),
    ]);
}

export function useCreateIdea(brainstormId: number) {
  const refresh = useRefreshBrainstormIdeas(brainstormId);
  return useMutation({
    mutationKey: [...ideaKeys.all, 'create', brainstormId],
    mutationFn: (text: IdeaText) => createIdea(brainstormId, text),
    onSuccess: refresh,
  });
}

export function useUpdateIdea(brainstormId: number) {
  const refresh = useRefreshBrainstormIdeas(brainstormId);
  return useMutation({
    mutationKey: [...ideaKeys.all, 'update', brainstormId],
    mutationFn: ({ id, text }: { id: number; text: IdeaText }) => updateIdea(id, text),
    onSuccess: refresh,
  });
}

export function useDeleteIdea(brainstormId: number) {
  const refresh = useRefreshBrainstormIdeas(brainstormId);
  return useMutation({
    mutationKey: [...ideaKeys.all, 'delete', brainstormId],
    mutationFn: deleteIdea,
    onSuccess: refresh,
  });
}
