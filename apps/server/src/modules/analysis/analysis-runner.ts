import { setTimeout as sleep } from 'node:timers/promises';
import type { DuplicateThresholds, GenerationConfig, GenerationLimits } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BrainstormRow } from '../../db/schema/brainstorms.js';
import type { AnalysisResult, AnalysisRow } from '../../db/schema/sense-making.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { classifyFailure, failedCallCost } from '../generation/provider-failures.js';
import { backoff, WorkerStopping } from '../generation/slot-runner.js';
import { BUDGET_REASONS, budgetPassed, lockLimits } from '../generation/token-budget.js';
import { MalformedIdeaError, type IdeaProviderClient } from '../providers/provider-clients.js';
import type { ProviderKey } from '../providers/providers.config.js';
import { emitWebhookEvent, type WebhookOutbox } from '../webhooks/webhooks.service.js';
import * as repository from './analysis.repository.js';
import { callBound, type CallUsage, type ModelCall } from './analysis-calls.js';

export interface AnalysisRunnerDeps {
  db: Db;
  clients: ReadonlyMap<ProviderKey, IdeaProviderClient>;
  /** Calls one run may have in flight at once, per provider. */
  concurrency: ReadonlyMap<ProviderKey, number>;
  settings: Pick<GenerationConfig, 'timeoutMs' | 'attempts' | 'retryDelayMs' | 'maxRetryAfterMs'>;
  limits: GenerationLimits;
  duplicates: DuplicateThresholds;
  /** Where a finished ranking's event (`ranking.finished`) is queued for the webhooks. */
  webhooks: WebhookOutbox;
  log: { warn(object: unknown, message: string): void };
}

/** A run that cannot finish: its reason is what the user reads. The queue does not retry it. */
export class AnalysisFailed extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'AnalysisFailed';
  }
}

/** What a kind's step gets: its run, and a way to ask the model that counts every call. */
export interface RunContext {
  db: Db;
  run: AnalysisRow;
  deps: AnalysisRunnerDeps;
  /**
   * One call to the run's model, reserved against the budgets before it is sent and counted
   * after, retried with back-off (and the provider's Retry-After) while retrying may help.
   * `parse` checks the answer beyond its schema, and gets what the call used, for a kind that
   * keeps it with what it stores; throwing `MalformedIdeaError` there makes it a malformed
   * answer, retried like one. Throws `AnalysisFailed` once the call cannot succeed.
   */
  ask<T, U>(call: ModelCall<T>, parse: (answer: T, usage: CallUsage) => U): Promise<U>;
  /** Runs `work` over `items` with at most the provider's concurrency at once, in order. */
  each<T, U>(items: readonly T[], work: (item: T, index: number) => Promise<U>): Promise<U[]>;
  signal: AbortSignal;
  /** The run's brainstorm as it is now; a run whose brainstorm is gone has nothing to do. */
  loadBrainstorm(): Promise<BrainstormRow>;
}

export type KindRunner = (ctx: RunContext) => Promise<AnalysisResult>;

/**
 * Runs one sense-making job: claims its run (nothing to do once it has finished), runs its kind,
 * and stores the result, or the reason it failed. An error that is not the run's own (the
 * database went away, the worker is stopping) fails the job, and the queue runs it again: each
 * kind keeps what it has done in the database and picks up from there.
 */
export async function runAnalysis(
  deps: AnalysisRunnerDeps,
  runners: Record<AnalysisRow['kind'], KindRunner>,
  job: { analysisId: number },
  signal: AbortSignal,
): Promise<void> {
  const run = await repository.claimAnalysis(deps.db, job.analysisId);
  if (!run) return;
  const client = deps.clients.get(run.provider as ProviderKey);
  if (!client) {
    await repository.finishAnalysis(deps.db, run.id, {
      status: 'failed',
      error: 'the provider is not configured on the worker that ran it',
    });
    return;
  }
  const ctx = runContext(deps, run, client, signal);
  let result: AnalysisResult;
  try {
    result = await runners[run.kind](ctx);
  } catch (error) {
    if (!(error instanceof AnalysisFailed)) throw error;
    await repository.finishAnalysis(deps.db, run.id, { status: 'failed', error: error.reason });
    return;
  }
  // A ranking's event is queued with its result, in one transaction (the webhooks' outbox), by
  // the one job that finished it: another running the same run at once finds it finished.
  await deps.db.transaction(async (tx) => {
    const finished = await repository.finishAnalysis(tx, run.id, { status: 'done', result });
    if (finished && result.kind === 'rank') {
      await emitWebhookEvent(tx, deps.webhooks, { type: 'ranking.finished', analysisId: run.id });
    }
  });
}

/** What a job whose worker was lost too often leaves behind: a failed run, with the reason. */
export async function abandonAnalysis(
  db: Db,
  job: { analysisId: number },
  reason = 'its worker stopped before finishing, again and again',
) {
  await repository.finishAnalysis(db, job.analysisId, { status: 'failed', error: reason });
}

function runContext(
  deps: AnalysisRunnerDeps,
  run: AnalysisRow,
  client: IdeaProviderClient,
  signal: AbortSignal,
): RunContext {
  const limit = deps.concurrency.get(run.provider as ProviderKey) ?? 1;
  return {
    db: deps.db,
    run,
    deps,
    signal,
    ask: (call, parse) => ask(deps, run, client, call, parse, signal),
    each: (items, work) => mapWithConcurrency(items, limit, work),
    async loadBrainstorm() {
      const brainstorm = await findBrainstorm(deps.db, run.brainstormId);
      if (!brainstorm) throw new AnalysisFailed('its brainstorm was deleted');
      return brainstorm;
    },
  };
}

async function ask<T, U>(
  deps: AnalysisRunnerDeps,
  run: AnalysisRow,
  client: IdeaProviderClient,
  call: ModelCall<T>,
  parse: (answer: T, usage: CallUsage) => U,
  signal: AbortSignal,
): Promise<U> {
  const { db, settings } = deps;
  const complete = client.complete;
  if (!complete) throw new AnalysisFailed('this provider cannot do this without a model');
  const tokens = callBound(call);
  for (let attempt = 1; ; attempt++) {
    const reserved = await reserve(deps, run, tokens);
    if (reserved === 'finished') throw new AnalysisFailed('it was stopped');
    if (reserved !== 'reserved') throw new AnalysisFailed(BUDGET_REASONS[reserved]);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let failure: unknown;
    let answer: { value: U; usage: CallUsage } | undefined;
    try {
      const result = await complete({
        model: run.model,
        system: call.system,
        prompt: call.prompt,
        schema: call.schema,
        name: call.name,
        maxOutputTokens: call.maxOutputTokens,
        temperature: call.temperature ?? 0.2,
        signal: AbortSignal.any([signal, timeout]),
      });
      const usage = { inputTokens: result.inputTokens, outputTokens: result.outputTokens };
      try {
        answer = { value: parse(result.object, usage), usage };
      } catch (error) {
        if (!(error instanceof MalformedIdeaError)) throw error;
        // A malformed answer was still paid for.
        error.usage = usage;
        failure = error;
      }
    } catch (error) {
      // The call stays in flight: when the job is claimed again, what it reserved is counted.
      if (signal.aborted) {
        throw signal.reason instanceof Error ? signal.reason : new WorkerStopping();
      }
      failure = error;
    }
    if (answer) {
      await repository.settleCall(db, run.id, tokens, { kind: 'reported', ...answer.usage });
      return answer.value;
    }
    const classified = classifyFailure(failure, timeout.aborted, settings.timeoutMs, ASKED);
    await repository.settleCall(db, run.id, tokens, failedCallCost(failure, timeout.aborted));
    if (!classified.retry || attempt >= settings.attempts) {
      throw new AnalysisFailed(classified.reason);
    }
    await sleep(backoff(settings, attempt, classified), undefined, { signal }).catch(() => {
      throw new WorkerStopping();
    });
  }
}

/** What a malformed answer's reason says the call asked for. */
const ASKED = 'what was asked for';

/**
 * Reserves what a call may cost before it is made. Within the run's reservation that is one
 * statement; beyond it (texts grew after the run was planned, or retries used it up) the
 * difference must fit the daily budgets, under the same lock as a new request.
 */
async function reserve(
  deps: AnalysisRunnerDeps,
  run: AnalysisRow,
  tokens: number,
): Promise<'reserved' | 'finished' | 'user' | 'team'> {
  if (tokens <= 0 || (await repository.startCallWithin(deps.db, run.id, tokens))) return 'reserved';
  return deps.db.transaction(async (tx) => {
    await lockLimits(tx);
    const left = await repository.reservationLeft(tx, run.id);
    if (left === null) return 'finished';
    const passed = await budgetPassed(tx, deps.limits, run.createdBy, tokens - left, new Date());
    if (passed) return passed;
    return (await repository.startCallBeyond(tx, run.id, tokens)) ? 'reserved' : 'finished';
  });
}

/**
 * `work` over `items`, at most `limit` at once; the results in the items' order. After a failure
 * nothing more is started, and the first error is thrown once the work under way has ended, so
 * no call of a finished run is still out.
 */
export async function mapWithConcurrency<T, U>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<U>,
): Promise<U[]> {
  const results = new Array<U>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed) throw failed.error;
  return results;
}
