import type { PgBoss } from 'pg-boss';
import type { DuplicateThresholds, GenerationConfig, WebhookConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createProviderClients } from '../providers/provider-clients.js';
import { PROVIDER_KEYS, type ProviderConfig } from '../providers/providers.config.js';
import { ensureDeliveryQueues } from '../webhooks/delivery-queue.js';
import * as repository from './generation.repository.js';
import {
  createBoss,
  DEAD_LETTER_QUEUE,
  ensureQueues,
  slotQueue,
  type QueueTimings,
  type SlotJob,
} from './job-queue.js';
import { abandonSlot, ContextCache, runSlot, type Settling } from './slot-runner.js';

export interface GenerationEngine {
  boss: PgBoss;
  /** Stops the workers (running jobs get `graceMs`, then go back to the queue) and the queue. */
  stop(graceMs?: number): Promise<void>;
}

interface EngineLogger {
  error(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

export interface EngineOptions {
  database: Database;
  providers: readonly ProviderConfig[];
  generation: GenerationConfig;
  duplicates: DuplicateThresholds;
  /** A finished generation is an event for the webhooks, whose queues start with these. */
  webhooks: { settings: WebhookConfig; publicUrl: string | undefined };
  /** Whether a model judges repeats: a finished generation's ideas are then checked. */
  checkRepeats: boolean;
  log: EngineLogger;
}

/**
 * The longest a job may legitimately run: every attempt timing out after the longest wait,
 * plus a margin. Past it, the queue takes the job's worker for dead and runs the job again.
 */
export function jobExpirySeconds(g: GenerationConfig): number {
  const longestWait = Math.max(g.maxRetryAfterMs, g.retryDelayMs * 2 ** (g.attempts - 1));
  return Math.ceil((g.attempts * (g.timeoutMs + longestWait)) / 1000) + 10;
}

/**
 * Starts the job queue and, when this process runs workers, the workers of every provider's
 * queue: pg-boss keeps `<PROVIDER>_CONCURRENCY` jobs running at once, each worker taking the next
 * job as soon as it is free; new jobs wake them at once (LISTEN/NOTIFY); a worker that stops
 * sending heartbeats (it died) has its jobs run again, and a job that failed too often goes to
 * the dead-letter queue, whose worker records the slot's failure.
 */
export async function startGenerationEngine(options: EngineOptions): Promise<GenerationEngine> {
  const { database, providers, generation, duplicates, webhooks, checkRepeats, log } = options;
  const timings: QueueTimings = {
    expireInSeconds: jobExpirySeconds(generation),
    maintenanceSeconds: generation.maintenanceSeconds,
    pollingSeconds: generation.pollingSeconds,
  };
  const boss = createBoss(database, timings, { listen: generation.workers });
  boss.on('error', (error) => {
    log.error({ err: error }, 'Job queue error');
  });
  // The queue creates its tables, and a table per new queue: processes starting together take
  // turns, or they would collide (a duplicate schema, a deadlock attaching tables).
  await database.alone(async () => {
    await boss.start();
    await ensureQueues(
      boss,
      providers.map((p) => p.key),
      timings,
    );
    await ensureDeliveryQueues(boss, webhooks.settings);
  });

  if (generation.workers) {
    if (database.pglite) await handBackOrphans(database, boss, log);
    const deps = {
      db: database.db,
      contexts: new ContextCache(database.db),
      clients: createProviderClients(providers),
      settings: generation,
      limits: generation.limits,
      duplicates,
      webhooks: { boss, publicUrl: webhooks.publicUrl },
      repeatsChecks: checkRepeats ? boss : null,
      log,
    };
    await failUnservedJobs(deps, boss, providers, log);
    for (const provider of providers) {
      await boss.work<SlotJob>(
        slotQueue(provider.key),
        {
          localConcurrency: provider.concurrency,
          // New jobs wake the workers at once (NOTIFY); the polls are for retries coming due.
          pollingIntervalSeconds: generation.pollingSeconds,
          notifyPollingIntervalSeconds: generation.pollingSeconds,
          burstWhenReadyExceeds: 1,
        },
        ([job]) => (job ? runSlot(deps, job.data, job.signal) : Promise.resolve()),
      );
    }
    await boss.work<SlotJob>(DEAD_LETTER_QUEUE, { localConcurrency: 2 }, ([job]) =>
      job ? abandonSlot(deps, job.data) : Promise.resolve(),
    );
  }

  return {
    boss,
    async stop(graceMs = generation.shutdownGraceMs) {
      // Running jobs get the grace, then are failed, and the queue runs them again.
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
    },
  };
}

/**
 * The embedded database belongs to one process at a time (its data directory is locked), so a
 * slot still running when it starts was left by a process that died: its job goes back to the
 * queue now rather than when its heartbeat is found missing.
 */
async function handBackOrphans(database: Database, boss: PgBoss, log: EngineLogger) {
  for (const slot of await repository.runningSlots(database.db)) {
    const queue = slotQueue(slot.provider);
    if (!(await boss.getQueue(queue))) continue;
    const jobs = await boss.findJobs<SlotJob>(queue, {
      data: { generationId: slot.generationId, slot: slot.slot },
    });
    const active = jobs.filter((job) => job.state === 'active').map((job) => job.id);
    if (active.length === 0) continue;
    log.warn({ queue, jobs: active.length }, 'Resuming jobs a stopped process left');
    await boss.fail(queue, active, { message: 'its worker stopped' });
  }
}

/**
 * Jobs queued for a provider this deployment no longer offers (its key was removed) would wait
 * forever, and their generations would count against their users' limits: their ideas fail
 * with that reason. Every process of a deployment shares its provider settings.
 */
async function failUnservedJobs(
  deps: Settling,
  boss: PgBoss,
  providers: readonly ProviderConfig[],
  log: EngineLogger,
) {
  const offered = new Set<string>(providers.map((p) => p.key));
  for (const key of PROVIDER_KEYS.filter((k) => !offered.has(k))) {
    const queue = slotQueue(key);
    if (!(await boss.getQueue(queue))) continue;
    for (;;) {
      const jobs = await boss.fetch<SlotJob>(queue, { batchSize: 100 });
      if (jobs.length === 0) break;
      log.warn({ queue, jobs: jobs.length }, 'Failing jobs of a provider no longer configured');
      for (const job of jobs) {
        await abandonSlot(deps, job.data, 'the provider is no longer configured');
      }
      await boss.complete(
        queue,
        jobs.map((job) => job.id),
      );
    }
  }
}
