import { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';
import type { ErrorFields, Reply, Request, WorkerStart } from './pglite-protocol.js';
import { SESSION_DEFAULTS } from './session-settings.js';

/** The worker's file: its source where the server runs from source (tests, `npm run dev`). */
const workerFile = new URL(
  `./pglite-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);

/** Requests without their number, which the thread gives them. */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/** What a transaction's callback is given: statements that run inside it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
}

/** An error the embedded database raised, with its fields (`code`, `detail`…), as pg gives them. */
function toError({ message, name, fields }: ErrorFields): Error {
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

/**
 * Applies the caller's parsers to the values the thread left as text: parsers are functions,
 * which cannot cross to it (the ORM passes some for dates and intervals).
 */
function parsed<T>(results: Results<T>, parsers: ParserOptions, rowMode?: string): Results<T> {
  const columns = results.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ key: rowMode === 'array' ? index : field.name, parse }] : [];
  });
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key];
      if (typeof value === 'string') row[key] = parse(value);
    }
  }
  return results;
}

/**
 * The embedded database (PGlite) in a worker thread of its own (decision 039): a statement,
 * however long, holds that thread and never this one, so the server goes on reading requests,
 * firing timers and writing to streams meanwhile. It offers what the ORM, the job queue and
 * listening use of a PGlite: statements, transactions, notifications, a dump. Statements are
 * taken in the order they are asked for; a transaction holds the database until it ends, as in
 * PGlite itself.
 */
export class PgliteThread {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #listening = new Map<string, Promise<unknown>>();
  #nextId = 1;
  #nextTransaction = 1;
  #stopped: Error | undefined;

  constructor(start: WorkerStart) {
    const workerData: WorkerStart = { ...start, settings: SESSION_DEFAULTS };
    this.#worker = new Worker(workerFile, { workerData });
    let opened: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.waitReady = new Promise((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    this.#worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        if (reply.ready) opened();
        else failed(toError(reply.error));
      } else if ('channel' in reply) {
        for (const listener of this.#listeners.get(reply.channel) ?? []) listener(reply.payload);
      } else {
        const pending = this.#pending.get(reply.id);
        this.#pending.delete(reply.id);
        if ('error' in reply) pending?.reject(toError(reply.error));
        else pending?.resolve(reply.result);
      }
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      failed(error);
      for (const { reject } of this.#pending.values()) reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', (error: Error) => {
      stop(new Error(`The embedded database failed: ${error.message}`, { cause: error }));
    });
    this.#worker.on('exit', (code: number) => {
      stop(new Error(`The embedded database has stopped (its thread ended with code ${code}).`));
    });
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  async query<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<Results<T>> {
    const { rowMode, parsers } = options;
    const results = await this.#call<Results<T>>({
      op: 'query',
      text,
      params,
      ...(tx !== undefined && { tx }),
      ...(rowMode && { rowMode }),
      ...(parsers && { rawTypes: Object.keys(parsers).map(Number) }),
    });
    return parsers ? parsed(results, parsers, rowMode) : results;
  }

  exec(text: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', text, ...(tx !== undefined && { tx }) });
  }

  /** Runs `callback` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextTransaction++;
    await this.#call({ op: 'begin', tx });
    let result: T;
    try {
      result = await callback({
        query: (text, params, options) => this.query(text, params, options, tx),
        exec: (text, options) => this.exec(text, options, tx),
      });
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Hears what is announced on `channel` once committed; returns how to stop. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners.add(callback));
    // Listeners added together wait for the one LISTEN.
    if (!this.#listening.has(channel))
      this.#listening.set(channel, this.#call({ op: 'listen', channel }));
    await this.#listening.get(channel);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      this.#listening.delete(channel);
      await this.#call({ op: 'unlisten', channel });
    };
  }

  /** The whole database as a tarball, which `loadDataDir` starts another from. */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }
}
