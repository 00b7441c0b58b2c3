import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { poolClient } from '../db/pool-client.js';
import { isDatabaseUnavailable } from './db-errors.js';

/** One message of PostgreSQL's protocol: its type, its length, its body. */
function message(type: string, body = '') {
  const head = Buffer.alloc(5);
  head.write(type);
  head.writeInt32BE(4 + Buffer.byteLength(body), 1);
  return Buffer.concat([head, Buffer.from(body)]);
}
/** Signed in, ready for a statement. */
const READY = Buffer.concat([message('R', '\0\0\0\0'), message('Z', 'I')]);
/** `begin` prepared, run, and a transaction open. */
const BEGUN = Buffer.concat([
  ...['1', '2', 'n'].map((type) => message(type)),
  message('C', 'BEGIN\0'),
  message('Z', 'T'),
]);

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

/** A local server that plays PostgreSQL as far as `serve` goes; its URL. */
async function fakePostgres(serve: (socket: Socket) => void): Promise<string> {
  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  });
  return `postgres://user@127.0.0.1:${String(port)}/db`;
}

/** Lets a client sign in and open a transaction, then resets its connection mid-statement. */
function resetOnStatement(socket: Socket) {
  socket.once('data', () => {
    socket.write(READY);
    socket.on('data', (data) => {
      if (data.includes('begin')) socket.write(BEGUN);
      else socket.resetAndDestroy();
    });
  });
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected the database to fail'),
    (error: unknown) => error,
  );

describe('isDatabaseUnavailable', () => {
  it("takes a socket error of the pool's connections for an unavailable database", async () => {
    const refusing = await fakePostgres(() => undefined);
    // Nothing listens on its port any more.
    await opened.pop()?.close();
    const servers = {
      'refused connection': refusing,
      'connection reset at once': await fakePostgres((socket) => socket.resetAndDestroy()),
      'connection reset mid-statement': await fakePostgres(resetOnStatement),
    };
    const uses: Record<string, (database: Database) => Promise<unknown>> = {
      'a statement of the ORM': ({ db }) => db.execute(sql`select 1`),
      'a transaction': ({ db }) => db.transaction((tx) => tx.execute(sql`select 1`)),
      'a plain statement': ({ executeSql }) => executeSql('select 1'),
    };
    for (const [server, url] of Object.entries(servers)) {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
      opened.push(database);
      for (const [use, run] of Object.entries(uses)) {
        expect(isDatabaseUnavailable(await failure(run(database))), `${server}, ${use}`).toBe(true);
      }
    }
    const connection = new (poolClient())({ connectionString: refusing });
    const refused = await failure(connection.connect());
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('leaves the same socket errors from anywhere else alone', () => {
    for (const code of ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH']) {
      // What Node hands Fastify when a client hangs up in the middle of its request body.
      const aborted = Object.assign(new Error('aborted'), { code, statusCode: 400 });
      expect(isDatabaseUnavailable(aborted), code).toBe(false);
      expect(isDatabaseUnavailable(new Error('wrapped', { cause: aborted })), code).toBe(false);
    }
  });

  it("still recognises PostgreSQL's own word that it is going away", () => {
    const shutdown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
  });
});
