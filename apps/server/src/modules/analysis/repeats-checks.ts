import type { PgBoss } from 'pg-boss';
import type { DuplicateThresholds, GenerationLimits, RepeatsJudge } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import type { RepeatsCheckJob } from '../generation/job-queue.js';
import { budgetPassed, lockLimits } from '../generation/token-budget.js';
import * as repository from './analysis.repository.js';
import { analysisQueue, insertAnalysisJob } from './analysis-queue.js';
import { repeatsKind } from './repeats-kind.js';

export interface RepeatsCheckDeps {
  db: Db;
  boss: PgBoss;
  judge: RepeatsJudge;
  limits: GenerationLimits;
  duplicates: DuplicateThresholds;
  log: { warn(object: unknown, message: string): void };
}

/**
 * Checks ideas just stored for repeats in other words (issue 38): when they have pairs for the
 * judge, a 'repeats' step by the configured model is recorded and queued, reserved against the
 * budgets of whoever stored them, as if they had asked for it. Nothing to judge starts nothing;
 * a step whose calls would pass a daily budget is not started, and says so in the log. Ideas
 * that an unfinished check's step is judging already are left to it: a check job run twice (its
 * worker died after recording the step) asks the model once.
 */
export async function checkRepeats(deps: RepeatsCheckDeps, job: RepeatsCheckJob): Promise<void> {
  const { db, judge } = deps;
  const brainstorm = await findBrainstorm(db, job.brainstormId);
  if (!brainstorm) return;
  const planFor = async (tx: Db, ids: number[]) => {
    const ideas = await repository.runIdeas(tx, brainstorm.id, ids);
    return { ideas, ...(await repeatsKind.plan(brainstorm, ideas, 'model', tx, deps.duplicates)) };
  };
  const planned = await planFor(db, job.ideas);
  if (planned.calls === 0) return;
  await db.transaction(async (tx) => {
    // Checks take turns here: the limits' lock is held until the step is recorded.
    await lockLimits(tx);
    const judging = await repository.ideasBeingChecked(tx, brainstorm.id);
    const left = planned.ideas.filter((idea) => !judging.has(idea.id));
    // Only when another check took some of the ideas meanwhile is the plan made again.
    const plan =
      left.length === planned.ideas.length
        ? planned
        : await planFor(
            tx,
            left.map((idea) => idea.id),
          );
    if (plan.calls === 0) return;
    const passed = await budgetPassed(tx, deps.limits, job.requestedBy, plan.tokens, new Date());
    if (passed) {
      deps.log.warn(
        { brainstorm: brainstorm.id, user: job.requestedBy, budget: passed, tokens: plan.tokens },
        'Repeats not checked: the calls would pass a daily token budget',
      );
      return;
    }
    const run = await repository.insertAnalysis(tx, {
      brainstormId: brainstorm.id,
      kind: 'repeats',
      createdBy: job.requestedBy,
      provider: judge.provider,
      model: judge.model,
      method: 'model',
      params: { ideas: plan.ideas.map((idea) => idea.id), automatic: true },
      callsPlanned: plan.calls,
      reservedTokens: plan.tokens,
    });
    await insertAnalysisJob(deps.boss, tx, analysisQueue(judge.provider), run.id);
  });
}
