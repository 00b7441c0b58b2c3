import type { PgBoss } from 'pg-boss';
import type { Database } from '../src/db/client.js';
import {
  createBoss,
  isAnalysisQueue,
  isGenerationQueue,
  type SlotJob,
} from '../src/modules/generation/job-queue.js';
import { DELIVERY_QUEUE, type DeliveryJob } from '../src/modules/webhooks/delivery-queue.js';

const TIMINGS = { expireInSeconds: 60, maintenanceSeconds: 60, pollingSeconds: 2 };

export interface GenerationJob {
  name: string;
  data: SlotJob;
  state: string;
  retryCount: number;
}

/** Every generation job of a running queue, through its own API, ordered by slot. */
export async function jobsOf(boss: PgBoss): Promise<GenerationJob[]> {
  const jobs: GenerationJob[] = [];
  for (const queue of await boss.getQueues()) {
    if (!isGenerationQueue(queue.name)) continue;
    for (const job of await boss.findJobs<SlotJob>(queue.name, { limit: 1000 })) {
      const { name, data, state, retryCount } = job;
      jobs.push({ name, data, state, retryCount });
    }
  }
  return jobs.sort((a, b) => a.data.slot - b.data.slot || a.name.localeCompare(b.name));
}

/**
 * The generation jobs a database holds, read through the queue's own API (its tables are its
 * own), by a queue started for the purpose.
 */
export async function generationJobs(database: Database): Promise<GenerationJob[]> {
  const boss = createBoss(database, TIMINGS, { supervise: false });
  await boss.start();
  try {
    return await jobsOf(boss);
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}

/** The sense-making jobs a database holds: each queue's name and the run it carries. */
export async function analysisJobs(
  database: Database,
): Promise<{ name: string; analysisId: number }[]> {
  const boss = createBoss(database, TIMINGS, { supervise: false });
  await boss.start();
  try {
    const jobs: { name: string; analysisId: number }[] = [];
    for (const queue of await boss.getQueues()) {
      if (!isAnalysisQueue(queue.name)) continue;
      for (const job of await boss.findJobs<{ analysisId: number }>(queue.name, { limit: 1000 })) {
        jobs.push({ name: job.name, analysisId: job.data.analysisId });
      }
    }
    return jobs;
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}

/** The webhook deliveries a database holds jobs for. */
export async function deliveryJobs(database: Database): Promise<number[]> {
  const boss = createBoss(database, TIMINGS, { supervise: false });
  await boss.start();
  try {
    const jobs = await boss.findJobs<DeliveryJob>(DELIVERY_QUEUE, { limit: 1000 });
    return jobs.map((job) => job.data.deliveryId).sort((a, b) => a - b);
  } finally {
    await boss.stop({ close: false, graceful: false });
  }
}
