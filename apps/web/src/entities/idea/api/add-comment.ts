import { ApiError } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { annotationOf, tempId, withAnnotationOf } from '../lib/annotation-cache';
import {
  addComment as addLocalComment,
  parseComments,
  removeComment,
} from '../lib/annotation-changes';
import { requireParam } from './required-param';
import type { TempId } from './types';
import { useAnnotationMutation } from './use-annotation-mutation';

/** Adds the caller's comment to an idea; the annotation is found or created when not named. */
export async function addComment(
  ideaId: number | null | undefined,
  text: string | null | undefined,
  annotationId: number | null,
) {
  const idea_id = requireParam(ideaId, 'idea_id', 'addComment');
  const body = requireParam(text, 'text', 'addComment');
  const { data, error, response } = await api.POST('/api/idea-annotations/comments/', {
    body: {
      idea_id,
      text: body,
      ...(annotationId === null ? {} : { annotation_id: annotationId }),
    },
  });
  if (!data) throw new ApiError(response.status, error);
  return data;
}

interface NewComment {
  text: string;
  /** Made by `mutate`'s caller: `commentId()`. */
  id: TempId;
}

export const commentId = tempId;

/** Adds the caller's comment to an idea, shown at once; the team's comments are read again. */
export function useAddComment(ideaId: number | null | undefined) {
  return useAnnotationMutation({
    operation: 'comment',
    ideaId,
    apply: (idea, { text, id }: NewComment) => {
      const now = new Date().toISOString();
      return addLocalComment(idea, { id, text, created: now, modified: now });
    },
    send: (id, annotationId, { text }) => addComment(id, text.trim(), annotationId),
    settle: (idea, saved, { id }) => {
      const annotation = annotationOf(idea);
      if (!annotation) return idea;
      const comments = parseComments(annotation).map((comment) =>
        comment.id === id ? { ...comment, id: saved.id, text: saved.text } : comment,
      );
      return withAnnotationOf(idea, {
        ...annotation,
        id: saved.annotation,
        comments: JSON.stringify(comments),
      });
    },
    revert: (idea, _before, { id }) => removeComment(idea, id),
  });
}
