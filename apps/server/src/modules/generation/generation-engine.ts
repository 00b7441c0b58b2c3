import type PgBoss from 'pg-boss';
import type { GenerationConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createProviderClients } from '../providers/provider-clients.js';
import { PROVIDER_KEYS, type ProviderConfig } from '../providers/providers.config.js';
import {
  createBoss,
  DEAD_LETTER_QUEUE,
  ensureQueues,
  slotQueue,
  type QueueTimings,
  type SlotJob,
} from './job-queue.js';
import { JobPump, type PumpLogger } from './job-pump.js';
import { abandonSlot, ContextCache, runSlot } from './slot-runner.js';
import { PRESENCE_LOCK_CLASS, WorkerPresence } from './worker-presence.js';

/**
 * How long a process's own presence must have been held before it judges others' jobs
 * abandoned: after PostgreSQL restarts, every process needs a moment to take its lock back.
 */
const STEADY_PRESENCE_MS = 5000;
/** How long a job handed out may go without its slot being claimed before it counts as lost. */
const UNCLAIMED_GRACE_SECONDS = 30;

export interface GenerationEngine {
  boss: PgBoss;
  /** Wakes this process's workers for a provider after it queued jobs for them. */
  notify(provider: string): void;
  /** Stops the workers (running jobs get `graceMs`, then go back to the queue) and the queue. */
  stop(graceMs?: number): Promise<void>;
}

export interface EngineOptions {
  database: Database;
  providers: readonly ProviderConfig[];
  generation: GenerationConfig;
  log: PumpLogger & { warn(object: unknown, message: string): void };
}

/**
 * The longest a job may legitimately run: every attempt timing out after the longest wait,
 * plus a margin. Past it, the queue takes the job's worker for dead and runs the job again.
 */
export function jobExpirySeconds(g: GenerationConfig): number {
  const longestWait = Math.max(g.maxRetryAfterMs, g.retryDelayMs * 2 ** (g.attempts - 1));
  return Math.ceil((g.attempts * (g.timeoutMs + longestWait)) / 1000) + 10;
}

/** Starts the job queue and, when this process runs workers, one worker pump per provider. */
export async function startGenerationEngine(options: EngineOptions): Promise<GenerationEngine> {
  const { database, providers, generation, log } = options;
  const timings: QueueTimings = {
    expireInSeconds: jobExpirySeconds(generation),
    maintenanceSeconds: generation.maintenanceSeconds,
    pollingSeconds: generation.pollingSeconds,
  };
  const boss = createBoss(database, timings);
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
  });

  const pumps = new Map<string, JobPump<SlotJob>>();
  let presence: WorkerPresence | null = null;
  let reclaiming: NodeJS.Timeout | undefined;
  if (generation.workers) {
    if (database.newSession) {
      const steady = (presence = await WorkerPresence.start(database.newSession, log));
      await reclaimAbandonedJobs(database, boss, log);
      reclaiming = setInterval(() => {
        if (!steady.steadyFor(STEADY_PRESENCE_MS)) return;
        reclaimAbandonedJobs(database, boss, log).catch((error: unknown) => {
          log.error({ err: error }, 'Could not look for abandoned jobs');
        });
      }, generation.maintenanceSeconds * 1000).unref();
    } else {
      await reclaimOrphans(database, boss, log);
    }
    await failUnservedJobs(database, boss, providers, log);
    const deps = {
      db: database.db,
      contexts: new ContextCache(database.db),
      clients: createProviderClients(providers),
      settings: generation,
      limits: generation.limits,
      worker: presence?.id ?? null,
    };
    const pollingMs = generation.pollingSeconds * 1000;
    for (const provider of providers) {
      pumps.set(
        provider.key,
        new JobPump<SlotJob>(
          boss,
          slotQueue(provider.key),
          provider.concurrency,
          pollingMs,
          (job, signal) => runSlot(deps, job.data, signal),
          log,
        ),
      );
    }
    pumps.set(
      DEAD_LETTER_QUEUE,
      new JobPump<SlotJob>(
        boss,
        DEAD_LETTER_QUEUE,
        5,
        pollingMs,
        (job) => abandonSlot(database.db, job.data),
        log,
      ),
    );
    for (const pump of pumps.values()) pump.start();
  }

  return {
    boss,
    notify(provider) {
      pumps.get(provider)?.notify();
    },
    async stop(graceMs = generation.shutdownGraceMs) {
      clearInterval(reclaiming);
      await Promise.all([...pumps.values()].map((pump) => pump.stop(graceMs)));
      await boss.stop({ graceful: false, wait: true, close: false });
      // Last: the jobs this process ran are back in the queue by now.
      await presence?.stop();
    },
  };
}

/**
 * Jobs queued for a provider this deployment no longer offers (its key was removed) would wait
 * forever, and their generations would count against their users' limits: their ideas fail
 * with that reason. Every process of a deployment shares its provider settings.
 */
async function failUnservedJobs(
  database: Database,
  boss: PgBoss,
  providers: readonly ProviderConfig[],
  log: EngineOptions['log'],
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
        await abandonSlot(database.db, job.data, 'the provider is no longer configured');
      }
      await boss.complete(
        queue,
        jobs.map((job) => job.id),
      );
    }
  }
}

/**
 * Jobs nobody is running (PostgreSQL), handed back to the queue now instead of after their
 * expiry (they count as one of the job's retries):
 * - claimed since they started by a worker process whose presence lock nobody holds any more;
 * - not claimed at all for `UNCLAIMED_GRACE_SECONDS` after they were handed out: the worker
 *   never got them (the database went away while answering its fetch), or died at once. A
 *   worker claims a job's slot the moment it gets the job.
 */
async function reclaimAbandonedJobs(database: Database, boss: PgBoss, log: EngineOptions['log']) {
  const found = await database.executeSql(
    `select j.name, array_agg(j.id::text) as ids
     from pgboss.job j
     join generation_slots s on s.generation_id = (j.data->>'generationId')::int
       and s.slot = (j.data->>'slot')::int
     where j.state = 'active' and j.name like 'generate-idea-%' and j.name <> $1
       and (
         (s.claimed_by is not null and s.claimed >= j.started_on and not exists (
           select 1 from pg_locks l
           where l.locktype = 'advisory' and l.granted and l.objsubid = 2
             and l.database = (select oid from pg_database where datname = current_database())
             and l.classid = $2::oid and l.objid = s.claimed_by::oid))
         or ((s.claimed is null or s.claimed < j.started_on)
           and j.started_on < now() - $3 * interval '1 second'))
     group by j.name`,
    [DEAD_LETTER_QUEUE, PRESENCE_LOCK_CLASS, UNCLAIMED_GRACE_SECONDS],
  );
  await handBack(boss, log, found.rows, 'Resuming jobs nobody is running');
}

/**
 * The embedded database belongs to one process at a time (its data directory is locked), so a
 * job still marked active at start was left by a process that died: hand it back to the queue
 * now rather than after its expiry.
 */
async function reclaimOrphans(database: Database, boss: PgBoss, log: EngineOptions['log']) {
  const found = await database.executeSql(
    `select name, array_agg(id::text) as ids from pgboss.job
     where state = 'active' and name like 'generate-idea-%' group by name`,
  );
  await handBack(boss, log, found.rows, 'Resuming jobs a stopped process left');
}

/** Fails active jobs (ids grouped by queue), so that the queue runs them again. */
async function handBack(boss: PgBoss, log: EngineOptions['log'], rows: unknown[], why: string) {
  for (const row of rows as { name: string; ids: string[] }[]) {
    log.warn({ queue: row.name, jobs: row.ids.length }, why);
    await boss.fail(row.name, row.ids);
  }
}
