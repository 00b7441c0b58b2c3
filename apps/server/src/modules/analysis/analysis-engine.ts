import type { PgBoss } from 'pg-boss';
import type { DuplicateThresholds, GenerationConfig, RepeatsJudge } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import {
  ANALYSIS_DEAD_LETTER_QUEUE,
  analysisQueue,
  insertRepeatsCheck,
  REPEATS_CHECK_QUEUE,
  type RepeatsCheckJob,
} from '../generation/job-queue.js';
import { createProviderClients } from '../providers/provider-clients.js';
import type { ProviderConfig, ProviderKey } from '../providers/providers.config.js';
import type { WebhookOutbox } from '../webhooks/webhooks.service.js';
import * as repository from './analysis.repository.js';
import { runners } from './analysis-kinds.js';
import type { AnalysisJob } from './analysis-queue.js';
import { abandonAnalysis, runAnalysis } from './analysis-runner.js';
import { checkRepeats } from './repeats-checks.js';

export type { RepeatsCheckJob };

/**
 * How ideas just stored by hand or by an import ask to be checked for repeats: a job on the
 * queue where a model judges them, nothing where none does.
 */
export function repeatsChecks(boss: PgBoss, db: Db, judge: RepeatsJudge | null) {
  return async (job: RepeatsCheckJob) => {
    if (judge) await insertRepeatsCheck(boss, db, job);
  };
}

interface EngineLogger {
  error(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

/**
 * The workers of the sense-making queues, on the generation's job queue (which created their
 * queues): one run at a time per provider and process is plenty, since a run makes its own calls
 * in parallel, up to the provider's concurrency.
 */
export async function startAnalysisWorkers(options: {
  boss: PgBoss;
  database: Database;
  providers: readonly ProviderConfig[];
  generation: GenerationConfig;
  duplicates: DuplicateThresholds;
  /** The model that judges repeats in ideas just stored; none: they are not checked. */
  repeatsJudge: RepeatsJudge | null;
  /** Where a finished ranking's webhook event is queued. */
  webhooks: WebhookOutbox;
  log: EngineLogger;
}): Promise<void> {
  const { boss, database, providers, generation, duplicates, repeatsJudge, webhooks, log } =
    options;
  if (!generation.workers) return;
  if (database.pglite) await handBackOrphans(database, boss, log);
  const deps = {
    db: database.db,
    clients: createProviderClients(providers),
    concurrency: new Map<ProviderKey, number>(providers.map((p) => [p.key, p.concurrency])),
    settings: generation,
    limits: generation.limits,
    duplicates,
    webhooks,
    log,
  };
  for (const provider of providers) {
    await boss.work<AnalysisJob>(
      analysisQueue(provider.key),
      {
        localConcurrency: 2,
        pollingIntervalSeconds: generation.pollingSeconds,
        notifyPollingIntervalSeconds: generation.pollingSeconds,
      },
      ([job]) => (job ? runAnalysis(deps, runners, job.data, job.signal) : Promise.resolve()),
    );
  }
  await boss.work<AnalysisJob>(ANALYSIS_DEAD_LETTER_QUEUE, { localConcurrency: 1 }, ([job]) =>
    job ? abandonAnalysis(database.db, job.data) : Promise.resolve(),
  );
  if (repeatsJudge) {
    const checks = {
      db: database.db,
      boss,
      judge: repeatsJudge,
      limits: deps.limits,
      duplicates,
      log,
    };
    await boss.work<RepeatsCheckJob>(
      REPEATS_CHECK_QUEUE,
      {
        localConcurrency: 1,
        pollingIntervalSeconds: generation.pollingSeconds,
        notifyPollingIntervalSeconds: generation.pollingSeconds,
      },
      ([job]) => (job ? checkRepeats(checks, job.data) : Promise.resolve()),
    );
  }
}

/**
 * On the embedded database a run still running when the process starts was left by one that
 * died: its job goes back to the queue now rather than when its heartbeats are found missing.
 */
async function handBackOrphans(database: Database, boss: PgBoss, log: EngineLogger) {
  for (const run of await repository.unfinishedRuns(database.db)) {
    const queue = analysisQueue(run.provider);
    if (!(await boss.getQueue(queue))) continue;
    const jobs = await boss.findJobs<AnalysisJob>(queue, { data: { analysisId: run.id } });
    const active = jobs.filter((job) => job.state === 'active').map((job) => job.id);
    if (active.length === 0) continue;
    log.warn({ queue, jobs: active.length }, 'Resuming sense-making jobs a stopped process left');
    await boss.fail(queue, active, { message: 'its worker stopped' });
  }
}
