import type { GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { GenerationSteering } from '../../db/schema/generations.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  HttpError,
  notFound,
  tooManyRequests,
  ValidationError,
  type FieldErrors,
} from '../../lib/errors.js';
import { isoDate } from '../../lib/http-schemas.js';
import { pageWindow, type Counted, type Pagination } from '../../lib/pagination.js';
import { techniqueFor } from '../brainstorms/brainstorm-types.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import type { PromptSteering } from '../providers/generated-idea.js';
import type { ProviderConfig } from '../providers/providers.config.js';
import type { GenerationEngine } from './generation-engine.js';
import * as repository from './generation.repository.js';
import {
  CANDIDATES_BY_VARIETY,
  varietyOf,
  type GenerationDto,
  type GenerationRequest,
  type SteeringDto,
} from './generation.schemas.js';
import { insertJobs, slotQueue, type SlotJob } from './job-queue.js';
import { anglesFor, buildPrompt, MAX_AVOID_TITLES, MAX_STEERING_IDEAS } from './prompts.js';
import {
  budgetPassed,
  budgetRefusal,
  callTokenBound,
  costsNothing,
  startOfUtcDay,
} from './token-budget.js';

export interface GenerationContext {
  db: Db;
  engine: GenerationEngine;
  providers: readonly ProviderConfig[];
  limits: GenerationLimits;
}

/** Checks the entries against the configured providers: every bad entry gets its field error. */
function checkWorkers(body: GenerationRequest, providers: readonly ProviderConfig[]) {
  const errors: FieldErrors = {};
  if (body.worker_params.length !== body.num_workers) {
    errors.worker_params = [
      `Give exactly one entry per worker: ${body.num_workers} expected, ` +
        `${body.worker_params.length} given.`,
    ];
  }
  const byKey = new Map(providers.map((p) => [p.key as string, p]));
  body.worker_params.forEach((entry, i) => {
    const provider = byKey.get(entry.provider);
    if (!provider) {
      errors[`worker_params.${i}.provider`] = [
        `'${entry.provider}' is not a configured provider. Choose one of: ` +
          `${providers.map((p) => p.key).join(', ')}.`,
      ];
    } else if (!provider.models.includes(entry.model)) {
      errors[`worker_params.${i}.model`] = [
        `'${entry.model}' is not a model of ${provider.name}. Choose one of: ` +
          `${provider.models.join(', ')}.`,
      ];
    }
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const HOUR_MS = 3_600_000;

/**
 * The cost limits, checked under one lock so that two requests at the same moment cannot both
 * pass a limit that only one of them fits under.
 */
async function checkLimits(
  tx: Db,
  limits: GenerationLimits,
  user: UserRow,
  ideas: number,
  tokens: number,
) {
  await repository.lockLimits(tx);
  const now = new Date();
  const unfinished = await repository.countUnfinished(tx, user.id);
  if (unfinished >= limits.runningPerUser) {
    throw tooManyRequests(
      `You already have ${unfinished} generations under way, the most allowed at once. ` +
        'Wait for one to finish.',
      10,
    );
  }
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const recent = await repository.recentRequests(tx, user.id, hourAgo);
  const requested = recent.reduce((sum, r) => sum + r.requested, 0);
  if (requested + ideas > limits.ideasPerHour) {
    // The wait until enough of the last hour's requests age out to make room for this one.
    let freed = limits.ideasPerHour - requested;
    let until = now.getTime();
    for (const r of recent) {
      if (freed >= ideas) break;
      freed += r.requested;
      until = new Date(r.created).getTime() + HOUR_MS;
    }
    const left = Math.max(0, limits.ideasPerHour - requested);
    throw tooManyRequests(
      `You can ask for at most ${limits.ideasPerHour} ideas an hour; ${left} left for now.` +
        (ideas <= limits.ideasPerHour ? ' Ask for fewer, or try again later.' : ''),
      (until - now.getTime()) / 1000,
    );
  }
  const passed = await budgetPassed(tx, limits, user.id, tokens, now);
  if (passed) throw budgetRefusal(passed, limits, now, 'Ask for fewer ideas or fewer tokens');
}

/** The idea a 'More like this' develops or a 'Flip it' turns round. */
type Inspiration = NonNullable<Awaited<ReturnType<typeof repository.inspiringIdea>>> & {
  direction: 'develop' | 'flip';
};

/**
 * What steers a new generation, as stored on it and as its prompts quote it: the team's liked
 * and rejected ideas unless `steer` is off, and the idea it starts from. Null when nothing does.
 */
async function chooseSteering(
  db: Db,
  brainstormId: number,
  steer: boolean,
  inspiration: Inspiration | null,
): Promise<{ stored: GenerationSteering | null; prompt: PromptSteering | undefined }> {
  const chosen = steer
    ? await repository.steeringIdeas(db, brainstormId, MAX_STEERING_IDEAS, {
        // Its own text is in the prompt already, in full.
        ...(inspiration && { exclude: inspiration.id }),
      })
    : { liked: [], rejected: [] };
  const ids = { liked: chosen.liked.map((i) => i.id), rejected: chosen.rejected.map((i) => i.id) };
  if (inspiration) {
    return {
      stored: { ...ids, inspiredBy: inspiration.id, direction: inspiration.direction },
      prompt: { ...chosen, inspiration },
    };
  }
  if (ids.liked.length === 0 && ids.rejected.length === 0) {
    return { stored: null, prompt: undefined };
  }
  return { stored: ids, prompt: chosen };
}

/**
 * Records a generation and queues one durable job per idea, in one transaction: the jobs exist
 * exactly when the generation does. Everything is checked before anything is queued.
 */
export async function startGeneration(
  ctx: GenerationContext,
  user: UserRow,
  brainstormId: number,
  body: GenerationRequest,
): Promise<GenerationDto> {
  const brainstorm = await findBrainstorm(ctx.db, brainstormId);
  if (!brainstorm) throw notFound();
  return launch(ctx, user, brainstorm, body, null);
}

/**
 * 'More like this' (develop) or 'Flip it' (flip) on an idea: a generation of its brainstorm whose
 * prompts start from that idea, checked and limited as any other. Flip it turns a bad idea
 * round, so it is only for the Bad Idea Contest.
 */
export async function developIdea(
  ctx: GenerationContext,
  user: UserRow,
  ideaId: number,
  body: GenerationRequest,
  direction: 'develop' | 'flip',
): Promise<GenerationDto> {
  const idea = await repository.inspiringIdea(ctx.db, ideaId);
  if (!idea) throw notFound();
  if (direction === 'flip' && techniqueFor(idea.type) !== 'bad_idea_contest') {
    throw new HttpError(
      400,
      'Flip it is for the Bad Idea Contest: it turns a bad idea into a workable one. ' +
        "This idea's brainstorm uses another technique; use More like this instead.",
    );
  }
  const brainstorm = await findBrainstorm(ctx.db, idea.brainstormId);
  if (!brainstorm) throw notFound();
  return launch(ctx, user, brainstorm, body, { ...idea, direction });
}

async function launch(
  ctx: GenerationContext,
  user: UserRow,
  brainstorm: BrainstormRow,
  body: GenerationRequest,
  inspiration: Inspiration | null,
): Promise<GenerationDto> {
  const brainstormId = brainstorm.id;
  checkWorkers(body, ctx.providers);

  const { problem, themes } = brainstorm.parameters;
  const angles = anglesFor(brainstorm.type, themes, body.num_workers);
  // Each slot reserves the most its first call may send: its own prompt as it would be built
  // now, steering text included. A call whose prompt has outgrown that by the time it runs (the
  // brainstorm was edited, ideas were added meanwhile) must first fit the difference into the
  // budgets (slot-runner).
  const avoidTitles = await repository.newestTitles(ctx.db, brainstormId, MAX_AVOID_TITLES);
  const steering = await chooseSteering(ctx.db, brainstormId, body.steer !== false, inspiration);
  const candidates = CANDIDATES_BY_VARIETY[body.variety ?? 'normal'];
  const embeds = new Set(ctx.providers.filter((p) => p.embeddingModel).map((p) => p.key as string));
  const slots = body.worker_params.map((entry, slot) => {
    const angle = angles[slot] ?? { key: 'free', label: 'Free', instruction: '' };
    const prompt = buildPrompt({
      type: brainstorm.type,
      title: brainstorm.title,
      problem,
      themes,
      avoidTitles,
      angle,
      steering: steering.prompt,
      candidates,
    });
    return {
      slot,
      provider: entry.provider,
      model: entry.model,
      settings: entry.settings,
      angle,
      // The offline provider costs nothing; a model may use its prompt and all its max_tokens
      // for each candidate, and embedding them reads them all again.
      reservedTokens: costsNothing(entry.provider)
        ? 0
        : callTokenBound(prompt, entry.settings.max_tokens, candidates, embeds.has(entry.provider)),
    };
  });
  const reserved = slots.reduce((sum, s) => sum + s.reservedTokens, 0);

  const generation = await ctx.db.transaction(async (tx) => {
    await checkLimits(tx, ctx.limits, user, slots.length, reserved);
    const created = await repository.insertGeneration(tx, {
      brainstormId,
      createdBy: user.id,
      slots,
      steering: steering.stored,
      candidates,
    });
    await insertJobs(
      ctx.engine.boss,
      tx,
      slots.map((s) => ({
        name: slotQueue(s.provider),
        data: { generationId: created.id, slot: s.slot } satisfies SlotJob,
      })),
    );
    return created;
  });
  return getGeneration(ctx.db, user, generation.id);
}

/**
 * What would steer a new generation. Under blind review the caller sees only the ideas they
 * have reviewed themselves: the others' place here would tell how the team voted on them.
 */
export async function brainstormSteering(
  db: Db,
  user: UserRow,
  brainstormId: number,
): Promise<SteeringDto> {
  const brainstorm = await findBrainstorm(db, brainstormId);
  if (!brainstorm) throw notFound();
  const { liked, rejected } = await repository.steeringIdeas(db, brainstormId, MAX_STEERING_IDEAS, {
    ...(brainstorm.blindReview && { reviewedBy: user.id }),
  });
  const brief = ({ id, title }: { id: number; title: string }) => ({ id, title });
  return { liked: liked.map(brief), rejected: rejected.map(brief) };
}

/**
 * What steered a generation, as the reader may see it. Withheld (blind review), the team's liked
 * and rejected ideas are left out and what remains reads the same whatever they were: null, or
 * the idea a 'More like this' or 'Flip it' started from, which a person chose, not the votes.
 */
function steeringOf({
  steering,
  steeringHidden,
}: repository.GenerationWithSlots): GenerationDto['steering'] {
  if (!steering) return null;
  const inspiredBy = steering.inspiredBy ?? null;
  if (steeringHidden && inspiredBy === null) return null;
  return {
    liked: steeringHidden ? [] : steering.liked,
    rejected: steeringHidden ? [] : steering.rejected,
    inspired_by: inspiredBy,
    direction: steering.direction ?? null,
  };
}

function toDto(row: repository.GenerationWithSlots): GenerationDto {
  const reasons = new Map<string, number>();
  for (const slot of row.slots) {
    if (slot.status === 'failed' && slot.error) {
      reasons.set(slot.error, (reasons.get(slot.error) ?? 0) + 1);
    }
  }
  return {
    id: row.id,
    brainstorm: row.brainstormId,
    created_by: row.createdBy,
    status: row.status,
    requested: row.requested,
    succeeded: row.succeeded,
    failed: row.failed,
    variety: varietyOf(row.candidates),
    stacked: row.stacked,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    failures: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    slots: row.slots.map((s) => ({
      slot: s.slot,
      provider: s.provider,
      model: s.model,
      angle: s.angle.label,
      status: s.status,
      attempts: s.attempts,
      error: s.error,
      idea: s.ideaId,
      input_tokens: s.inputTokens,
      output_tokens: s.outputTokens,
    })),
    steering: steeringOf(row),
    steering_hidden: row.steeringHidden,
    created: isoDate(row.created),
    started: row.started ? isoDate(row.started) : null,
    finished: row.finished ? isoDate(row.finished) : null,
  };
}

export async function getGeneration(db: Db, user: UserRow, id: number): Promise<GenerationDto> {
  const row = await repository.findGeneration(db, id, user.id);
  if (!row) throw notFound();
  return toDto(row);
}

export async function listGenerations(
  db: Db,
  user: UserRow,
  brainstormId: number,
  query: Pagination,
): Promise<Counted<GenerationDto>> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  const { count, rows } = await repository.listGenerations(
    db,
    brainstormId,
    user.id,
    pageWindow(query),
  );
  return { count, rows: rows.map(toDto) };
}

/**
 * The tokens the daily budgets count today (UTC) for a user, or the team without one: used,
 * reserved and unreported, by generations and sense-making runs alike.
 */
export const tokensUsedToday = (db: Db, now: Date, userId?: number) =>
  repository.tokensSince(db, startOfUtcDay(now), userId);
