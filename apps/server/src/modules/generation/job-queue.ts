import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db, ExecuteSql } from '../../db/client.js';

/** What a generation job carries: the slot to fill. Everything else is read when it runs. */
export interface SlotJob {
  generationId: number;
  slot: number;
}

export const DEAD_LETTER_QUEUE = 'generate-idea-dead';
export const slotQueue = (provider: string) => `generate-idea-${provider}`;

export interface QueueTimings {
  /** How long a job may stay active before the queue takes it for lost and runs it again. */
  expireInSeconds: number;
  /** How often the queue looks for jobs whose worker died. */
  maintenanceSeconds: number;
  pollingSeconds: number;
}

/** The durable job queue (pg-boss) on the application's own database. */
export function createBoss(database: Database, timings: QueueTimings): PgBoss {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    schedule: false,
    maintenanceIntervalSeconds: timings.maintenanceSeconds,
    pollingIntervalSeconds: timings.pollingSeconds,
    // Finished jobs are history the generations table already keeps.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 7,
  });
  return boss;
}

/** Creates the queues (or brings their settings up to date) for the given providers. */
export async function ensureQueues(
  boss: PgBoss,
  providers: readonly string[],
  timings: QueueTimings,
): Promise<void> {
  await upsertQueue(boss, { name: DEAD_LETTER_QUEUE, retryLimit: 2, retryDelay: 5 });
  for (const provider of providers) {
    await upsertQueue(boss, {
      name: slotQueue(provider),
      // Provider errors are retried inside the job; the queue retries a job whose worker died.
      retryLimit: 3,
      retryDelay: 2,
      retryBackoff: true,
      expireInSeconds: timings.expireInSeconds,
      deadLetter: DEAD_LETTER_QUEUE,
    });
  }
}

async function upsertQueue(boss: PgBoss, queue: PgBoss.Queue) {
  if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
  else await boss.createQueue(queue.name, queue);
}

/** Adds jobs inside an open transaction, so they exist exactly when the rows they fill do. */
export async function insertJobs(boss: PgBoss, tx: Db, jobs: PgBoss.JobInsert<SlotJob>[]) {
  await boss.insert(jobs, { db: { executeSql: executeIn(tx) } });
}

/** The queue's SQL, run in an open transaction of the ORM's. */
export const executeIn =
  (tx: Db): ExecuteSql =>
  async (text, values = []) => {
    const result: unknown = await tx.execute(positional(text, values));
    return { rows: (result as { rows: unknown[] }).rows };
  };

/** SQL text with $1…$n placeholders as a query the ORM can run in its transaction. */
export function positional(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, i) =>
    // sql.param keeps a value whole: a bare interpolation drops undefined and spreads arrays.
    i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`,
  );
  return sql.join(chunks);
}
