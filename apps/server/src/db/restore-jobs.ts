import { inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import {
  createBoss,
  ensureQueues,
  insertJobs,
  analysisQueue,
  isAnalysisQueue,
  isGenerationQueue,
  slotQueue,
  type QueueTimings,
} from '../modules/generation/job-queue.js';
import { PROVIDER_KEYS } from '../modules/providers/providers.config.js';
import { DELIVERY_QUEUE, ensureDeliveryQueues } from '../modules/webhooks/delivery-queue.js';
import { requeuePendingDeliveries } from '../modules/webhooks/webhooks.service.js';
import type { Database, Db } from './client.js';
import { inTransaction } from './queue-transaction.js';
import { generationSlots } from './schema/generations.js';
import { analyses } from './schema/sense-making.js';

export interface RestoreQueue {
  boss: PgBoss;
  /**
   * The generation, sense-making and webhook delivery queues the database holds, each
   * provider's among them.
   */
  queues: string[];
}

/**
 * The job queue for a restore, set up before its transaction: started (which creates its tables
 * where there are none yet), with no maintenance of its own, and a queue for every provider, so
 * that within the transaction it only reads and writes jobs, on the transaction (the embedded
 * database has one connection, which the transaction holds). Stop it afterwards.
 */
export async function openRestoreQueue(
  database: Database,
  timings: QueueTimings,
): Promise<RestoreQueue> {
  const boss = createBoss(database, timings, { supervise: false });
  boss.on('error', () => undefined);
  await database.alone(async () => {
    await boss.start();
    await ensureQueues(boss, PROVIDER_KEYS, timings);
    await ensureDeliveryQueues(boss);
  });
  const queues = (await boss.getQueues())
    .map((q) => q.name)
    .filter((name) => isGenerationQueue(name) || isAnalysisQueue(name) || name === DELIVERY_QUEUE);
  return { boss, queues };
}

/**
 * A backup holds no jobs: they follow from the generation slots, the sense-making runs and the
 * webhook deliveries. In the restore's transaction, the jobs the database held before are
 * deleted (their rows are gone), and the slots and runs still queued or running (a running one
 * was cut off by the backup) and the pending deliveries are queued again, each with a new job. What a run had in flight is counted as it is
 * when its worker dies: the claim of its new job moves it to the unreported tokens.
 */
export async function requeueGenerations(tx: Db, { boss, queues }: RestoreQueue): Promise<void> {
  const inTx = inTransaction(tx);
  for (const queue of queues) {
    for (;;) {
      const jobs = await boss.findJobs(queue, { ...inTx, limit: 1000 });
      if (jobs.length === 0) break;
      await boss.deleteJob(
        queue,
        jobs.map((job) => job.id),
        inTx,
      );
    }
  }
  const slots = await tx
    .update(generationSlots)
    .set({ status: 'queued' })
    .where(inArray(generationSlots.status, ['queued', 'running']))
    .returning({
      generationId: generationSlots.generationId,
      slot: generationSlots.slot,
      provider: generationSlots.provider,
    });
  await insertJobs(
    boss,
    tx,
    slots.map(({ generationId, slot, provider }) => ({
      name: slotQueue(provider),
      data: { generationId, slot },
    })),
  );
  const runs = await tx
    .update(analyses)
    .set({ status: 'queued' })
    .where(inArray(analyses.status, ['queued', 'running']))
    .returning({ id: analyses.id, provider: analyses.provider });
  for (const run of runs) {
    await boss.insert(analysisQueue(run.provider), [{ data: { analysisId: run.id } }], inTx);
  }
  await requeuePendingDeliveries(tx, boss);
}
