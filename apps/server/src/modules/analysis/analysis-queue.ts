import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/queue-transaction.js';

export { analysisQueue } from '../generation/job-queue.js';

/** What a sense-making job carries: its run. Everything else is read when it runs. */
export interface AnalysisJob {
  analysisId: number;
}

/** Adds a run's job inside the transaction that records the run. */
export async function insertAnalysisJob(boss: PgBoss, tx: Db, queue: string, analysisId: number) {
  await boss.insert(queue, [{ data: { analysisId } satisfies AnalysisJob }], inTransaction(tx));
}
