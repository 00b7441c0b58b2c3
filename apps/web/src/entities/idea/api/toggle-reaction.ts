import { addReaction, type ReactionType } from './add-reaction';
import { annotationOf, tempId, withAnnotationOf } from '../lib/annotation-cache';
import { setReaction } from '../lib/annotation-changes';
import { listReactions } from './list-reactions';
import { removeReaction } from './remove-reaction';
import { useAnnotationMutation } from './use-annotation-mutation';

export const REACTIONS = [
  { type: 'laugh', emoji: '😂', label: 'Laugh' },
  { type: 'idea', emoji: '💡', label: 'Great Idea' },
  { type: 'surprised', emoji: '😮', label: 'Surprised' },
  { type: 'thumbtack', emoji: '📌', label: 'Pin for group' },
] as const satisfies readonly { type: ReactionType; emoji: string; label: string }[];

export interface ReactionChange {
  type: ReactionType;
  /** Add (true) or remove (false) the caller's reaction of this type. */
  on: boolean;
  /** To remove: the reaction's id when the server has given it; otherwise it is looked up. */
  reactionId?: number | null;
}

async function remove(ideaId: number, { type, reactionId }: ReactionChange) {
  const ids =
    typeof reactionId === 'number'
      ? [reactionId]
      : (await listReactions(ideaId, type)).map((reaction) => reaction.id);
  await Promise.all(ids.map((id) => removeReaction(id)));
  return null;
}

/** Adds or removes the caller's reaction of a type to an idea (spec 4: a toggle per type). */
export function useToggleReaction(ideaId: number | null | undefined) {
  return useAnnotationMutation({
    operation: 'react',
    ideaId,
    apply: (idea, change: ReactionChange) => setReaction(idea, change.type, change.on, tempId()),
    send: (id, annotationId, change) =>
      change.on ? addReaction(id, change.type, annotationId) : remove(id, change),
    settle: (idea, saved, { type }) => {
      const annotation = annotationOf(idea);
      if (!saved || !annotation) return idea;
      return withAnnotationOf(idea, {
        ...annotation,
        id: saved.annotation,
        reactions: annotation.reactions.map((r) =>
          r.reaction_type === type ? { ...r, id: saved.id } : r,
        ),
      });
    },
    revert: (idea, _before, { type, on }) => setReaction(idea, type, !on, tempId()),
  });
}
