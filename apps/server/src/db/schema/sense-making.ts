import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brainstorms } from './brainstorms.js';
import { ideas } from './ideas.js';
import { users } from './users.js';

/** The sense-making steps a provider may run on a brainstorm's ideas (decision 027). */
export const ANALYSIS_KINDS = ['themes', 'assess', 'rank', 'combine', 'repeats'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

export const ANALYSIS_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** What a run was asked to work on, fixed when it is created. */
export interface AnalysisParams {
  /** The ideas it works on, in the order it chose them (all of them, the top N, the selection). */
  ideas: number[];
  /** Ranking: the Swiss rounds to play. */
  rounds?: number;
  /**
   * Repeats: started by itself for ideas just stored (`repeats-checks.ts`), not asked for; it
   * does not count among the steps its person has under way.
   */
  automatic?: boolean;
}

/** A proposal of themes: nothing changes until someone applies it. */
export interface ThemesProposal {
  themes: { name: string; description: string; ideas: number[] }[];
  unsorted: number[];
}

/** What a ranking found: ideas by rating, best first. */
export interface RankingOutcome {
  ideas: { idea: number; rating: number; wins: number; losses: number }[];
}

export type AnalysisResult =
  | { kind: 'themes'; proposal: ThemesProposal }
  | { kind: 'assess'; assessed: number; skipped: number }
  | { kind: 'rank'; ranking: RankingOutcome }
  | { kind: 'combine'; idea: number | null }
  | { kind: 'repeats'; judged: number; stacked: number };

/**
 * One sense-making run: a durable job that makes `calls_planned` provider calls (retries
 * aside), each reserved against the daily token budgets before it is made, as a generation's
 * slots are (decision 012). `reserved_tokens` holds what the calls still to make may cost,
 * `in_flight_tokens` what the calls sent and not yet answered reserved: a run claimed again
 * after its worker died counts those as `unreported_tokens`, since the provider may have charged
 * them.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    brainstormId: integer()
      .notNull()
      .references(() => brainstorms.id, { onDelete: 'cascade' }),
    kind: text().$type<AnalysisKind>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    provider: text().notNull(),
    model: text().notNull(),
    /** 'model' when a language model did it; 'keywords' for the offline word clustering. */
    method: text().notNull().default('model'),
    params: jsonb().$type<AnalysisParams>().notNull(),
    status: text().$type<AnalysisStatus>().notNull().default('queued'),
    callsPlanned: integer().notNull().default(0),
    callsMade: integer().notNull().default(0),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    reservedTokens: integer().notNull().default(0),
    inFlightTokens: integer().notNull().default(0),
    unreportedTokens: integer().notNull().default(0),
    result: jsonb().$type<AnalysisResult>(),
    /** Why it failed, in words a user can act on. */
    error: text(),
    /** A themes proposal is applied once: who applied it and when. */
    applied: timestamp({ withTimezone: true }),
    appliedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
    started: timestamp({ withTimezone: true }),
    finished: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('analyses_brainstorm_created_idx').on(t.brainstormId, t.created),
    index('analyses_created_by_created_idx').on(t.createdBy, t.created),
    index('analyses_created_idx').on(t.created),
    check('analyses_kind_check', sql`${t.kind} in ${sql.raw(`('${ANALYSIS_KINDS.join("','")}')`)}`),
    check(
      'analyses_status_check',
      sql`${t.status} in ${sql.raw(`('${ANALYSIS_STATUSES.join("','")}')`)}`,
    ),
  ],
);

/**
 * A model's scores for one idea, kept apart from the team's votes; every assessment is kept, so
 * re-assessing adds history and the newest is the current one.
 */
export const ideaAssessments = pgTable(
  'idea_assessments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ideaId: integer()
      .notNull()
      .references(() => ideas.id, { onDelete: 'cascade' }),
    analysisId: integer()
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    model: text().notNull(),
    impact: smallint().notNull(),
    effort: smallint().notNull(),
    novelty: smallint().notNull(),
    impactReason: text().notNull(),
    effortReason: text().notNull(),
    noveltyReason: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One per idea and run: a batch stored twice (its job ran again) stores nothing new.
    uniqueIndex('idea_assessments_analysis_idea_key').on(t.analysisId, t.ideaId),
    index('idea_assessments_idea_created_idx').on(t.ideaId, t.created, t.id),
    check(
      'idea_assessments_scores_check',
      sql`${t.impact} between 1 and 5 and ${t.effort} between 1 and 5 and ${t.novelty} between 1 and 5`,
    ),
  ],
);

/** One pairwise comparison of a ranking: which of two ideas the model preferred, and why. */
export const rankingComparisons = pgTable(
  'ranking_comparisons',
  {
    analysisId: integer()
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    round: integer().notNull(),
    /** The pair's position in its round. */
    pair: integer().notNull(),
    ideaA: integer().notNull(),
    ideaB: integer().notNull(),
    /** The idea preferred: `idea_a` or `idea_b`. */
    winner: integer().notNull(),
    reason: text().notNull(),
    inputTokens: integer().notNull().default(0),
    outputTokens: integer().notNull().default(0),
    created: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ranking_comparisons_key').on(t.analysisId, t.round, t.pair)],
);

export type AnalysisRow = typeof analyses.$inferSelect;
export type IdeaAssessmentRow = typeof ideaAssessments.$inferSelect;
export type RankingComparisonRow = typeof rankingComparisons.$inferSelect;
