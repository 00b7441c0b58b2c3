import { fromPglite, PgBoss, type Db as QueueDb, type JobInsert, type Queue } from 'pg-boss';
import type { Database, Db } from '../../db/client.js';
import { inTransaction } from '../../db/queue-transaction.js';

/** What a generation job carries: the slot to fill. Everything else is read when it runs. */
export interface SlotJob {
  generationId: number;
  slot: number;
}

export const DEAD_LETTER_QUEUE = 'generate-idea-dead';
export const slotQueue = (provider: string) => `generate-idea-${provider}`;
export const isGenerationQueue = (name: string) => name.startsWith('generate-idea-');

/** Sense-making runs (decision 027) have queues of their own per provider, on the same queue. */
export const ANALYSIS_DEAD_LETTER_QUEUE = 'analyze-dead';
export const analysisQueue = (provider: string) => `analyze-${provider}`;
const ANALYSIS_EXPIRY_FACTOR = 16;
export const isAnalysisQueue = (name: string) =>
  name.startsWith('analyze-') && name !== ANALYSIS_DEAD_LETTER_QUEUE;

/**
 * Ideas just stored (by a generation, by hand or by an import) are checked for repeats in other
 * words by a language model, where one judges them (issue 38): a job names them, and its worker
 * starts a 'repeats' step when they have pairs to judge.
 */
export const REPEATS_CHECK_QUEUE = 'check-repeats';

export interface RepeatsCheckJob {
  brainstormId: number;
  /** Whose budget the step's calls are reserved against: who generated, wrote or imported. */
  requestedBy: number;
  ideas: number[];
}

/** Asks for a repeats check, inside the transaction that stored the ideas when there is one. */
export async function insertRepeatsCheck(boss: PgBoss, db: Db, job: RepeatsCheckJob) {
  if (job.ideas.length === 0) return;
  await boss.insert(REPEATS_CHECK_QUEUE, [{ data: job }], inTransaction(db));
}

/**
 * How often a worker says it is still running a job, and how long the queue waits without a word
 * before it takes the worker for dead and runs the job again (pg-boss's least: 10 s).
 */
export const HEARTBEAT_SECONDS = 10;

export interface QueueTimings {
  /** How long a job may stay active before the queue takes it for lost and runs it again. */
  expireInSeconds: number;
  /** How often the queue looks for jobs whose worker died (missed heartbeats, expiry). */
  maintenanceSeconds: number;
  pollingSeconds: number;
}

/**
 * The durable job queue (pg-boss) on the application's own database: the embedded one through
 * its own adapter, PostgreSQL through the application's pool. A process that runs workers also
 * listens for new jobs (LISTEN/NOTIFY), on one connection of its own.
 */
export function createBoss(
  database: Database,
  timings: QueueTimings,
  { listen = false, supervise = true }: { listen?: boolean; supervise?: boolean } = {},
): PgBoss {
  const options = {
    schema: 'pgboss',
    schedule: false,
    supervise,
    useListenNotify: listen,
    superviseIntervalSeconds: timings.maintenanceSeconds,
    monitorIntervalSeconds: timings.maintenanceSeconds,
    // Workers take jobs without pause while the queue's count says more are ready.
    queueCacheIntervalSeconds: Math.max(1, Math.round(timings.pollingSeconds)),
  };
  if (database.pglite) {
    return new PgBoss({ ...options, backend: 'pglite', db: fromPglite(database.pglite) });
  }
  const db: QueueDb = {
    executeSql: (text, values) => database.executeSql(text, values),
    // The queue looks for what it missed when it starts listening, and whenever the session
    // listening was lost and is back.
    async listen(channel, onNotification, onReconnect) {
      const unlisten = await database.listen(channel, {
        onPayload: onNotification,
        onGap: onReconnect,
      });
      onReconnect();
      return { close: unlisten };
    },
  };
  return new PgBoss({ ...options, db });
}

/** Creates the queues (or brings their settings up to date) for the given providers. */
export async function ensureQueues(
  boss: PgBoss,
  providers: readonly string[],
  timings: QueueTimings,
): Promise<void> {
  await upsertQueue(boss, { name: DEAD_LETTER_QUEUE, retryLimit: 2, retryDelay: 5, notify: true });
  await upsertQueue(boss, {
    name: ANALYSIS_DEAD_LETTER_QUEUE,
    retryLimit: 2,
    retryDelay: 5,
    notify: true,
  });
  // A check only plans and queues a step: quick, and harmless to run again.
  await upsertQueue(boss, {
    name: REPEATS_CHECK_QUEUE,
    retryLimit: 3,
    retryDelay: 5,
    notify: true,
  });
  // A run makes its calls one round after another (a ranking plays up to 7), each as long as a
  // slot's: it may take that many times longer. A dead worker is found by its heartbeats anyway.
  const queues = providers.flatMap((provider) => [
    { name: slotQueue(provider), deadLetter: DEAD_LETTER_QUEUE, expiry: timings.expireInSeconds },
    {
      name: analysisQueue(provider),
      deadLetter: ANALYSIS_DEAD_LETTER_QUEUE,
      expiry: timings.expireInSeconds * ANALYSIS_EXPIRY_FACTOR,
    },
  ]);
  for (const { name, deadLetter, expiry } of queues) {
    await upsertQueue(boss, {
      name,
      // A provider's errors are retried inside the job; these retries are for a job whose worker
      // died, was stopped or lost the database (decision 012).
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: expiry,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      deadLetter,
      notify: true,
    });
  }
}

async function upsertQueue(boss: PgBoss, { name, ...options }: Queue) {
  if (await boss.getQueue(name)) await boss.updateQueue(name, options);
  else await boss.createQueue(name, options);
}

/** Adds jobs inside an open transaction, so they exist exactly when the rows they fill do. */
export async function insertJobs(
  boss: PgBoss,
  tx: Db,
  jobs: { name: string; data: SlotJob }[],
): Promise<void> {
  const byQueue = new Map<string, JobInsert<SlotJob>[]>();
  for (const { name, data } of jobs) {
    const inserts = byQueue.get(name) ?? [];
    inserts.push({ data });
    byQueue.set(name, inserts);
  }
  for (const [name, inserts] of byQueue) await boss.insert(name, inserts, inTransaction(tx));
}
