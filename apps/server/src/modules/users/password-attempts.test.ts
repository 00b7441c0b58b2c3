import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/database.js';
import { makeUser, TEST_PASSWORD } from '../../../test/factories.js';
import { openDatabase, type Database } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { MAX_FAILURES_PER_EMAIL_AND_ADDRESS } from './password-attempts.js';
import { userWithPassword } from './users.service.js';

// Another session holds a lock on the users table; only PostgreSQL has other sessions.
const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.runIf(url)('a sign-in the database fails in the middle of', () => {
  let database: Database;
  let impatient: Database;
  let blocker: pg.Client;
  const address = '192.0.2.7';

  beforeAll(async () => {
    const created = await createPostgresDatabase(url ?? '');
    database = created.database;
    // The same database, on connections that give up on a lock after 100 ms.
    const target = new URL(created.url);
    target.searchParams.set('options', '-c lock_timeout=100');
    impatient = await openDatabase({ kind: 'postgres', url: target.toString() });
    blocker = new pg.Client({ connectionString: created.url });
    await blocker.connect();
  });
  afterAll(async () => {
    await blocker.end();
    await impatient.close();
    await database.close();
  });

  const counts = async () =>
    rowsOf<{ key: string; count: number }>(
      await database.db.execute(sql`select key, count from login_failures order by key`),
    ).map(({ key, count }) => `${key.split(':')[0]} ${count}`);

  it('gives the attempt back, so the server failing never locks anyone out', async () => {
    const user = await makeUser(database.db);
    const credentials = { email: user.email, password: TEST_PASSWORD };
    // Reading the user waits for the table and fails; the attempt's counters are free.
    await blocker.query('begin; lock table users in access exclusive mode');
    try {
      for (let i = 0; i <= MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i += 1) {
        await expect(userWithPassword(impatient.db, credentials, address)).rejects.toMatchObject({
          cause: { message: expect.stringMatching(/lock timeout/) as unknown },
        });
      }
    } finally {
      await blocker.query('rollback');
    }
    expect(await counts()).toEqual(['email 0', 'ip 0', 'pair 0']);
    // More failures than the limit allows, and the right password still signs in.
    const signedIn = await userWithPassword(impatient.db, credentials, address);
    expect(signedIn?.id).toBe(user.id);
  });

  it('still counts a wrong password', async () => {
    const user = await makeUser(database.db);
    const wrong = { email: user.email, password: 'not the password' };
    expect(await userWithPassword(impatient.db, wrong, address)).toBeNull();
    const rows = rowsOf<{ count: number }>(
      await database.db.execute(
        sql`select count from login_failures where key = ${`pair:${address}|${user.email}`}`,
      ),
    );
    expect(rows).toEqual([{ count: 1 }]);
  });
});
