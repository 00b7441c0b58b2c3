import { CommandError, parseOptions, UsageError, type Options } from './commands/command-line.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { BackupError } from './db/backup-format.js';
import { DataDirError } from './db/data-dir.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { HttpError, ValidationError } from './lib/errors.js';

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

type Command = (config: Config, options: Options) => Promise<void>;

// Each command loads only its own modules, when it runs: a user command has no use for the app,
// its providers and its queue, which took most of its time to load.
const COMMANDS = new Map<string, () => Promise<Command>>([
  ['serve', async () => (await import('./commands/serve.js')).serve],
  ['worker', async () => (await import('./commands/worker.js')).worker],
  ['migrate', async () => (await import('./commands/migrate.js')).migrate],
  ['user:create', async () => (await import('./commands/user-create.js')).userCreate],
  ['user:list', async () => (await import('./commands/user-list.js')).userList],
  [
    'user:set-password',
    async () => (await import('./commands/user-set-password.js')).userSetPassword,
  ],
  ['user:deactivate', async () => (await import('./commands/user-deactivate.js')).userDeactivate],
  ['db:backup', async () => (await import('./commands/db-backup.js')).dbBackup],
  ['db:restore', async () => (await import('./commands/db-restore.js')).dbRestore],
]);

async function runCommand(command: string, args: string[], config: Config) {
  if (command === 'seed') return (await import('./commands/seed.js')).seed(config, args);
  const options = parseOptions(args);
  const load = COMMANDS.get(command);
  if (!load) throw new UsageError(`Unknown command '${command}'.`);
  const run = await load();
  return run(config, options);
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
