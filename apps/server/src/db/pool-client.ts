import { PreparingClient } from './prepared-statements.js';

/** A connection of the pool. */
class Connection extends PreparingClient {
  constructor(...args: ConstructorParameters<typeof PreparingClient>) {
    super(...args);
    // The pool listens for a connection's errors only while it sits idle. One lost while a
    // transaction holds it fails the transaction's next statement; unheard, its 'error' event
    // would end the process.
    this.on('error', () => undefined);
  }
}

/** `Connection` with the driver's own signatures. */
export const PoolClient = Connection as unknown as typeof PreparingClient;
