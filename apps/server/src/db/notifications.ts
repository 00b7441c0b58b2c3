import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { warnOf, type DatabaseLog } from './pool-client.js';

/** What a listener hears of one channel. */
export interface NotificationHandlers {
  /** One notification's payload, in the order their transactions committed. */
  onPayload: (payload: string) => void;
  /** Notifications may have been missed: the connection that heard them was lost and is back. */
  onGap: () => void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/** The embedded database tells its own session of what it commits, as the query that did ends. */
export async function listenPglite(
  client: PGlite,
  channel: string,
  { onPayload }: NotificationHandlers,
): Promise<Unlisten> {
  return client.listen(channel, onPayload);
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * PostgreSQL delivers a channel's notifications to every session listening on it, in commit
 * order. This session lasts as long as the listener, outside the pool (a pooled connection
 * would be handed to others); when it is lost, it is made again, and `onGap` is told once it is
 * back, since what was sent meanwhile is gone.
 */
export async function listenPostgres(
  newSession: () => pg.Client,
  channel: string,
  { onPayload, onGap }: NotificationHandlers,
  log?: DatabaseLog,
): Promise<Unlisten> {
  let stopped = false;
  let session: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = newSession();
    client.on('error', warnOf(log));
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client.on('end', () => {
      if (stopped || session !== client) return;
      session = undefined;
      reconnect(0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    session = client;
  };

  const reconnect = (attempt: number) => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      connect().then(
        () => {
          if (stopped) void session?.end();
          else onGap();
        },
        () => {
          if (!stopped) reconnect(attempt + 1);
        },
      );
    }, delay).unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await session?.end().catch(() => undefined);
  };
}
