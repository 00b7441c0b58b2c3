import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ideaAnnotations, ideaReactions, type ReactionType } from '../../db/schema/annotations.js';
import { ideas } from '../../db/schema/ideas.js';
import { searchCondition } from '../../lib/search.js';

/** Reviewed by whom (design rule 3); 'unreviewed' means not by the caller. */
export type Review = 'unreviewed' | 'current' | 'any' | 'none' | { userId: number };

export interface IdeaFilters {
  callerId: number;
  brainstorm?: number | undefined;
  search?: string | undefined;
  review?: Review | undefined;
  isHidden?: boolean | undefined;
  isBookmarked?: boolean | undefined;
  vote?: number | undefined;
  reactionType?: ReactionType | undefined;
}

/** The caller's own annotation, joined to each idea: at most one, by the unique (user, idea). */
export const mine = alias(ideaAnnotations, 'mine');
export const mineJoin = (callerId: number) =>
  and(eq(mine.ideaId, ideas.id), eq(mine.userId, callerId));

/** The query's own filters: what `count` counts. */
export const ownCondition = (f: IdeaFilters): SQL | undefined =>
  and(
    f.brainstorm === undefined ? undefined : eq(ideas.brainstormId, f.brainstorm),
    searchCondition(f.search, [ideas.title, ideas.summary, ideas.description]),
  );

const annotatedBy = (userId?: number) =>
  sql`exists (select 1 from ${ideaAnnotations} where ${ideaAnnotations.ideaId} = ${ideas.id}${
    userId === undefined ? sql`` : sql` and ${ideaAnnotations.userId} = ${userId}`
  })`;

function reviewCondition(review: Review | undefined): SQL | undefined {
  switch (review) {
    case undefined:
      return undefined;
    case 'unreviewed':
      return isNull(mine.id);
    case 'current':
      return isNotNull(mine.id);
    case 'any':
      return annotatedBy();
    case 'none':
      return sql`not ${annotatedBy()}`;
    default:
      return annotatedBy(review.userId);
  }
}

/**
 * The caller's filters: reviewed or not, and the flags of the caller's OWN annotation whoever
 * the reviewer filter names (bookmarks and hidden flags are private, votes shared only in sum).
 * No annotation counts as not hidden, not bookmarked, vote 0. `filteredCount` counts these.
 */
export const callerCondition = (f: IdeaFilters): SQL | undefined =>
  and(
    reviewCondition(f.review),
    f.isHidden === undefined ? undefined : sql`coalesce(${mine.isHidden}, false) = ${f.isHidden}`,
    f.isBookmarked === undefined
      ? undefined
      : sql`coalesce(${mine.isBookmarked}, false) = ${f.isBookmarked}`,
    f.vote === undefined ? undefined : sql`coalesce(${mine.vote}, 0) = ${f.vote}`,
    f.reactionType === undefined
      ? undefined
      : sql`exists (select 1 from ${ideaReactions} where ${ideaReactions.annotationId} = ${mine.id} and ${ideaReactions.reactionType} = ${f.reactionType})`,
  );
