import { setTimeout as sleep } from 'node:timers/promises';
import type { PgBoss } from 'pg-boss';
import type { DuplicateThresholds, GenerationConfig, GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type {
  EmbeddingResult,
  IdeaProviderClient,
  IdeaResult,
} from '../providers/provider-clients.js';
import type { ProviderKey } from '../providers/providers.config.js';
import type { PromptInput } from '../providers/generated-idea.js';
import { emitWebhookEvent, type WebhookOutbox } from '../webhooks/webhooks.service.js';
import * as repository from './generation.repository.js';
import { insertRepeatsCheck } from './job-queue.js';
import { buildPrompt, MAX_AVOID_TITLES } from './prompts.js';
import { classifyFailure, failedCallCost, type CallFailure } from './provider-failures.js';
import {
  BUDGET_REASONS,
  callTokenBound,
  costsNothing,
  reserveCall,
  textTokenBound,
} from './token-budget.js';

export interface SlotRunnerDeps {
  db: Db;
  contexts: ContextCache;
  clients: ReadonlyMap<ProviderKey, IdeaProviderClient>;
  settings: Pick<GenerationConfig, 'timeoutMs' | 'attempts' | 'retryDelayMs' | 'maxRetryAfterMs'>;
  limits: GenerationLimits;
  duplicates: DuplicateThresholds;
  webhooks: WebhookOutbox;
  /** The queue a finished generation's ideas are checked for repeats on; none without a judge. */
  repeatsChecks: PgBoss | null;
  log: { warn(object: unknown, message: string): void };
}

/**
 * What settling a slot needs: the database, the webhooks to tell when that finished its
 * generation, and the queue that checks its ideas for repeats then.
 */
export type Settling = Pick<SlotRunnerDeps, 'db' | 'webhooks' | 'repeatsChecks'>;

/**
 * Runs a write that settles a slot (true when that finished its generation) in one transaction
 * with the webhooks' event for the finished generation: the event exists exactly when the
 * finish does.
 */
async function settle(
  deps: Settling,
  generationId: number,
  write: (tx: Db) => Promise<boolean>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (await write(tx)) await announceFinish(tx, deps, generationId);
  });
}

/**
 * The webhooks' event for a generation that has finished, and the check of its ideas for
 * repeats, in the transaction that finished it.
 */
async function announceFinish(tx: Db, deps: Settling, generationId: number) {
  await emitWebhookEvent(tx, deps.webhooks, { type: 'generation.finished', generationId });
  if (!deps.repeatsChecks) return;
  const stored = await repository.standingIdeasOf(tx, generationId);
  if (stored) await insertRepeatsCheck(deps.repeatsChecks, tx, stored);
}

/** Thrown into a job that was stopped because its worker is shutting down. */
export class WorkerStopping extends Error {
  constructor() {
    super('The worker is shutting down; the job goes back to the queue.');
    this.name = 'WorkerStopping';
  }
}

const CONTEXT_TTL_MS = 3000;

/**
 * The slots of a generation start together and ask for the same brainstorm and titles: they
 * share one read of it for a few seconds. A retry after that reads the titles anew.
 */
export class ContextCache {
  private readonly entries = new Map<
    number,
    { at: number; value: Promise<repository.SlotContext | null> }
  >();

  constructor(private readonly db: Db) {}

  get(generationId: number): Promise<repository.SlotContext | null> {
    const now = Date.now();
    const entry = this.entries.get(generationId);
    if (entry && now - entry.at < CONTEXT_TTL_MS) return entry.value;
    for (const [id, old] of this.entries) {
      if (now - old.at >= CONTEXT_TTL_MS) this.entries.delete(id);
    }
    const value = repository.slotContext(this.db, generationId, MAX_AVOID_TITLES);
    // A failed read is not kept.
    value.catch(() => this.entries.delete(generationId));
    this.entries.set(generationId, { at: now, value });
    return value;
  }
}

/** What one slot's prompt is built from: its brainstorm as read for the generation, its angle. */
export const slotInput = (
  context: repository.SlotContext,
  angle: PromptInput['angle'],
): PromptInput => ({
  type: context.type,
  title: context.title,
  problem: context.parameters.problem,
  themes: context.parameters.themes,
  avoidTitles: context.avoidTitles,
  angle,
  steering: context.steering ?? undefined,
  candidates: context.candidates,
});

/** Varies the offline provider's choices from one slot and attempt to the next. */
export const slotSeed = (job: { generationId: number; slot: number }, attempts: number) =>
  job.generationId * 1000 + job.slot * 10 + attempts;

/**
 * Fills one slot of a generation: asks its provider for an idea, retrying what may go better
 * with back-off (and the provider's Retry-After), and stores the idea or the final failure.
 * Running it again for a finished slot does nothing, so a job that ran twice stores one idea.
 * Every call reserves the most it may cost before it is made and counts what it cost after,
 * failed and repeated calls included, so the daily budgets hold whatever happens.
 */
export async function runSlot(
  deps: SlotRunnerDeps,
  job: { generationId: number; slot: number },
  signal: AbortSignal,
): Promise<void> {
  const { db, settings } = deps;
  let slot = await repository.claimSlot(db, job.generationId, job.slot);
  if (!slot) return;
  const context = await deps.contexts.get(job.generationId);
  if (!context) return;
  const client = deps.clients.get(slot.provider as ProviderKey);
  if (!client) {
    const reason = 'the provider is not configured on the worker that ran it';
    await settle(deps, job.generationId, (tx) =>
      repository.failSlot(tx, job, { reason, inputTokens: 0, outputTokens: 0 }),
    );
    return;
  }
  const input = slotInput(context, slot.angle);
  const prompt = buildPrompt(input);
  const callSettings = { temperature: 0.7, max_tokens: 1000, ...slot.settings };
  const cost = costsNothing(slot.provider)
    ? 0
    : callTokenBound(prompt, callSettings.max_tokens, input.candidates ?? 1, !!client.embed);
  for (let attempt = 1; ; attempt++) {
    if (cost > 0) {
      const reserved = await reserveCall(db, deps.limits, slot, cost);
      if (reserved === 'finished') return;
      if (reserved !== 'reserved') {
        const reason = BUDGET_REASONS[reserved];
        await settle(deps, job.generationId, (tx) =>
          repository.failSlot(tx, job, { reason, inputTokens: 0, outputTokens: 0 }),
        );
        return;
      }
    }
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let result: IdeaResult;
    try {
      result = await client.generate({
        model: slot.model,
        prompt,
        input,
        settings: callSettings,
        slot: job.slot,
        seed: slotSeed(job, slot.attempts),
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      // The call stays in flight: when the job is claimed again, what it reserved is counted.
      if (signal.aborted) {
        throw signal.reason instanceof Error ? signal.reason : new WorkerStopping();
      }
      const failure = classifyFailure(error, timeout.aborted, settings.timeoutMs);
      if (cost > 0) {
        await repository.settleFailedCall(db, slot, failedCallCost(error, timeout.aborted));
      }
      if (!failure.retry || attempt >= settings.attempts) {
        const { reason } = failure;
        await settle(deps, job.generationId, (tx) =>
          repository.failSlot(tx, job, { reason, inputTokens: 0, outputTokens: 0 }),
        );
        return;
      }
      await sleep(backoff(settings, attempt, failure), undefined, { signal }).catch(() => {
        throw new WorkerStopping();
      });
      const again = await repository.claimSlot(db, job.generationId, job.slot);
      if (!again) return;
      slot = again;
      continue;
    }
    const embedded = await embedCandidates(deps, client, result, slot, signal);
    // A database error here fails the job, and the queue runs it again later: the provider's
    // answer is lost (its call, still in flight, counts all it reserved), but nothing is
    // stored twice.
    const stored = {
      ...prompt,
      candidates: result.ideas.map((idea, i) => ({
        idea,
        embedding: embedded
          ? { model: embedded.model, vector: embedded.vectors[i] ?? [] }
          : undefined,
      })),
      inputTokens: result.inputTokens + embeddingTokens(embedded, result),
      outputTokens: result.outputTokens,
    };
    await repository.completeSlot(deps.db, slot, stored, deps.duplicates, (tx) =>
      announceFinish(tx, deps, job.generationId),
    );
    return;
  }
}

/**
 * What embedding the candidates cost: the provider's figure, or where it reports none, the most
 * their text can be (as the reservation counts a prompt), so a budget never counts them as free.
 */
function embeddingTokens(embedded: EmbeddingResult | null, result: IdeaResult) {
  if (!embedded) return 0;
  if (embedded.tokens !== null) return embedded.tokens;
  return result.ideas.reduce((sum, idea) => sum + textTokenBound(embeddedText(idea)), 0);
}

/** The text embedded for the near-duplicate check: what the lexical check compares too. */
export const embeddedText = (idea: { title: string; summary: string }) =>
  `${idea.title}\n${idea.summary}`;

/**
 * Embeds a call's candidates in one call, when the provider can. A failure never fails the
 * idea: it is stored without an embedding (the lexical check still applies), with a warning.
 */
async function embedCandidates(
  deps: SlotRunnerDeps,
  client: IdeaProviderClient,
  result: IdeaResult,
  slot: { generationId: number; slot: number; provider: string },
  signal: AbortSignal,
): Promise<EmbeddingResult | null> {
  if (!client.embed) return null;
  const timeout = AbortSignal.timeout(deps.settings.timeoutMs);
  try {
    const embedded = await client.embed(
      result.ideas.map(embeddedText),
      AbortSignal.any([signal, timeout]),
    );
    if (embedded.vectors.length !== result.ideas.length) {
      throw new Error(`${embedded.vectors.length} vectors for ${result.ideas.length} texts`);
    }
    return embedded;
  } catch (error) {
    if (signal.aborted) {
      throw signal.reason instanceof Error ? signal.reason : new WorkerStopping();
    }
    deps.log.warn(
      { err: error, generation: slot.generationId, slot: slot.slot, provider: slot.provider },
      'Embedding the ideas failed; the idea is stored without one',
    );
    return null;
  }
}

/** Doubling back-off from the configured delay, or the provider's Retry-After (capped). */
export function backoff(
  settings: SlotRunnerDeps['settings'],
  attempt: number,
  failure: CallFailure,
): number {
  const doubling = settings.retryDelayMs * 2 ** (attempt - 1);
  if (failure.retryAfterMs === undefined) return doubling;
  return Math.min(Math.max(failure.retryAfterMs, settings.retryDelayMs), settings.maxRetryAfterMs);
}

/** What a job whose worker was lost too often leaves behind: a failed slot, with the reason. */
export async function abandonSlot(
  deps: Settling,
  job: { generationId: number; slot: number },
  reason = 'its worker stopped before finishing, again and again',
) {
  await settle(deps, job.generationId, (tx) =>
    repository.failSlot(tx, job, { reason, inputTokens: 0, outputTokens: 0 }),
  );
}
