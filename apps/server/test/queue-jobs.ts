import type { Database } from '../src/db/client.js';
import {
  createBoss,
  isGenerationQueue,
  type SlotJob,
} from '../src/modules/generation/job-queue.js';

const TIMINGS = { expireInSeconds: 60, maintenanceSeconds: 60, pollingSeconds: 2 };

/**
 * The generation jobs a database holds, read through the queue's own API (its tables are its
 * own): each job's queue, data and state, ordered by slot.
 */
export async function generationJobs(database: Database) {
  const boss = createBoss(database, TIMINGS, { supervise: false });
  await boss.start();
  try {
    const jobs: { name: string; data: SlotJob; state: string }[] = [];
    for (const queue of await boss.getQueues()) {
      if (!isGenerationQueue(queue.name)) continue;
      for (const job of await boss.findJobs<SlotJob>(queue.name, { limit: 1000 })) {
        jobs.push({ name: job.name, data: job.data, state: job.state });
      }
    }
    return jobs.sort((a, b) => a.data.slot - b.data.slot || a.name.localeCompare(b.name));
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}
