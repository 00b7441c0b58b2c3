import type { Config } from '../config.js';
import { backupDatabase } from '../db/backup.js';
import { fromHere, secondsSince, withDatabase, type Options } from './command-line.js';

/** `ideaforge-backup-20250131-142500.jsonl.gz`, in local time. */
function backupFileName(now: Date) {
  const two = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `ideaforge-backup-${date}-${time}.jsonl.gz`;
}

export async function dbBackup(config: Config, options: Options) {
  const file = fromHere(options.file ?? backupFileName(new Date()));
  await withDatabase(config, async (database) => {
    const started = performance.now();
    const { rows, tables } = await backupDatabase(database, file);
    console.log(
      `Backed up ${rows} rows of ${tables} tables to ${file} in ${secondsSince(started)} s.`,
    );
  });
}
