import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { QueueTimings } from '../modules/generation/job-queue.js';
import {
  firstTableWithRows,
  latestMigration,
  publicTables,
  tableShapes,
  type Queryable,
  type TableShape,
} from './backup-catalog.js';
import {
  BackupError,
  BackupReader,
  batchLine,
  FORMAT,
  headerLine,
  trailerLine,
  VERSION,
  type BackupBatch,
  type BackupHeader,
} from './backup-format.js';
import type { Database } from './client.js';
import { rowsOf } from './rows.js';
import { openRestoreQueue, requeueGenerations } from './restore-jobs.js';

/** Rows per batch line and per fetch from the cursor: memory stays bounded. */
const BATCH_ROWS = 500;

export interface BackupSummary {
  tables: number;
  rows: number;
}

/**
 * Writes every table of schema public to `output` (a stream, or a file that must not exist yet),
 * as one consistent snapshot: one read-only, repeatable-read transaction reads them all through
 * a cursor. A file is written under a temporary name beside it and appears only when complete.
 */
export async function backupDatabase(
  database: Database,
  output: Writable | string,
): Promise<BackupSummary> {
  if (typeof output !== 'string') return writeBackup(database, () => output);
  const file = path.resolve(output);
  const exists = () =>
    new BackupError(`${file} already exists; choose another file name, or move that file away.`);
  if (existsSync(file)) throw exists();
  const suffix = randomBytes(4).toString('hex');
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${suffix}.partial`);
  try {
    const summary = await writeBackup(database, () => createWriteStream(partial, { flags: 'wx' }));
    // A link, not a rename: it fails instead of replacing a file that appeared meanwhile.
    linkSync(partial, file);
    return summary;
  } catch (error) {
    if (fileError(error, 'EEXIST')) throw exists();
    if (fileError(error)) {
      throw new BackupError(`${file} cannot be written (${error.code}); nothing was backed up.`);
    }
    throw error;
  } finally {
    rmSync(partial, { force: true });
  }
}

const fileError = (
  error: unknown,
  code?: string,
): error is NodeJS.ErrnoException & { code: string } =>
  error instanceof Error &&
  'path' in error &&
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  (code === undefined || (error as NodeJS.ErrnoException).code === code);

/** `output` is called once the rows are about to flow, so that its errors are heard. */
function writeBackup(database: Database, output: () => Writable): Promise<BackupSummary> {
  return database.db.transaction(
    async (tx) => {
      // Timestamps in UTC: the same database gives the same file wherever it is read.
      await tx.execute(sql`set local time zone 'UTC'`);
      const tables = await publicTables(tx);
      const migration = await latestMigration(tx);
      if (migration === null) throw new Error('The database has no migrations applied.');
      const counts: Record<string, number> = {};
      const created = new Date().toISOString();
      await pipeline(
        backupLines(tx, { format: FORMAT, version: VERSION, migration, created, tables }, counts),
        createGzip(),
        output(),
      );
      return { tables: tables.length, rows: Object.values(counts).reduce((a, b) => a + b, 0) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function* backupLines(
  tx: Queryable,
  header: BackupHeader,
  counts: Record<string, number>,
): AsyncGenerator<string> {
  yield headerLine(header);
  for (const table of header.tables) {
    counts[table] = 0;
    await tx.execute(
      sql`declare backup_rows no scroll cursor for
        select to_jsonb(t)::text as row from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = rowsOf<{ row: string }>(
        await tx.execute(sql.raw(`fetch ${BATCH_ROWS} from backup_rows`)),
      );
      if (rows.length === 0) break;
      counts[table] += rows.length;
      yield batchLine(
        table,
        rows.map((r) => r.row),
      );
    }
    await tx.execute(sql`close backup_rows`);
  }
  yield trailerLine(counts);
}

export interface RestoreOptions {
  /** Deletes everything the database holds first; without it, a database with rows is refused. */
  replace: boolean;
  /** The job queue's settings, for the jobs of the generations still under way. */
  queue: QueueTimings;
}

/**
 * Restores a backup (a stream, or a file) into `database`, migrated first, in one transaction:
 * on any failure, a damaged file included, nothing is restored. The backup must come from the
 * same schema version. Slots still queued or running get their jobs again.
 */
export async function restoreDatabase(
  database: Database,
  input: Readable | string,
  options: RestoreOptions,
): Promise<BackupSummary> {
  const label = typeof input === 'string' ? path.resolve(input) : 'The backup';
  const reader = new BackupReader(typeof input === 'string' ? openFile(label) : input, label);
  try {
    const header = await reader.header();
    await database.migrate();
    const migration = await latestMigration(database.db);
    const tables = await publicTables(database.db);
    const shapes = await tableShapes(database.db);
    if (migration !== header.migration || header.tables.some((table) => !shapes.has(table))) {
      throw otherVersion(label, header.migration, migration);
    }
    if (!options.replace) {
      const table = await firstTableWithRows(database.db, tables);
      if (table !== null) {
        throw new BackupError(
          `The database already holds data (table ${table}): restore into an empty database, ` +
            'or add --replace to delete everything in it first.',
        );
      }
    }
    const queue = await openRestoreQueue(database, options.queue);
    let rows = 0;
    try {
      await database.db.transaction(async (tx) => {
        const all = sql.join(
          tables.map((table) => sql.identifier(table)),
          sql`, `,
        );
        if (options.replace) await tx.execute(sql`truncate ${all} restart identity cascade`);
        // Triggers derive columns from other rows (an idea's review counts, a brainstorm's idea
        // count): the backup holds their results, which they would count a second time.
        for (const table of tables) {
          await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
        }
        for await (const batch of reader.batches()) {
          await insertBatch(tx, batch, shapes, label);
          rows += batch.rows;
        }
        for (const table of tables) {
          await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
        }
        await setSequences(tx, shapes);
        await requeueGenerations(tx, queue);
      });
    } finally {
      await queue.boss.stop({ close: false, graceful: false });
    }
    return { tables: header.tables.length, rows };
  } finally {
    reader.close();
  }
}

/** A backup restores only into the schema version it was made from. */
function otherVersion(label: string, backup: number, target: number | null) {
  if (target !== null && backup > target) {
    return new BackupError(
      `${label} was made by a later version of Ideaforge: restore it with that version.`,
    );
  }
  return new BackupError(
    `${label} was made by a different version of Ideaforge: restore it with that version, ` +
      'then start this version to upgrade.',
  );
}

function openFile(file: string): Readable {
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new BackupError(`There is no file ${file}.`);
  }
  return createReadStream(file);
}

async function insertBatch(
  tx: Queryable,
  batch: BackupBatch,
  shapes: Map<string, TableShape>,
  label: string,
) {
  const shape = shapes.get(batch.table);
  if (!shape) throw new Error(`No table ${batch.table}.`);
  const columns = sql.join(
    shape.columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const table = sql.identifier(batch.table);
  try {
    // The line goes to the database as text, parsed there: no value passes through JavaScript.
    await tx.execute(sql`insert into ${table} (${columns}) overriding system value
      select ${columns} from jsonb_populate_recordset(null::${table}, ${batch.line}::text::jsonb -> 'rows')`);
  } catch (error) {
    // The database's own words, without the query and its long parameter.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new BackupError(
      `The rows of table ${batch.table} in ${label} could not be restored (${why}); ` +
        'nothing was restored.',
    );
  }
}

/** Each identity or serial column's next value comes after the largest restored one. */
async function setSequences(tx: Queryable, shapes: Map<string, TableShape>) {
  for (const [table, { sequences }] of shapes) {
    for (const { column, sequence } of sequences) {
      await tx.execute(
        sql`select setval(${sequence}::regclass, coalesce((select max(${sql.identifier(column)})
          from ${sql.identifier(table)}), 0) + 1, false)`,
      );
    }
  }
}
