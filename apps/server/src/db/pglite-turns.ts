import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/**
 * The embedded database, taking turns with the rest of the process. PGlite runs a statement
 * synchronously on this thread and hands its lock to the next caller in a microtask, so a queue
 * of statements ran to its end before Node read another socket: under load, requests that
 * arrived meanwhile went unread for as long as the queue took (a report over every idea kept
 * the event loop for 12 s), and readers of one shared report never met to share it (decision
 * 037). Each statement, and each transaction as a whole, now waits for the event loop to come
 * round (`setImmediate`) before it starts, in the order they were asked for: a request's next
 * statement runs after Node has read its sockets and run its timers. A transaction's own
 * statements run together, as before.
 */
export class PgliteTakingTurns extends PGlite {
  override async query<T>(
    query: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    await nextTurn();
    return super.query<T>(query, params, options);
  }

  override async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    await nextTurn();
    return super.exec(query, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await nextTurn();
    return super.transaction(callback);
  }
}
