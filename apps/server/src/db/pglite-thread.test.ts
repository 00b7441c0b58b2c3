import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors.js';
import { PgliteThread } from './pglite-thread.js';

let db: PgliteThread;
beforeAll(async () => {
  db = new PgliteThread({});
  await db.waitReady;
  await db.exec('create table t (id int primary key, note text)');
});
afterAll(() => db.close());

describe('the embedded database in its own thread', () => {
  it('leaves the event loop free while a long statement runs', async () => {
    // In the server's thread, a timer could not fire until the statement ended (decision 037).
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    await db.query('select count(*) from generate_series(1, 3000000)');
    const took = performance.now() - started;
    clearInterval(timer);
    const gaps = ticks.slice(1).map((tick, i) => tick - (ticks[i] ?? tick));
    expect(took).toBeGreaterThan(100);
    expect(ticks.length).toBeGreaterThan(10);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });

  it('raises PostgreSQL errors with their fields', async () => {
    await db.query('insert into t values (1, $1)', ['one']);
    const error: unknown = await db
      .query('insert into t values (1, $1)', ['again'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey' });
  });

  it('runs a transaction alone, and rolls it back when its callback throws', async () => {
    let counted: Promise<{ rows: { n: number }[] }> | undefined;
    let meanwhile: unknown = 'not yet';
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (2, $1)', ['two']);
      // A statement asked for meanwhile waits for the transaction to end.
      counted = db.query<{ n: number }>('select count(*)::int as n from t');
      void counted.then(() => (meanwhile = 'answered'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into t values (3, $1)', ['three']);
      expect(meanwhile).toBe('not yet');
    });
    expect((await counted)?.rows[0]?.n).toBe(3);

    const failed = db.transaction(async (tx) => {
      await tx.query('insert into t values (4, $1)', ['four']);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ id: number }>('select id from t order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('passes on what is announced once committed, until told to stop', async () => {
    const heard: string[] = [];
    const stop = await db.listen('news', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('news', 'first')`);
      expect(heard).toEqual([]);
    });
    await db.query(`select pg_notify('news', 'second')`);
    await stop();
    await db.query(`select pg_notify('news', 'third')`);
    expect(heard).toEqual(['first', 'second']);
  });

  it('gives the caller text to parse where it asks to parse a type itself', async () => {
    const { rows } = await db.query<{ at: unknown; n: unknown }>(
      `select timestamptz '2026-01-02 03:04:05+00' as at, 7 as n`,
      [],
      { parsers: { 1184: (text) => `parsed ${text}` } },
    );
    expect(rows[0]).toEqual({ at: 'parsed 2026-01-02 03:04:05+00', n: 7 });
  });

  it('refuses statements once closed, saying the database has stopped', async () => {
    const other = new PgliteThread({});
    await other.waitReady;
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow('The embedded database has stopped');
  });
});
