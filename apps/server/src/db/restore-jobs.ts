import { inArray, sql } from 'drizzle-orm';
import {
  createBoss,
  ensureQueues,
  executeIn,
  insertJobs,
  slotQueue,
  type QueueTimings,
} from '../modules/generation/job-queue.js';
import type { Database, Db } from './client.js';
import { generationSlots } from './schema/generations.js';

/**
 * Creates the job queue's own tables where there are none yet: starting the queue does that.
 * It is stopped again before the restore's transaction, so that its maintenance stays out of
 * it; an error of that maintenance is left to the server's next start.
 */
export async function prepareQueue(database: Database, timings: QueueTimings) {
  const boss = createBoss(database, timings);
  boss.on('error', () => undefined);
  await database.alone(() => boss.start());
  await boss.stop({ graceful: false, wait: true, close: false });
}

/**
 * A backup holds no jobs: they follow from the generation slots. In the restore's transaction,
 * the slots still queued or running (a running one was cut off by the backup) are queued again,
 * each with a new job, and their queues are created. Generation jobs the database held before
 * are deleted: their slots are gone.
 */
export async function requeueGenerations(tx: Db, database: Database, timings: QueueTimings) {
  await tx.execute(sql`delete from pgboss.job where name like 'generate-idea-%'`);
  const slots = await tx
    .update(generationSlots)
    .set({ status: 'queued' })
    .where(inArray(generationSlots.status, ['queued', 'running']))
    .returning({
      generationId: generationSlots.generationId,
      slot: generationSlots.slot,
      provider: generationSlots.provider,
    });
  if (slots.length === 0) return;
  // A queue that never starts, on the transaction: it only defines queues and adds jobs.
  const queue = createBoss({ ...database, executeSql: executeIn(tx) }, timings);
  await ensureQueues(queue, [...new Set(slots.map((s) => s.provider))], timings);
  await insertJobs(
    queue,
    tx,
    slots.map(({ generationId, slot, provider }) => ({
      name: slotQueue(provider),
      data: { generationId, slot },
    })),
  );
}
