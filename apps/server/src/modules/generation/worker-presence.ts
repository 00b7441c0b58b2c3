import { randomInt } from 'node:crypto';
import type pg from 'pg';

/** The first key of every presence lock; the second is the worker's id. */
export const PRESENCE_LOCK_CLASS = 0x1dea_0b5e;
const RECONNECT_MS = 1000;

export interface PresenceLogger {
  warn(object: unknown, message: string): void;
}

/**
 * A worker process's sign of life on PostgreSQL: a session advisory lock under a random id, held
 * on a connection of its own for as long as the process runs. The server lets go of it the
 * moment that connection ends, so when the process dies (a crash, SIGKILL, the OOM killer) any
 * other process can see at once that the jobs it claimed have nobody running them.
 *
 * When the connection breaks while the process lives (PostgreSQL restarted), it is opened again
 * every second and the same id taken back; until then other processes may run this one's jobs
 * too, which stores nothing twice (a finished slot is not filled again).
 */
export class WorkerPresence {
  private client: pg.Client | null = null;
  private heldSince: number | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  private constructor(
    readonly id: number,
    private readonly newSession: () => pg.Client,
    private readonly log: PresenceLogger,
  ) {}

  /** Takes a free id: the lock under a random one, tried until one is not held already. */
  static async start(newSession: () => pg.Client, log: PresenceLogger): Promise<WorkerPresence> {
    for (;;) {
      const presence = new WorkerPresence(randomInt(1, 2 ** 31 - 1), newSession, log);
      if (await presence.connect()) return presence;
    }
  }

  /** Whether the lock has been held without a break for at least `ms`. */
  steadyFor(ms: number): boolean {
    return this.heldSince !== null && Date.now() - this.heldSince >= ms;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.heldSince = null;
    await client?.end().catch(() => undefined);
  }

  /** Opens the connection and takes the lock; false when another session holds this id. */
  private async connect(): Promise<boolean> {
    const client = this.newSession();
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.client === client) this.lost();
    });
    let held = false;
    try {
      await client.connect();
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock($1, $2) as held',
        [PRESENCE_LOCK_CLASS, this.id],
      );
      held = rows[0]?.held === true;
    } finally {
      if (!held || this.stopped) await client.end().catch(() => undefined);
    }
    if (!held || this.stopped) return false;
    this.client = client;
    this.heldSince = Date.now();
    return true;
  }

  private lost() {
    this.client = null;
    this.heldSince = null;
    if (this.stopped) return;
    this.log.warn({ worker: this.id }, 'Lost the worker presence connection; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    this.retry = setTimeout(() => {
      this.connect().then(
        (held) => {
          if (!held && !this.stopped) this.scheduleReconnect();
        },
        () => {
          if (!this.stopped) this.scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
    this.retry.unref();
  }
}
