import pg from 'pg';
import { warnOf, type DatabaseLog } from './pool-client.js';

/** What a listener hears of one channel. */
export interface NotificationHandlers {
  /** One notification's payload, in the order their transactions committed. */
  onPayload: (payload: string) => void;
  /** Notifications may have been missed: the connection that heard them was lost and is back. */
  onGap: () => void;
  /** The connection that hears them is lost: until `onGap`, nothing is heard. */
  onLost?: () => void;
}

/** Stops listening. */
export type Unlisten = () => Promise<void>;

/** The embedded database tells its own session of what it commits, as the query that did ends. */
export async function listenPglite(
  client: { listen(channel: string, onPayload: (payload: string) => void): Promise<Unlisten> },
  channel: string,
  { onPayload }: NotificationHandlers,
): Promise<Unlisten> {
  return client.listen(channel, onPayload);
}

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/** Subscribes a channel's handlers to a process's one listening session. */
export type PostgresListen = (channel: string, handlers: NotificationHandlers) => Promise<Unlisten>;

/**
 * PostgreSQL delivers a channel's notifications to every session listening on it, in commit
 * order. A process listens on one session for all its channels, outside the pool (a pooled
 * connection would be handed to others), opened with the first channel and ended with the last.
 * When it is lost, every channel's `onLost` is told, it is made again, and each `onGap` is told
 * once it is back, since what was sent meanwhile is gone.
 */
export function postgresListener(newSession: () => pg.Client, log?: DatabaseLog): PostgresListen {
  const channels = new Map<string, Set<NotificationHandlers>>();
  let session: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const everyHandler = () => [...channels.values()].flatMap((handlers) => [...handlers]);

  const connect = async () => {
    const client = newSession();
    client.on('error', warnOf(log));
    client.on('notification', (message) => {
      for (const handlers of channels.get(message.channel) ?? []) {
        handlers.onPayload(message.payload ?? '');
      }
    });
    client.on('end', () => {
      if (session !== client) return;
      session = undefined;
      for (const handlers of everyHandler()) handlers.onLost?.();
      if (channels.size > 0) reconnect(0);
    });
    try {
      await client.connect();
      for (const channel of channels.keys()) {
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    session = client;
    return client;
  };

  const end = async () => {
    const client = session;
    session = undefined;
    await client?.end().catch(() => undefined);
  };

  const reconnect = (attempt: number) => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      // A channel subscribed meanwhile waits for this session rather than opening another.
      opening = connect().finally(() => (opening = undefined));
      opening.then(
        () => {
          if (channels.size === 0) void end();
          else for (const handlers of everyHandler()) handlers.onGap();
        },
        () => {
          if (channels.size > 0) reconnect(attempt + 1);
        },
      );
    }, delay).unref();
  };

  const subscribe = async (channel: string) => {
    if (session) return session.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    // A session being made again listens on every channel once it is back.
    if (retry) return;
    opening ??= connect().finally(() => (opening = undefined));
    const client = await opening;
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  };

  const unsubscribe = async (channel: string, handlers: NotificationHandlers) => {
    const listening = channels.get(channel);
    listening?.delete(handlers);
    if (listening?.size !== 0) return;
    channels.delete(channel);
    if (channels.size > 0) {
      await session?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
      return;
    }
    clearTimeout(retry);
    retry = undefined;
    await end();
  };

  return async (channel, handlers) => {
    const listening = channels.get(channel) ?? new Set();
    channels.set(channel, listening.add(handlers));
    try {
      await subscribe(channel);
    } catch (error) {
      await unsubscribe(channel, handlers);
      throw error;
    }
    return () => unsubscribe(channel, handlers);
  };
}
