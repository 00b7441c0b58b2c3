import type { PgBoss } from 'pg-boss';
import type { DuplicateThresholds, GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { AnalysisRow } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { HttpError, notFound, tooManyRequests, ValidationError } from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { budgetPassed, budgetRefusal, lockLimits } from '../generation/token-budget.js';
import { capabilitiesOf, type ProviderConfig } from '../providers/providers.config.js';
import * as repository from './analysis.repository.js';
import type {
  AnalysisDto,
  AnalysisPlanDto,
  AnalysisRequest,
  AnalysisResultDto,
  ComparisonDto,
} from './analysis.schemas.js';
import { KINDS } from './analysis-kinds.js';
import type { AnalysisMethod } from './kind-spec.js';
import { analysisQueue, insertAnalysisJob } from './analysis-queue.js';

export interface AnalysisContext {
  db: Db;
  boss: PgBoss;
  providers: readonly ProviderConfig[];
  limits: GenerationLimits;
  duplicates: DuplicateThresholds;
}

const CAPABILITY_WORDS = {
  generate: 'generate ideas',
  embed: 'embed ideas',
  cluster: 'find themes',
  assess: 'assess ideas',
  rank: 'rank ideas',
  combine: 'combine ideas',
  judge: 'judge repeats',
} as const;

/** The provider and model asked for, checked against the configured ones and what they can do. */
function checkProvider(body: AnalysisRequest, providers: readonly ProviderConfig[]) {
  const provider = providers.find((p) => p.key === body.provider);
  if (!provider) {
    throw new ValidationError({
      provider: [
        `'${body.provider}' is not a configured provider. Choose one of: ` +
          `${providers.map((p) => p.key).join(', ')}.`,
      ],
    });
  }
  if (!provider.models.includes(body.model)) {
    throw new ValidationError({
      model: [
        `'${body.model}' is not a model of ${provider.name}. Choose one of: ` +
          `${provider.models.join(', ')}.`,
      ],
    });
  }
  const needed = KINDS[body.kind].capability;
  if (!capabilitiesOf(provider).includes(needed)) {
    throw new ValidationError({
      provider: [
        `${provider.name} cannot ${CAPABILITY_WORDS[needed]}: it has no language model. ` +
          'Choose a language-model provider.',
      ],
    });
  }
  return provider;
}

const methodOf = (provider: ProviderConfig): AnalysisMethod =>
  provider.key === 'offline' ? 'keywords' : 'model';

interface Prepared {
  brainstorm: BrainstormRow;
  method: AnalysisMethod;
  ideas: number[];
  plan: AnalysisPlanDto;
}

/** Everything checked, the ideas chosen and the calls planned: nothing stored yet. */
async function prepare(
  ctx: AnalysisContext,
  brainstormId: number,
  body: AnalysisRequest,
): Promise<Prepared> {
  const brainstorm = await findBrainstorm(ctx.db, brainstormId);
  if (!brainstorm) throw notFound();
  const provider = checkProvider(body, ctx.providers);
  const method = methodOf(provider);
  const spec = KINDS[body.kind];
  const ideas = await spec.choose(ctx.db, brainstorm, body);
  const texts = await repository.runIdeas(ctx.db, brainstorm.id, ideas);
  const planned = await spec.plan(brainstorm, texts, method, ctx.db, ctx.duplicates);
  return {
    brainstorm,
    method,
    ideas,
    plan: {
      kind: body.kind,
      ideas: ideas.length,
      calls: planned.calls,
      rounds: planned.rounds,
      max_tokens: planned.tokens,
      method,
    },
  };
}

/** What a run would do and cost, before anyone starts it. */
export async function planAnalysis(
  ctx: AnalysisContext,
  brainstormId: number,
  body: AnalysisRequest,
): Promise<AnalysisPlanDto> {
  return (await prepare(ctx, brainstormId, body)).plan;
}

/**
 * The cost limits, under the lock the generations' checks take, so that a run and a generation
 * requested at the same moment are counted one after the other against the same budgets.
 */
async function checkLimits(tx: Db, limits: GenerationLimits, user: UserRow, tokens: number) {
  await lockLimits(tx);
  const unfinished = await repository.countUnfinished(tx, user.id);
  if (unfinished >= limits.runningPerUser) {
    throw tooManyRequests(
      `You already have ${unfinished} sense-making steps under way, the most allowed at once. ` +
        'Wait for one to finish.',
      10,
    );
  }
  const now = new Date();
  const passed = await budgetPassed(tx, limits, user.id, tokens, now);
  if (passed) throw budgetRefusal(passed, limits, now, 'Work on fewer ideas');
}

/**
 * Records a run and queues its durable job in one transaction, once its cost (every call it
 * plans, at its bound) fits the limits. Nothing is queued when anything fails.
 */
export async function startAnalysis(
  ctx: AnalysisContext,
  user: UserRow,
  brainstormId: number,
  body: AnalysisRequest,
): Promise<AnalysisDto> {
  const prepared = await prepare(ctx, brainstormId, body);
  const run = await ctx.db.transaction(async (tx) => {
    await checkLimits(tx, ctx.limits, user, prepared.plan.max_tokens);
    const created = await repository.insertAnalysis(tx, {
      brainstormId,
      kind: body.kind,
      createdBy: user.id,
      provider: body.provider,
      model: body.model,
      method: prepared.method,
      params: {
        ideas: prepared.ideas,
        ...(prepared.plan.rounds !== null && { rounds: prepared.plan.rounds }),
      },
      callsPlanned: prepared.plan.calls,
      reservedTokens: prepared.plan.max_tokens,
    });
    await insertAnalysisJob(ctx.boss, tx, analysisQueue(body.provider), created.id);
    return created;
  });
  return toDto(ctx.db, user, run);
}

/** The caller's view of a run: a ranking's vote totals follow blind review. */
async function toDto(db: Db, user: UserRow, row: AnalysisRow): Promise<AnalysisDto> {
  return {
    id: row.id,
    brainstorm: row.brainstormId,
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    model: row.model,
    method: row.method === 'keywords' ? 'keywords' : 'model',
    created_by: row.createdBy,
    ideas: row.params.ideas,
    calls_planned: row.callsPlanned,
    calls_made: row.callsMade,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    error: row.error,
    result: await resultDto(db, user, row),
    applied: row.applied ? isoDate(row.applied) : null,
    applied_by: row.appliedBy,
    created: isoDate(row.created),
    started: row.started ? isoDate(row.started) : null,
    finished: row.finished ? isoDate(row.finished) : null,
  };
}

async function resultDto(
  db: Db,
  user: UserRow,
  row: AnalysisRow,
): Promise<AnalysisResultDto | null> {
  const result = row.result;
  if (!result) return null;
  switch (result.kind) {
    case 'themes':
      return { kind: 'themes', ...result.proposal };
    case 'assess':
      return { kind: 'assess', assessed: result.assessed, skipped: result.skipped };
    case 'combine':
      return { kind: 'combine', idea: await repository.existingIdea(db, result.idea) };
    case 'repeats':
      return { kind: 'repeats', judged: result.judged, stacked: result.stacked };
    case 'rank':
      return {
        kind: 'rank',
        ...(await repository.rankingView(db, user.id, row.brainstormId, result.ranking)),
      };
  }
}

export async function getAnalysis(db: Db, user: UserRow, id: number): Promise<AnalysisDto> {
  const row = await repository.findAnalysis(db, id);
  if (!row) throw notFound();
  return toDto(db, user, row);
}

export async function listAnalyses(
  db: Db,
  user: UserRow,
  brainstormId: number,
  query: Pagination & { kind?: AnalysisRow['kind'] | undefined },
): Promise<Counted<AnalysisDto>> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  const { count, rows } = await repository.listAnalyses(
    db,
    brainstormId,
    query.kind,
    pageWindow(query),
  );
  return { count, rows: await Promise.all(rows.map((row) => toDto(db, user, row))) };
}

/** A run that is done, of the kind asked for: what applying a proposal starts from. */
export async function findDoneAnalysis(db: Db, id: number, kind: AnalysisRow['kind']) {
  const row = await repository.findAnalysis(db, id);
  if (!row) throw notFound();
  if (row.kind !== kind) {
    throw new HttpError(400, `This is a '${row.kind}' step, not a '${kind}' one.`);
  }
  if (row.status !== 'done') {
    throw new HttpError(400, 'This step has not finished yet: wait until it is done.');
  }
  return row;
}

/** Marks a themes proposal applied, once; 409 when someone applied it first. */
export async function markApplied(tx: Db, user: UserRow, id: number) {
  if (!(await repository.markApplied(tx, id, user.id))) {
    throw new HttpError(409, 'This proposal was already applied.');
  }
}

/** A ranking's comparisons, page by page; empty for the other kinds. */
export async function listComparisons(
  db: Db,
  id: number,
  query: Pagination,
): Promise<Counted<ComparisonDto>> {
  if (!(await repository.findAnalysis(db, id))) throw notFound();
  const { count, rows } = await repository.listComparisons(db, id, pageWindow(query));
  return {
    count,
    rows: rows.map((row) => ({
      round: row.round,
      idea_a: row.ideaA,
      idea_b: row.ideaB,
      winner: row.winner,
      reason: row.reason,
    })),
  };
}
