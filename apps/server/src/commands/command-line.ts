import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { databaseTarget } from '../db/target.js';

/** A failure explained in its message, shown as it is. */
export class CommandError extends Error {}
/** A command-line mistake: the message, then the usage. */
export class UsageError extends CommandError {}

/** The options every command but `seed` is given; a command reads those it needs. */
export function parseOptions(args: string[]) {
  return parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      admin: { type: 'boolean', default: false },
      file: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}

export type Options = ReturnType<typeof parseOptions>;

export function required(values: Options, name: keyof Options): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** Providers left out of the configuration, said once at start (they are not fatal). */
export function reportProviderProblems(config: Config) {
  for (const problem of config.providerProblems) console.warn(`Warning: ${problem}`);
}

export async function withDatabase(config: Config, run: (database: Database) => Promise<void>) {
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    await run(database);
  } finally {
    await database.close();
  }
}

/**
 * For the user commands: on an embedded database the running server holds the lock, and its
 * Team page does what they do. On PostgreSQL there is no lock and they run beside servers.
 */
export async function withUserDatabase(config: Config, run: (database: Database) => Promise<void>) {
  try {
    await withDatabase(config, run);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CommandError(
      `The server is running on the data directory ${config.dataDir}: manage users from ` +
        'its Team page (signed in as staff), or stop the server and run this command again.',
    );
  }
}

export const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

/**
 * A file named on the command line, from the directory the command was typed in: npm runs its
 * scripts in the project's root, and says where it was started in INIT_CWD.
 */
export const fromHere = (file: string) => path.resolve(process.env.INIT_CWD ?? '', file);
