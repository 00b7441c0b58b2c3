import { CommandError, parseOptions, UsageError, type Options } from './commands/command-line.js';
import { dbBackup } from './commands/db-backup.js';
import { dbRestore } from './commands/db-restore.js';
import { migrate } from './commands/migrate.js';
import { serve } from './commands/serve.js';
import { seed } from './commands/seed.js';
import { userCreate } from './commands/user-create.js';
import { userDeactivate } from './commands/user-deactivate.js';
import { userList } from './commands/user-list.js';
import { userSetPassword } from './commands/user-set-password.js';
import { worker } from './commands/worker.js';
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

const COMMANDS = new Map<string, (config: Config, options: Options) => Promise<void>>([
  ['serve', serve],
  ['worker', worker],
  ['migrate', migrate],
  ['user:create', userCreate],
  ['user:list', userList],
  ['user:set-password', userSetPassword],
  ['user:deactivate', userDeactivate],
  ['db:backup', dbBackup],
  ['db:restore', dbRestore],
]);

async function runCommand(command: string, args: string[], config: Config) {
  if (command === 'seed') return seed(config, args);
  const options = parseOptions(args);
  const run = COMMANDS.get(command);
  if (!run) throw new UsageError(`Unknown command '${command}'.`);
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
