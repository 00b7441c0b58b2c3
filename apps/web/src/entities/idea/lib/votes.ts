import type { Idea } from '@/entities/idea/api/types';

/**
 * What shows in place of an idea's votes, reaction counts and comment count while blind review
 * withholds them from the caller (`totals_hidden`): once per idea.
 */
export const TOTALS_HIDDEN_TEXT = 'Votes hidden until you review';

export interface VoteDisplay {
  /** Spec 2's value: the caller's vote when they have annotated the idea, else the team's sum. */
  shown: number;
  /** The team's sum when it differs from `shown`, so the two are never confused. */
  team: number | null;
}

export function voteDisplay(idea: Pick<Idea, 'votes' | 'user_annotation' | 'annotation'>) {
  const annotation = idea.user_annotation ?? idea.annotation ?? null;
  // Null while blind review withholds it; missing in an idea some older answer left without it.
  const team = (idea.votes as number | null | undefined) ?? undefined;
  const shown = annotation?.vote ?? team ?? 0;
  return {
    shown,
    team: annotation && team !== undefined && team !== shown ? team : null,
  } satisfies VoteDisplay;
}

export function signed(value: number) {
  return value > 0 ? `+${value}` : String(value);
}

/** '3', or 'You: +1 · Team: 5' when the caller's vote and the team's sum differ. */
export function formatVotes(idea: Pick<Idea, 'votes' | 'user_annotation' | 'annotation'>) {
  const { shown, team } = voteDisplay(idea);
  return team === null ? String(shown) : `You: ${signed(shown)} · Team: ${team}`;
}
