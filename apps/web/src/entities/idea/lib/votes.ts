import type { Idea } from '@/entities/idea/api/types';

export interface VoteDisplay {
  /** Spec 2's value: the caller's vote when they have annotated the idea, else the team's sum. */
  shown: number;
  /** The team's sum when it differs from `shown`, so the two are never confused. */
  team: number | null;
}

export function voteDisplay(idea: Pick<Idea, 'votes' | 'user_annotation' | 'annotation'>) {
  const annotation = idea.user_annotation ?? idea.annotation ?? null;
  const team = idea.votes as number | undefined;
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
