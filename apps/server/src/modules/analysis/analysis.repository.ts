import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ValidationError } from '../../lib/errors.js';
import { ideaAnnotations } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import {
  analyses,
  rankingComparisons,
  type RankingOutcome,
  type AnalysisKind,
  type AnalysisParams,
  type AnalysisResult,
  type AnalysisRow,
} from '../../db/schema/sense-making.js';
import { spearman } from './rank-correlation.js';

export async function insertAnalysis(
  db: Db,
  values: {
    brainstormId: number;
    kind: AnalysisKind;
    createdBy: number;
    provider: string;
    model: string;
    method: 'model' | 'keywords';
    params: AnalysisParams;
    callsPlanned: number;
    reservedTokens: number;
  },
): Promise<AnalysisRow> {
  const [row] = await db.insert(analyses).values(values).returning();
  if (!row) throw new Error('an insert returned no row');
  return row;
}

export async function findAnalysis(db: Db, id: number): Promise<AnalysisRow | null> {
  const [row] = await db.select().from(analyses).where(eq(analyses.id, id));
  return row ?? null;
}

export async function listAnalyses(
  db: Db,
  brainstormId: number,
  kind: AnalysisKind | undefined,
  window: { limit: number; offset: number },
) {
  const where = and(
    eq(analyses.brainstormId, brainstormId),
    kind === undefined ? undefined : eq(analyses.kind, kind),
  );
  const [total] = await db.select({ n: count() }).from(analyses).where(where);
  const rows = await db
    .select()
    .from(analyses)
    .where(where)
    .orderBy(desc(analyses.created), desc(analyses.id))
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.n ?? 0, rows };
}

/**
 * Runs of one user still queued or running (a day old or more no longer counts), leaving out
 * the repeats checks started by themselves.
 */
/** Whether a run is a check of ideas just stored, started by itself (`params.automatic`). */
const startedByItself = sql`coalesce((${analyses.params} ->> 'automatic')::boolean, false)`;

export async function countUnfinished(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(analyses)
    .where(
      and(
        eq(analyses.createdBy, userId),
        inArray(analyses.status, ['queued', 'running']),
        sql`${analyses.created} > now() - interval '1 day'`,
        // A check of ideas just stored runs for the person, not at their request.
        sql`not ${startedByItself}`,
      ),
    );
  return row?.n ?? 0;
}

/** The ideas that a check of ideas just stored is judging for repeats, until its step ends. */
export async function ideasBeingChecked(db: Db, brainstormId: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select distinct jsonb_array_elements(${analyses.params} -> 'ideas')::int as id
      from ${analyses}
      where ${analyses.brainstormId} = ${brainstormId} and ${analyses.kind} = 'repeats'
        and ${analyses.status} in ('queued', 'running') and ${startedByItself}`),
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Marks a run as running, unless it has finished or is gone (null: nothing left to do). Calls
 * still in flight were cut off (its worker died or was stopped): what they reserved counts as
 * used, since the provider may have charged it.
 */
export async function claimAnalysis(db: Db, id: number): Promise<AnalysisRow | null> {
  const [row] = await db
    .update(analyses)
    .set({
      status: 'running',
      started: sql`coalesce(${analyses.started}, now())`,
      unreportedTokens: sql`${analyses.unreportedTokens} + ${analyses.inFlightTokens}`,
      inFlightTokens: 0,
    })
    .where(and(eq(analyses.id, id), inArray(analyses.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

/**
 * Moves `tokens` of the run's reservation into flight for one call, when the reservation holds
 * them: true; false when it does not (or the run has finished).
 */
export async function startCallWithin(db: Db, id: number, tokens: number): Promise<boolean> {
  const rows = await db
    .update(analyses)
    .set({
      reservedTokens: sql`${analyses.reservedTokens} - ${tokens}`,
      inFlightTokens: sql`${analyses.inFlightTokens} + ${tokens}`,
      callsMade: sql`${analyses.callsMade} + 1`,
    })
    .where(
      and(
        eq(analyses.id, id),
        eq(analyses.status, 'running'),
        sql`${analyses.reservedTokens} >= ${tokens}`,
      ),
    )
    .returning({ id: analyses.id });
  return rows.length > 0;
}

/** What is left of the run's reservation, or null once it has finished. */
export async function reservationLeft(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ reserved: analyses.reservedTokens })
    .from(analyses)
    .where(and(eq(analyses.id, id), eq(analyses.status, 'running')));
  return row ? row.reserved : null;
}

/** Puts a call in flight beyond the reservation (checked against the budgets by the caller). */
export async function startCallBeyond(db: Db, id: number, tokens: number): Promise<boolean> {
  const rows = await db
    .update(analyses)
    .set({
      reservedTokens: 0,
      inFlightTokens: sql`${analyses.inFlightTokens} + ${tokens}`,
      callsMade: sql`${analyses.callsMade} + 1`,
    })
    .where(and(eq(analyses.id, id), eq(analyses.status, 'running')))
    .returning({ id: analyses.id });
  return rows.length > 0;
}

/** What a call cost: what it reported, nothing (refused), or unknown (all it reserved). */
export type CallCost =
  | { kind: 'reported'; inputTokens: number; outputTokens: number }
  | { kind: 'none' }
  | { kind: 'unknown' };

/**
 * Takes a call out of flight with what it cost. A refused call gives its reservation back for
 * the next attempt; a call cut off keeps it all as unreported.
 */
export async function settleCall(db: Db, id: number, tokens: number, cost: CallCost) {
  const out = { inFlightTokens: sql`greatest(${analyses.inFlightTokens} - ${tokens}, 0)` };
  const changes =
    cost.kind === 'reported'
      ? {
          ...out,
          inputTokens: sql`${analyses.inputTokens} + ${cost.inputTokens}`,
          outputTokens: sql`${analyses.outputTokens} + ${cost.outputTokens}`,
        }
      : cost.kind === 'none'
        ? { ...out, reservedTokens: sql`${analyses.reservedTokens} + ${tokens}` }
        : { ...out, unreportedTokens: sql`${analyses.unreportedTokens} + ${tokens}` };
  await db.update(analyses).set(changes).where(eq(analyses.id, id));
}

/** Ends a run that is still under way: done with its result, or failed with the reason. */
export async function finishAnalysis(
  db: Db,
  id: number,
  outcome: { status: 'done'; result: AnalysisResult } | { status: 'failed'; error: string },
): Promise<boolean> {
  const rows = await db
    .update(analyses)
    .set({
      status: outcome.status,
      result: outcome.status === 'done' ? outcome.result : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      reservedTokens: 0,
      // Whatever is still in flight now will never be answered to this run.
      unreportedTokens: sql`${analyses.unreportedTokens} + ${analyses.inFlightTokens}`,
      inFlightTokens: 0,
      finished: sql`now()`,
    })
    .where(and(eq(analyses.id, id), inArray(analyses.status, ['queued', 'running'])))
    .returning({ id: analyses.id });
  return rows.length > 0;
}

/** Marks a themes proposal applied, once: false when someone applied it first. */
export async function markApplied(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(analyses)
    .set({ applied: sql`now()`, appliedBy: userId })
    .where(and(eq(analyses.id, id), isNull(analyses.applied), eq(analyses.status, 'done')))
    .returning({ id: analyses.id });
  return rows.length > 0;
}

/** Runs still queued or running, for a restart to hand back (embedded database). */
export async function unfinishedRuns(db: Db) {
  return db
    .select({ id: analyses.id, provider: analyses.provider })
    .from(analyses)
    .where(inArray(analyses.status, ['queued', 'running']));
}

/** An idea the run may read, as a prompt quotes it. */
export interface RunIdea {
  id: number;
  title: string;
  summary: string;
  description: string;
  votes: number;
  created: Date;
}

/** The run's ideas that still exist, in the order it chose them. */
export async function runIdeas(db: Db, brainstormId: number, ids: number[]): Promise<RunIdea[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: ideas.id,
      title: ideas.title,
      summary: ideas.summary,
      description: ideas.description,
      votes: ideas.votes,
      created: ideas.created,
    })
    .from(ideas)
    .where(and(eq(ideas.brainstormId, brainstormId), inArray(ideas.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The brainstorm's ideas a run chooses from: not stacked as near-duplicates (their original
 * speaks for them), newest first, or by votes for a ranking (ties: the earliest first).
 */
export async function chooseIdeas(
  db: Db,
  brainstormId: number,
  order: 'newest' | 'votes',
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.brainstormId, brainstormId), isNull(ideas.duplicateOf)))
    .orderBy(
      ...(order === 'votes'
        ? [desc(ideas.votes), ideas.created, ideas.id]
        : [desc(ideas.created), desc(ideas.id)]),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Of the given ideas, those of the brainstorm that exist. */
export async function ideasOfBrainstorm(db: Db, brainstormId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.brainstormId, brainstormId), inArray(ideas.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The ideas a person asked a step to work on, each once, in the order given; refused with a
 * field error when one is not the brainstorm's.
 */
export async function ideasAsked(db: Db, brainstormId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await ideasOfBrainstorm(db, brainstormId, unique);
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw new ValidationError({ ideas: [`Invalid pk "${missing}" - object does not exist.`] });
  }
  return unique;
}

/** The idea, when it still exists. */
export async function existingIdea(db: Db, id: number | null): Promise<number | null> {
  if (id === null) return null;
  const [row] = await db.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, id));
  return row?.id ?? null;
}

/**
 * A ranking as the caller sees it: each idea's title and vote total now, the totals withheld
 * under blind review for ideas the caller has not reviewed, and the rank correlation of ratings
 * and votes when every total is visible.
 */
export async function rankingView(
  db: Db,
  userId: number,
  brainstormId: number,
  ranking: RankingOutcome,
) {
  const ids = ranking.ideas.map((entry) => entry.idea);
  const rows = ids.length
    ? rowsOf<{ id: number; title: string; votes: number; hidden: boolean }>(
        await db.execute(sql`select i.id, i.title, i.votes,
            (b.blind_review and not exists (
              select 1 from ${ideaAnnotations} a where a.idea_id = i.id and a.user_id = ${userId}
            )) as hidden
          from ${ideas} i join ${brainstorms} b on b.id = i.brainstorm_id
          where i.brainstorm_id = ${brainstormId} and i.id in ${sql.raw(`(${ids.map(Number).join(',')})`)}`),
      )
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries = ranking.ideas.map((entry) => {
    const row = byId.get(entry.idea);
    return {
      ...entry,
      title: row?.title ?? '',
      votes: row && !row.hidden ? row.votes : null,
    };
  });
  const visible = entries.every((entry) => entry.votes !== null);
  return {
    ideas: entries,
    correlation: visible
      ? spearman(
          entries.map((entry) => entry.rating),
          entries.map((entry) => entry.votes ?? 0),
        )
      : null,
  };
}

/** One page of a ranking's comparisons, in the order they were played. */
export async function listComparisons(
  db: Db,
  analysisId: number,
  window: { limit: number; offset: number },
) {
  const where = eq(rankingComparisons.analysisId, analysisId);
  const [total] = await db.select({ n: count() }).from(rankingComparisons).where(where);
  const rows = await db
    .select()
    .from(rankingComparisons)
    .where(where)
    .orderBy(rankingComparisons.round, rankingComparisons.pair)
    .limit(window.limit)
    .offset(window.offset);
  return { count: total?.n ?? 0, rows };
}

/** A ranking's comparisons answered so far, by round and pair, for a run that starts again. */
export async function playedComparisons(db: Db, analysisId: number) {
  const rows = await db
    .select()
    .from(rankingComparisons)
    .where(eq(rankingComparisons.analysisId, analysisId));
  return new Map(rows.map((row) => [comparisonKey(row.round, row.pair), row]));
}

/** The key of a comparison within its ranking. */
export const comparisonKey = (round: number, pair: number) => `${round}:${pair}`;

/** Keeps one answered comparison; one stored before for the same round and pair stays. */
export async function insertComparison(
  db: Db,
  values: Omit<typeof rankingComparisons.$inferInsert, 'created'>,
): Promise<void> {
  await db.insert(rankingComparisons).values(values).onConflictDoNothing();
}

/**
 * Records a combined idea on its run, in the transaction that stores the idea: false when the
 * run already has one (an earlier run of its job stored it) or has ended.
 */
export async function recordCombinedIdea(db: Db, id: number, ideaId: number): Promise<boolean> {
  const rows = await db
    .update(analyses)
    .set({ result: { kind: 'combine', idea: ideaId } })
    .where(and(eq(analyses.id, id), isNull(analyses.result), eq(analyses.status, 'running')))
    .returning({ id: analyses.id });
  return rows.length > 0;
}
