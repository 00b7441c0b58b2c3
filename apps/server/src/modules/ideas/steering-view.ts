import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';

/*
 * Under blind review, what steered a generation (the liked and rejected ideas chosen from the
 * team's reviews, decision 025) is shown only to those who may see the votes it was chosen from:
 * who have reviewed every idea that was in the brainstorm when it was made (decision 026). A
 * looser rule would still tell: the ideas named are the team's most liked and rejected, and
 * naming none says nobody had voted yet. So a withheld steering reads the same whatever it holds.
 */

/**
 * When the earliest idea of the brainstorm that the caller has not reviewed was made, or
 * 'infinity' when they have reviewed them all. Walks the brainstorm's ideas oldest first and
 * stops at the first without the caller's annotation.
 */
export const firstUnreviewed = (callerId: number, brainstormId: SQL | AnyColumn | number): SQL =>
  sql`coalesce((select o.created from ${ideas} o
    where o.brainstorm_id = ${brainstormId} and not exists (select 1 from idea_annotations a
      where a.idea_id = o.id and a.user_id = ${callerId})
    order by o.created limit 1), 'infinity'::timestamptz)`;

/**
 * Whether what steered a generation made at `made` is withheld from the caller: its brainstorm
 * is under blind review and some idea older than it is one they have not reviewed.
 */
export const steeringWithheld = (blindReview: SQL | AnyColumn, unreviewedSince: SQL, made: SQL) =>
  sql<boolean>`(${blindReview} and ${unreviewedSince} <= ${made})`;

/**
 * `firstUnreviewed` of every brainstorm under blind review among those `scope` admits, as JSON
 * by id. Uncorrelated, so a statement reads it once, when a row first needs it, rather than
 * once per idea (which walks the brainstorm for every row of a thorough reviewer's page).
 */
const firstUnreviewedByBrainstorm = (callerId: number, scope: SQL) =>
  sql`(select jsonb_object_agg(sb.id, ${firstUnreviewed(callerId, sql`sb.id`)})
    from ${brainstorms} sb where sb.blind_review and ${scope})`;

/** Which brainstorms' ideas a statement may show: one, a project's, or any. */
export type SteeringScope = { brainstorm: number | SQL } | { project: number } | 'any';

function scopeOf(scope: SteeringScope): SQL {
  if (scope === 'any') return sql`true`;
  if ('brainstorm' in scope) return sql`sb.id = ${scope.brainstorm}`;
  return sql`sb.project_id = ${scope.project}`;
}

/**
 * Whether an idea's `steered_by` is withheld from the caller, read where the statement has the
 * idea and its `brainstorms` row. It was chosen when the idea's generation was made (the idea's
 * own creation when the generation is gone). A brainstorm the reading misses is withheld.
 */
export const ideaSteeringWithheld = (callerId: number, scope: SteeringScope): SQL<boolean> => {
  const since = firstUnreviewedByBrainstorm(callerId, scopeOf(scope));
  const made = sql`coalesce((select g.created from generations g
    where g.id = ${ideas.generationId}), ${ideas.created})`;
  return sql<boolean>`(${brainstorms.blindReview} and not coalesce(
    (${since} ->> ${ideas.brainstormId}::text)::timestamptz > ${made}, false))`;
};
