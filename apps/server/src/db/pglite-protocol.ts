/**
 * What the server's thread and the embedded database's thread say to each other
 * (`pglite-thread.ts`, `pglite-worker.ts`). Types only: the worker imports nothing at run time
 * from the server's own files, so that it starts from its source as well as from the build.
 */

/** Where the embedded database's files are: a data directory, or memory (from a dump, if given). */
export interface WorkerStart {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Settings the session starts with, by name (`session-settings.ts`). */
  settings?: Readonly<Record<string, string>>;
}

/** A statement, outside any transaction or inside the one with this number. */
interface Statement {
  text: string;
  tx?: number;
  rowMode?: 'array' | 'object';
  /** Types whose values come back as PostgreSQL's text, for the caller to parse. */
  rawTypes?: number[];
}

export type Request = { id: number } & (
  | ({ op: 'query'; params: unknown[] } & Statement)
  | ({ op: 'exec' } & Statement)
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

/** A database error's message with its fields (SQLSTATE `code`, `detail`, `constraint`…). */
export interface ErrorFields {
  message: string;
  name: string;
  fields: Record<string, string | number>;
}

export type Reply =
  | { id: number; result: unknown }
  | { id: number; error: ErrorFields }
  /** The database is open (id 0), or could not be opened. */
  | { ready: true }
  | { ready: false; error: ErrorFields }
  /** A notification on a channel listened to. */
  | { channel: string; payload: string };
