import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ErrorFields, Reply, Request, WorkerStart } from './pglite-protocol.js';

/*
 * The embedded database's own thread: PGlite runs each statement synchronously, so here a long
 * one holds only this thread, never the server's (decision 039). It answers the server's
 * requests in the order they come, as PGlite takes them, and passes notifications on.
 */

/** The extensions the migrations create. */
const extensions = { pg_trgm, btree_gin, btree_gist };

const port = parentPort;
if (!port) throw new Error('the embedded database runs in a worker thread');
const send = (reply: Reply, transfer: Transferable[] = []) => {
  port.postMessage(reply, transfer);
};

function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

/** Keeps the values of the given types as PostgreSQL wrote them. */
const keepText = (types: number[] | undefined) =>
  types && Object.fromEntries(types.map((type) => [type, (value: string) => value]));

/** A transaction under way: its statements go to `tx` until `finish` commits or rolls back. */
interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<unknown>;
}

class RolledBack extends Error {}

const { dataDir, loadDataDir, settings = {} } = workerData as WorkerStart;
const db = new PGlite({
  ...(dataDir && { dataDir }),
  extensions,
  ...(loadDataDir && { loadDataDir }),
});
const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<string, () => Promise<void>>();

function begin(id: number): Promise<void> {
  return new Promise((started, failed) => {
    const done = db.transaction(
      (tx) =>
        new Promise((commit, rollBack) => {
          const finish = (ok: boolean) => {
            if (ok) commit(undefined);
            else rollBack(new RolledBack());
          };
          transactions.set(id, { tx, finish, done });
          started();
        }),
    );
    // A transaction that could not begin (or ended before it was told to) says so.
    done.catch(failed);
  });
}

async function end(id: number, commit: boolean) {
  const open = transactions.get(id);
  if (!open) throw new Error(`no transaction ${id} is open`);
  transactions.delete(id);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

function target(tx: number | undefined) {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no transaction ${tx} is open`);
  return open.tx;
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = keepText(request.rawTypes);
      return target(request.tx).query(request.text, request.params, {
        ...(request.rowMode && { rowMode: request.rowMode }),
        ...(parsers && { parsers }),
      });
    }
    case 'exec':
      return target(request.tx).exec(request.text);
    case 'begin':
      return begin(request.tx);
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const unlisten = await db.listen(request.channel, (payload) => {
        send({ channel: request.channel, payload });
      });
      unlisteners.set(request.channel, unlisten);
      return undefined;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.channel);
      unlisteners.delete(request.channel);
      return unlisten?.();
    }
    case 'dump':
      return (await db.dumpDataDir('none')).arrayBuffer();
    case 'close':
      return db.close();
  }
}

port.on('message', (request: Request) => {
  handle(request).then(
    (result) => {
      send({ id: request.id, result }, result instanceof ArrayBuffer ? [result] : []);
      // Closed, the thread has nothing left to wait for, and ends.
      if (request.op === 'close') port.close();
    },
    (error: unknown) => {
      send({ id: request.id, error: errorFields(error) });
    },
  );
});

/**
 * Settings of the one session PGlite has. A new WAL segment is not filled with zeroes first:
 * writing 16 MB held the commit that crossed into it for a few hundred milliseconds, and every
 * other request with it (decision 039). PostgreSQL finds the end of its WAL by the records'
 * checksums, not by zeroes, so nothing is lost.
 */
const SESSION_SETTINGS = [
  'SET wal_init_zero = off',
  // The server's own defaults (`session-settings.ts`), quoted as SQL strings.
  ...Object.entries(settings).map(
    ([name, value]) =>
      `SELECT set_config('${name.replaceAll("'", "''")}', '${value.replaceAll("'", "''")}', false)`,
  ),
].join('; ');

db.waitReady
  .then(() => db.exec(SESSION_SETTINGS))
  .then(
    () => {
      send({ ready: true });
    },
    (error: unknown) => {
      send({ ready: false, error: errorFields(error) });
    },
  );
