import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { createFirstAdmin } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { backupDatabase, restoreDatabase } from './db/backup.js';
import { BackupError } from './db/backup-format.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { DataDirError } from './db/data-dir.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { databaseTarget } from './db/target.js';
import { HttpError, ValidationError } from './lib/errors.js';
import { MAX_PAGE_SIZE } from './lib/pagination.js';
import { loggerOptions } from './lib/logging.js';
import { jobExpirySeconds, startGenerationEngine } from './modules/generation/generation-engine.js';
import * as users from './modules/users/users.service.js';
import { seedDatabase } from './seed/seed.js';
import { parseSeedOptions } from './seed/seed-options.js';

const USAGE = `Usage: ideaforge <command> [options]

Commands:
  serve                      Start the web app and API (the default), with generation
                             workers unless WORKERS=0
  worker                     Run generation workers only (needs DATABASE_URL)
  migrate                    Apply database migrations and exit
  user:create --email E --password P [--first-name F] [--last-name L] [--admin]
  user:list                  List every user
  user:set-password --email E --password P
  user:deactivate --email E
  seed [--brainstorms B] [--ideas N] [--users U] [--seed S]
                             Fill the database with demo data (defaults 20, 2000, 10, 1)
  db:backup [--file F]       Write the whole database to a file (by default
                             ideaforge-backup-<date>-<time>.jsonl.gz here)
  db:restore --file F [--replace]
                             Restore a backup into an empty database (--replace deletes
                             what it holds first); stop the server before`;

/** A failure explained in its message, shown as it is. */
class CommandError extends Error {}
/** A command-line mistake: the message, then the usage. */
class UsageError extends CommandError {}

/** Providers left out of the configuration, said once at start (they are not fatal). */
function reportProviderProblems(config: Config) {
  for (const problem of config.providerProblems) console.warn(`Warning: ${problem}`);
}

async function serve(config: Config) {
  reportProviderProblems(config);
  // The app logs with its own logger; the database, opened first, with one of the same kind.
  const log = pino(loggerOptions(config.logLevel));
  const database = await openDatabase(databaseTarget(config), { log });
  await database.migrate();
  const admin = await createFirstAdmin(database.db, config.adminEmail);
  if (admin) {
    // Shown before listening, so a failed start cannot lose the only copy of the password.
    console.log(
      [
        '',
        'Created the first admin account. Sign in with:',
        `  email:    ${admin.email}`,
        `  password: ${admin.password}`,
        'This password is shown only once; change it after signing in',
        '(npm run user:set-password -- --email <email> --password <new password>).',
        '',
      ].join('\n'),
    );
  }
  const app = await buildApp(config, { database });
  // The database closes after the app, whose workers hand their running jobs back first.
  const stop = () => app.close().then(() => database.close());
  // Readiness fails first, and the server goes on serving until a load balancer has noticed.
  const drainThenStop = async () => {
    app.readiness.drain();
    await delay(config.shutdownDrainMs);
    await stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void drainThenStop().then(() => process.exit(0));
    });
  }
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await stop();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CommandError(
        `Port ${config.port} on ${config.host} is already in use. Stop what uses it, or set PORT.`,
      );
    }
    throw error;
  }
  console.log(`Ideaforge is running at ${address.replace('127.0.0.1', 'localhost')}`);
}

/** Generation workers without the API: for deployments that run them on other machines. */
async function worker(config: Config) {
  if (!config.databaseUrl) {
    throw new CommandError(
      'A separate worker needs DATABASE_URL: the embedded database belongs to one process, ' +
        'whose own workers run with `npm start`.',
    );
  }
  reportProviderProblems(config);
  const log = pino(loggerOptions(config.logLevel));
  const database = await openDatabase(databaseTarget(config), { log });
  await database.migrate();
  const engine = await startGenerationEngine({
    database,
    providers: config.providers,
    generation: { ...config.generation, workers: true },
    log,
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void engine
        .stop()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  }
  console.log(`Ideaforge worker is running for ${config.providers.map((p) => p.name).join(', ')}.`);
}

async function withDatabase(config: Config, run: (database: Database) => Promise<void>) {
  const database = await openDatabase(databaseTarget(config));
  try {
    await database.migrate();
    await run(database);
  } finally {
    await database.close();
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

const secondsSince = (started: number) => ((performance.now() - started) / 1000).toFixed(1);

async function seed(args: string[], config: Config) {
  const options = parseSeedOptions(args);
  await withDatabase(config, async ({ db }) => {
    const started = performance.now();
    const r = await seedDatabase(db, options);
    const seconds = secondsSince(started);
    if (r.newUsers > 0)
      console.log(`Password of the ${r.newUsers} new seeded users: ${r.password}`);
    const n = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
    console.log(
      `Seeded ${n(r.users, 'user')} (${r.newUsers} new), ${n(r.projects, 'project')}, ` +
        `${n(r.brainstorms, 'brainstorm')}, ${n(r.ideas, 'idea')}, ` +
        `${n(r.annotations, 'annotation')}, ${n(r.reactions, 'reaction')}, ` +
        `${n(r.comments, 'comment')} in ${seconds} s.`,
    );
  });
}

/** `ideaforge-backup-20250131-142500.jsonl.gz`, in local time. */
function backupFileName(now: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `ideaforge-backup-${date}-${time}.jsonl.gz`;
}

/**
 * A file named on the command line, from the directory the command was typed in: npm runs its
 * scripts in the project's root, and says where it was started in INIT_CWD.
 */
const fromHere = (file: string) => path.resolve(process.env.INIT_CWD ?? '', file);

async function backup(config: Config, name: string) {
  const file = fromHere(name);
  await withDatabase(config, async (database) => {
    const started = performance.now();
    const { rows, tables } = await backupDatabase(database, file);
    console.log(
      `Backed up ${rows} rows of ${tables} tables to ${file} in ${secondsSince(started)} s.`,
    );
  });
}

async function restore(config: Config, name: string, replace: boolean) {
  const file = fromHere(name);
  const queue = {
    expireInSeconds: jobExpirySeconds(config.generation),
    maintenanceSeconds: config.generation.maintenanceSeconds,
    pollingSeconds: config.generation.pollingSeconds,
  };
  await withDatabase(config, async (database) => {
    const started = performance.now();
    const { rows, tables } = await restoreDatabase(database, file, { replace, queue });
    console.log(
      `Restored ${rows} rows of ${tables} tables from ${file} in ${secondsSince(started)} s.`,
    );
  });
}

/** Every user, oldest first, a page at a time. */
async function* everyUser(db: Db) {
  const ordering = [{ field: 'id' as const, descending: false }];
  for (let page = 1; ; page += 1) {
    const { count, rows } = await users.listUsers(db, { page, page_size: MAX_PAGE_SIZE, ordering });
    yield* rows;
    if (page * MAX_PAGE_SIZE >= count) return;
  }
}

async function runCommand(command: string, args: string[], config: Config) {
  if (command === 'seed') return seed(args, config);
  const { values } = parseArgs({
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
  });
  switch (command) {
    case 'serve':
      return serve(config);
    case 'worker':
      return worker(config);
    case 'migrate':
      return withDatabase(config, async () => {
        console.log('Migrations applied.');
      });
    case 'user:create':
      return withDatabase(config, async ({ db }) => {
        const user = await users.createUser(db, {
          email: required(values, 'email').trim().toLowerCase(),
          password: required(values, 'password'),
          first_name: values['first-name'] ?? '',
          last_name: values['last-name'] ?? '',
          is_staff: values.admin,
        });
        console.log(`Created ${user.isStaff ? 'admin ' : ''}user ${user.email} (id ${user.id}).`);
      });
    case 'user:list':
      return withDatabase(config, async ({ db }) => {
        for await (const u of everyUser(db)) {
          const flags = [u.is_staff ? 'admin' : '', u.is_active ? '' : 'inactive'].filter(Boolean);
          console.log(`${u.id}\t${u.email}\t${u.name}\t${flags.join(',')}`);
        }
      });
    case 'user:set-password':
      return withDatabase(config, async ({ db }) => {
        const user = await users.setPassword(
          db,
          required(values, 'email'),
          required(values, 'password'),
        );
        console.log(`Password changed for ${user.email}; their sessions were signed out.`);
      });
    case 'user:deactivate':
      return withDatabase(config, async ({ db }) => {
        const user = await users.deactivateUser(db, required(values, 'email'));
        console.log(`Deactivated ${user.email}; their sessions were signed out.`);
      });
    case 'db:backup':
      return backup(config, values.file ?? backupFileName(new Date()));
    case 'db:restore':
      return restore(config, required(values, 'file'), values.replace);
    default:
      throw new UsageError(`Unknown command '${command}'.`);
  }
}

function describe(error: unknown): string {
  if (error instanceof ValidationError) {
    return Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('\n');
  }
  if (error instanceof HttpError || error instanceof ConfigError || error instanceof CommandError) {
    return error.message;
  }
  if (
    error instanceof DataDirLockedError ||
    error instanceof DataDirError ||
    error instanceof BackupError
  ) {
    return error.message;
  }
  if (
    error instanceof TypeError &&
    'code' in error &&
    String(error.code).startsWith('ERR_PARSE_ARGS')
  ) {
    return error.message;
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

const [command = 'serve', ...args] = process.argv.slice(2);
try {
  if (command === '--help' || command === 'help') {
    console.log(USAGE);
  } else {
    await runCommand(command, args, loadConfig());
  }
} catch (error) {
  console.error(`Error: ${describe(error)}`);
  if (error instanceof UsageError) console.error(`\n${USAGE}`);
  process.exitCode = 1;
}
