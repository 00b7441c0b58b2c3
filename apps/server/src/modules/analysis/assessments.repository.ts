import { and, desc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ideaAnnotations } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { ideaAssessments, type AnalysisRow } from '../../db/schema/sense-making.js';
import { isForeignKeyViolation } from '../../lib/db-errors.js';

/** A model's scores for one idea, 1 to 5, each with its reason. */
export interface IdeaScores {
  idea: number;
  impact: number;
  effort: number;
  novelty: number;
  reasons: { impact: string; effort: string; novelty: string };
}

/** The ideas a run has scored so far. */
export async function assessedBy(db: Db, analysisId: number): Promise<Set<number>> {
  const rows = await db
    .select({ idea: ideaAssessments.ideaId })
    .from(ideaAssessments)
    .where(eq(ideaAssessments.analysisId, analysisId));
  return new Set(rows.map((row) => row.idea));
}

async function existingIdeas(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: ideas.id }).from(ideas).where(inArray(ideas.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * Stores a batch's scores under its run, with the run's provider and model. Scores the run
 * stored before (its job ran again) stay as they were; ideas deleted meanwhile are left out,
 * also when one goes between the check and the insert.
 */
export async function storeAssessments(
  db: Db,
  run: Pick<AnalysisRow, 'id' | 'provider' | 'model'>,
  scores: IdeaScores[],
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const existing = await existingIdeas(
      db,
      scores.map((s) => s.idea),
    );
    const rows = scores
      .filter((s) => existing.has(s.idea))
      .map((s) => ({
        ideaId: s.idea,
        analysisId: run.id,
        provider: run.provider,
        model: run.model,
        impact: s.impact,
        effort: s.effort,
        novelty: s.novelty,
        impactReason: s.reasons.impact,
        effortReason: s.reasons.effort,
        noveltyReason: s.reasons.novelty,
      }));
    if (rows.length === 0) return;
    try {
      await db
        .insert(ideaAssessments)
        .values(rows)
        .onConflictDoNothing({ target: [ideaAssessments.analysisId, ideaAssessments.ideaId] });
      return;
    } catch (error) {
      if (attempt >= 3 || !isForeignKeyViolation(error)) throw error;
    }
  }
}

/**
 * Whether the idea's vote total is withheld from the caller (decision 026): its brainstorm is
 * under blind review and the caller has not annotated it.
 */
const votesHidden = (userId: number) =>
  sql<boolean>`(${brainstorms.blindReview} and not exists (
    select 1 from ${ideaAnnotations}
    where ${ideaAnnotations.ideaId} = ${ideas.id} and ${ideaAnnotations.userId} = ${userId}))`;

/** An assessment as the lists show it, with its idea's title, theme and votes now. */
const assessmentFields = (userId: number) => ({
  idea: ideas.id,
  title: ideas.title,
  theme: ideas.themeId,
  votes: ideas.votes,
  votesHidden: votesHidden(userId),
  analysis: ideaAssessments.analysisId,
  provider: ideaAssessments.provider,
  model: ideaAssessments.model,
  impact: ideaAssessments.impact,
  effort: ideaAssessments.effort,
  novelty: ideaAssessments.novelty,
  impactReason: ideaAssessments.impactReason,
  effortReason: ideaAssessments.effortReason,
  noveltyReason: ideaAssessments.noveltyReason,
  created: ideaAssessments.created,
});

export type AssessmentView = Awaited<ReturnType<typeof ideaHistory>>[number];

/**
 * The current (newest) assessment of each of the brainstorm's assessed ideas that is not stacked
 * as a near-duplicate, by idea id: of the `limit` newest such ideas.
 */
export async function currentAssessments(
  db: Db,
  userId: number,
  brainstormId: number,
  limit: number,
) {
  const newest = db
    .select({ id: ideas.id })
    .from(ideas)
    .where(
      and(
        eq(ideas.brainstormId, brainstormId),
        isNull(ideas.duplicateOf),
        exists(
          db
            .select({ one: sql`1` })
            .from(ideaAssessments)
            .where(eq(ideaAssessments.ideaId, ideas.id)),
        ),
      ),
    )
    .orderBy(desc(ideas.created), desc(ideas.id))
    .limit(limit);
  return db
    .selectDistinctOn([ideaAssessments.ideaId], assessmentFields(userId))
    .from(ideaAssessments)
    .innerJoin(ideas, eq(ideas.id, ideaAssessments.ideaId))
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .where(inArray(ideaAssessments.ideaId, newest))
    .orderBy(ideaAssessments.ideaId, desc(ideaAssessments.created), desc(ideaAssessments.id));
}

/** One idea's assessments, newest first, at most `limit`. */
export async function ideaHistory(db: Db, userId: number, ideaId: number, limit: number) {
  return db
    .select(assessmentFields(userId))
    .from(ideaAssessments)
    .innerJoin(ideas, eq(ideas.id, ideaAssessments.ideaId))
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .where(eq(ideaAssessments.ideaId, ideaId))
    .orderBy(desc(ideaAssessments.created), desc(ideaAssessments.id))
    .limit(limit);
}
