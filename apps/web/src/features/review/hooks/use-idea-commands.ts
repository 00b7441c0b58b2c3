import type { AskDirection } from '@/entities/idea/api/ask-for-more';
import { useSetBookmark, useSetHidden } from '@/entities/idea/api/set-idea-flag';
import { REACTIONS, useToggleReaction } from '@/entities/idea/api/toggle-reaction';
import type { Idea } from '@/entities/idea/api/types';
import { nextVote, useVoteIdea } from '@/entities/idea/api/vote-idea';
import { annotationOf, savedId } from '@/entities/idea/lib/annotation-cache';
import { hasReaction } from '@/entities/idea/lib/annotation-changes';
import type { RowCommands } from '../lib/review-keys';

/** A row of the review list: its idea, and what the list does around an action on it. */
export interface ReviewRow {
  idea: Idea;
  /** Called before every action: the row is marked as recently interacted with. */
  onInteract: () => void;
  commentOpen: boolean;
  /** Opens or closes the idea's comment row, and may say what it did. */
  onToggleComment: () => string | undefined;
  /** Starts 'More like this' or 'Flip it' from the idea, and says so. */
  onAskForMore: (idea: Idea, direction: AskDirection) => string;
  /** A Bad Idea Contest's idea, which 'Flip it' can reverse. */
  flippable: boolean;
}

/**
 * What can be done to a row's idea, as its buttons and the keys do it. The row's buttons build
 * their own; the list builds the active row's for the keys, so nothing has to hand them up.
 */
export function useIdeaCommands(row: ReviewRow): RowCommands;
export function useIdeaCommands(row: ReviewRow | null): RowCommands | null;
export function useIdeaCommands(row: ReviewRow | null): RowCommands | null {
  const ideaId = row?.idea.id;
  const voting = useVoteIdea(ideaId);
  const bookmarking = useSetBookmark(ideaId);
  const hiding = useSetHidden(ideaId);
  const reacting = useToggleReaction(ideaId);
  if (!row) return null;

  const { idea, onInteract, commentOpen, onToggleComment, onAskForMore, flippable } = row;
  const annotation = annotationOf(idea);
  const { title } = idea;
  return {
    vote: (direction) => {
      const value = nextVote(annotation?.vote ?? 0, direction);
      onInteract();
      voting.mutate({ value });
      if (value === 0) return `Vote removed: ${title}`;
      return `Voted ${value === 1 ? 'up' : 'down'}: ${title}`;
    },
    react: (type) => {
      const on = hasReaction(idea, type);
      const label = REACTIONS.find((reaction) => reaction.type === type)?.label ?? type;
      onInteract();
      reacting.mutate({
        type,
        on: !on,
        reactionId: savedId(annotation?.reactions.find((r) => r.reaction_type === type)),
      });
      return `${on ? 'Removed' : 'Added'} ${label}: ${title}`;
    },
    bookmark: () => {
      const bookmarked = annotation?.is_bookmarked ?? false;
      onInteract();
      bookmarking.mutate({ value: !bookmarked });
      return `${bookmarked ? 'Bookmark removed' : 'Bookmarked'}: ${title}`;
    },
    hide: () => {
      const hidden = annotation?.is_hidden ?? false;
      onInteract();
      hiding.mutate({ value: !hidden });
      return `${hidden ? 'Shown' : 'Hidden'}: ${title}`;
    },
    comment: () => {
      onInteract();
      return onToggleComment() ?? (commentOpen ? 'Comment row closed' : `Comment on: ${title}`);
    },
    moreLikeThis: () => {
      onInteract();
      return onAskForMore(idea, 'more');
    },
    flipIt: flippable
      ? () => {
          onInteract();
          return onAskForMore(idea, 'flip');
        }
      : null,
  };
}
