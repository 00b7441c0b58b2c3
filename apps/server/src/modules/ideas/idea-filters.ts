import { and, eq, gt, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ideaAnnotations, ideaReactions, type ReactionType } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { searchCondition } from '../../lib/search.js';

/**
 * Which near-duplicates a list holds (decision 025): by default the originals and unstacked ideas
 * only, each stack shown under its original; 'include' adds the stacked ones; `of` is one stack.
 */
export type DuplicateFilter = 'exclude' | 'include' | { of: number };

/** Reviewed by whom (design rule 3); 'unreviewed' means not by the caller. */
export type Review = 'unreviewed' | 'current' | 'any' | 'none' | { userId: number };

export interface IdeaFilters {
  callerId: number;
  brainstorm?: number | undefined;
  /** The ideas of the project's brainstorms. */
  project?: number | undefined;
  search?: string | undefined;
  review?: Review | undefined;
  isHidden?: boolean | undefined;
  isBookmarked?: boolean | undefined;
  vote?: number | undefined;
  reactionType?: ReactionType | undefined;
  duplicates?: DuplicateFilter | undefined;
  /** A theme's ideas, or with 'none' the unsorted ones. */
  theme?: number | 'none' | undefined;
  /** Only the ideas stored up to this one (by id): a list read again as it was. */
  upTo?: number | undefined;
  /** Only the ideas stored after this one (by id): what a list read up to it leaves out. */
  after?: number | undefined;
}

/** The caller's own annotation of each idea, as `mine`: at most one, by the unique (user, idea). */
export const mine = alias(ideaAnnotations, 'mine');

/**
 * `mine` for a lateral join: one probe of the (user, idea) index per idea. A plain join lets the
 * planner hash every annotation of the caller (thousands, for an active reviewer) to match a
 * brainstorm's few hundred ideas, about 15 times slower; the `limit` keeps it from flattening
 * this back into that join (decision 014).
 */
export const mineLateral = (callerId: number) =>
  sql`(select * from ${ideaAnnotations} where ${ideaAnnotations.userId} = ${callerId} and ${ideaAnnotations.ideaId} = ${ideas.id} limit 1) as ${sql.identifier('mine')}`;

/**
 * Whether an idea's votes, reaction counts and comments are withheld from the caller (decision
 * 026): its brainstorm is under blind review and the caller has not reviewed it. Read where the
 * statement has the idea's `brainstorms` row and `mine` in scope; never null.
 */
export const totalsHidden = sql<boolean>`(${brainstorms.blindReview} and ${mine.id} is null)`;

/** The column, or null where the caller may not see it yet. */
export const unlessHidden = (column: AnyPgColumn) =>
  sql`case when ${totalsHidden} then null else ${column} end`;

function themeCondition(theme: IdeaFilters['theme']): SQL | undefined {
  if (theme === undefined) return undefined;
  return theme === 'none' ? isNull(ideas.themeId) : eq(ideas.themeId, theme);
}

/** The query's brainstorm, theme, search and moment: the ideas its counts are taken among. */
export const scopeCondition = (f: IdeaFilters): SQL | undefined =>
  and(
    f.brainstorm === undefined ? undefined : eq(ideas.brainstormId, f.brainstorm),
    f.project === undefined
      ? undefined
      : sql`${ideas.brainstormId} in (select ${brainstorms.id} from ${brainstorms} where ${brainstorms.projectId} = ${f.project})`,
    themeCondition(f.theme),
    searchCondition(f.search, [ideas.title, ideas.summary, ideas.description]),
    f.upTo === undefined ? undefined : lte(ideas.id, f.upTo),
    f.after === undefined ? undefined : gt(ideas.id, f.after),
  );

/** Which near-duplicates the list holds; stacked ones are left out unless asked for. */
export function duplicateCondition(f: IdeaFilters): SQL | undefined {
  const duplicates = f.duplicates ?? 'exclude';
  if (duplicates === 'include') return undefined;
  if (duplicates === 'exclude') return isNull(ideas.duplicateOf);
  return eq(ideas.duplicateOf, duplicates.of);
}

/** The query's own filters: what `count` counts. */
export const ownCondition = (f: IdeaFilters): SQL | undefined =>
  and(scopeCondition(f), duplicateCondition(f));

const annotatedBy = (userId?: number) =>
  sql`exists (select 1 from ${ideaAnnotations} where ${ideaAnnotations.ideaId} = ${ideas.id}${
    userId === undefined ? sql`` : sql` and ${ideaAnnotations.userId} = ${userId}`
  })`;

/**
 * Whether others reviewed an idea tells about its totals (reviewed by no one: no votes), so in a
 * blind brainstorm the filters on others' reviews leave out the ideas the caller has not
 * reviewed: for those, who else reviewed them is as unknown as their totals.
 */
const seen = (condition: SQL) => sql`(${condition} and not ${totalsHidden})`;

function reviewCondition(review: Review | undefined, callerId: number): SQL | undefined {
  switch (review) {
    case undefined:
      return undefined;
    // As a semi-join rather than a test of `mine`, whose rows the planner cannot foresee: it
    // then walks the ordering's index and stops at the page, instead of sorting every idea.
    case 'unreviewed':
      return sql`not ${annotatedBy(callerId)}`;
    case 'current':
      return annotatedBy(callerId);
    case 'any':
      return seen(annotatedBy());
    case 'none':
      return seen(sql`not ${annotatedBy()}`);
    default:
      return seen(annotatedBy(review.userId));
  }
}

/** Whether `callerCondition` reads the idea's brainstorm (through `totalsHidden`). */
export const callerNeedsBrainstorm = (f: IdeaFilters) =>
  f.review !== undefined && f.review !== 'unreviewed' && f.review !== 'current';

/**
 * The caller's filters: reviewed or not, and the flags of the caller's OWN annotation whoever
 * the reviewer filter names (bookmarks and hidden flags are private, votes shared only in sum).
 * No annotation counts as not hidden, not bookmarked, vote 0. `filteredCount` counts these.
 */
export const callerCondition = (f: IdeaFilters): SQL | undefined =>
  and(
    reviewCondition(f.review, f.callerId),
    f.isHidden === undefined ? undefined : sql`coalesce(${mine.isHidden}, false) = ${f.isHidden}`,
    f.isBookmarked === undefined
      ? undefined
      : sql`coalesce(${mine.isBookmarked}, false) = ${f.isBookmarked}`,
    f.vote === undefined ? undefined : sql`coalesce(${mine.vote}, 0) = ${f.vote}`,
    f.reactionType === undefined
      ? undefined
      : sql`exists (select 1 from ${ideaReactions} where ${ideaReactions.annotationId} = ${mine.id} and ${ideaReactions.reactionType} = ${f.reactionType})`,
  );
