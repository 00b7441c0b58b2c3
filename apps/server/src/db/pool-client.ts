import { markDatabaseError } from '../lib/db-errors.js';
import { PreparingClient } from './prepared-statements.js';

type Connect = (...args: unknown[]) => unknown;

/** Where connection errors are told: the app's logger, whose `err` serializer is the allowlist. */
export interface DatabaseLog {
  warn(object: { err: unknown }, message: string): void;
}

/** Tells `log` of a connection's error; without a log, only keeps the process alive. */
export const warnOf = (log: DatabaseLog | undefined) => (error: unknown) => {
  log?.warn({ err: error }, 'database connection error');
};

/**
 * A connection of the pool. The errors it raises itself (failing to connect, or losing its
 * socket, which also fails its statements with the same error) are marked as the database's, so
 * that its socket errors, and nobody else's, read as the database being unavailable.
 */
class Connection extends PreparingClient {
  // A connection that cannot be made tells only the caller of `connect` (the pool passes a
  // callback), not the 'error' listeners.
  override connect(...args: unknown[]): never {
    const connect = (...a: unknown[]) => (super.connect as Connect)(...a);
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((error: unknown, ...results: unknown[]) => {
        if (error) markDatabaseError(error);
        return (callback as Connect)(error, ...results);
      }) as never;
    }
    return (connect() as Promise<unknown>).catch((error: unknown) => {
      markDatabaseError(error);
      throw error;
    }) as never;
  }

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'error') markDatabaseError(args[0]);
    return super.emit(event, ...args);
  }
}

/** The pool's connections, telling `log` of their errors, with the driver's own signatures. */
export function poolClient(log?: DatabaseLog): typeof PreparingClient {
  class Heard extends Connection {
    constructor(...args: ConstructorParameters<typeof PreparingClient>) {
      super(...args);
      // The pool listens for a connection's errors only while it sits idle. One lost while a
      // transaction holds it fails the transaction's next statement; unheard, its 'error' event
      // would end the process. Heard here, each is logged once, idle or not.
      this.on('error', warnOf(log));
    }
  }
  return Heard;
}
