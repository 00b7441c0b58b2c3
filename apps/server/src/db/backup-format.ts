import { pipeline, type Readable, type Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import split2 from 'split2';

/**
 * A backup is gzip'd JSON lines: a header, then the rows of each table in batches (each row as
 * `to_jsonb` writes it), then a trailer with the row count of every table. A file without its
 * trailer, or whose counts differ from its rows, is incomplete.
 */
export const FORMAT = 'ideaforge-backup';
export const VERSION = 1;

export interface BackupHeader {
  format: typeof FORMAT;
  version: typeof VERSION;
  /** The schema version: the latest migration of the database it was made from. */
  migration: number;
  created: string;
  /** In the order of the batches: foreign-key parents first. */
  tables: string[];
}

/** A batch as read: its table, its row count, and its line, which the database parses itself. */
export interface BackupBatch {
  table: string;
  rows: number;
  line: string;
}

/** A refusal explained in one sentence: the file, the database or the destination. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export const headerLine = (header: BackupHeader) => `${JSON.stringify(header)}\n`;

/** A batch line around rows already written as JSON text, which are kept exactly as they are. */
export const batchLine = (table: string, rows: string[]) =>
  `{"table":${JSON.stringify(table)},"rows":[${rows.join(',')}]}\n`;

export const trailerLine = (counts: Record<string, number>) =>
  `${JSON.stringify({ end: true, tables: counts })}\n`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** Reads a backup written by `backupDatabase`, checking it as it goes. */
export class BackupReader {
  readonly #input: Readable;
  readonly #text: Transform;
  readonly #lines: AsyncIterator<string>;
  readonly #label: string;
  #header: BackupHeader | undefined;

  /** `label` names the file in messages. */
  constructor(input: Readable, label: string) {
    this.#input = input;
    this.#label = label;
    // Lines end at a line feed only: readline (from Node 24 on) also ends them at U+2028 and
    // U+2029, which JSON leaves unescaped inside strings. An error of any stage reaches the lines.
    this.#text = split2();
    pipeline(input, createGunzip(), this.#text, () => undefined);
    this.#lines = this.#text[Symbol.asyncIterator]() as AsyncIterator<string>;
  }

  async header(): Promise<BackupHeader> {
    const notABackup = new BackupError(`${this.#label} is not an Ideaforge backup.`);
    const first = await this.#next().catch((error: unknown) => {
      throw zlibError(error) ? notABackup : error;
    });
    const value = first === undefined ? undefined : parse(first);
    if (!isRecord(value) || value.format !== FORMAT) throw notABackup;
    if (value.version !== VERSION) {
      throw new BackupError(
        `${this.#label} is a backup of format version ${String(value.version)}, which this ` +
          'version of Ideaforge cannot read.',
      );
    }
    const { migration, created, tables } = value;
    if (
      typeof migration !== 'number' ||
      typeof created !== 'string' ||
      !Array.isArray(tables) ||
      !tables.every((table) => typeof table === 'string')
    ) {
      throw notABackup;
    }
    this.#header = { format: FORMAT, version: VERSION, migration, created, tables };
    return this.#header;
  }

  /** The batches after the header; ends only after a trailer whose counts match the rows read. */
  async *batches(): AsyncGenerator<BackupBatch> {
    const header = this.#header ?? (await this.header());
    const counts = new Map(header.tables.map((table) => [table, 0]));
    for (;;) {
      const line = await this.#nextInBody();
      if (line === undefined) throw this.#damaged('it ends before its last line');
      const value = parse(line);
      if (!isRecord(value)) throw this.#damaged('a line is not JSON');
      if (value.end === true) {
        this.#checkTrailer(value.tables, counts);
        // Read to the end: the compressed data's own checksum comes last.
        if ((await this.#nextInBody()) !== undefined) {
          throw this.#damaged('it goes on after its last line');
        }
        return;
      }
      const { table, rows } = value;
      const count = typeof table === 'string' ? counts.get(table) : undefined;
      if (count === undefined || !Array.isArray(rows)) {
        throw this.#damaged('a line holds no rows of a table it lists');
      }
      counts.set(table as string, count + rows.length);
      yield { table: table as string, rows: rows.length, line };
    }
  }

  /** Stops reading (the file is closed). */
  close() {
    this.#text.destroy();
    this.#input.destroy();
  }

  #nextInBody(): Promise<string | undefined> {
    return this.#next().catch((error: unknown) => {
      throw zlibError(error) ? this.#damaged('its compressed data is cut short or corrupt') : error;
    });
  }

  async #next(): Promise<string | undefined> {
    const next = await this.#lines.next();
    return next.done ? undefined : next.value;
  }

  #checkTrailer(tables: unknown, counts: Map<string, number>) {
    const matches =
      isRecord(tables) &&
      Object.keys(tables).length === counts.size &&
      [...counts].every(([table, count]) => tables[table] === count);
    if (!matches) throw this.#damaged('its row counts differ from its rows');
  }

  #damaged(why: string) {
    return new BackupError(
      `${this.#label} is damaged or incomplete (${why}); nothing was restored.`,
    );
  }
}

const zlibError = (error: unknown) =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('Z_');
