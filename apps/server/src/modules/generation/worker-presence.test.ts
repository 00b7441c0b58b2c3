import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { PRESENCE_LOCK_CLASS, WorkerPresence } from './worker-presence.js';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const log = { warn: () => undefined };

describe.runIf(process.env.TEST_DB === 'postgres' && adminUrl)('a worker presence', () => {
  let database: Database;

  beforeAll(async () => {
    ({ database } = await createPostgresDatabase(adminUrl));
  });
  afterAll(() => database.close());

  /** The backends holding the presence lock of `id`. */
  async function holders(id: number) {
    const { rows } = await database.executeSql(
      `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 2
         and classid = $1::oid and objid = $2::oid`,
      [PRESENCE_LOCK_CLASS, id],
    );
    return (rows as { pid: number }[]).map((row) => row.pid);
  }

  it('holds a lock of its own while it runs and lets go when stopped', async () => {
    const newSession = database.newSession;
    if (!newSession) throw new Error('PostgreSQL has sessions');
    const [one, two] = await Promise.all([
      WorkerPresence.start(newSession, log),
      WorkerPresence.start(newSession, log),
    ]);
    expect(one.id).not.toBe(two.id);
    expect(await holders(one.id)).toHaveLength(1);
    expect(await holders(two.id)).toHaveLength(1);
    await one.stop();
    expect(await holders(one.id)).toEqual([]);
    expect(await holders(two.id)).toHaveLength(1);
    await two.stop();
  });

  it('takes its lock back after its connection was ended, as a restart of PostgreSQL does', async () => {
    const newSession = database.newSession;
    if (!newSession) throw new Error('PostgreSQL has sessions');
    const presence = await WorkerPresence.start(newSession, log);
    try {
      const [pid] = await holders(presence.id);
      await database.executeSql('select pg_terminate_backend($1)', [pid]);
      // The lock goes with the session; the process notices its connection ended.
      await vi.waitFor(async () => {
        expect(await holders(presence.id)).toEqual([]);
        expect(presence.steadyFor(0)).toBe(false);
      });
      await vi.waitFor(
        async () => {
          const now = await holders(presence.id);
          expect(now).toHaveLength(1);
          expect(now).not.toContain(pid);
        },
        { timeout: 5000, interval: 100 },
      );
      expect(presence.steadyFor(0)).toBe(true);
    } finally {
      await presence.stop();
    }
  });
});
