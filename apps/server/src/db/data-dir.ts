import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The least free space on the data directory's disk to start with: PGlite's files need room. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** A data directory the server cannot use, said in a sentence rather than a stack trace. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

const megabytes = (bytes: number) => `${String(Math.floor(bytes / (1024 * 1024)))} MB`;

/**
 * Creates the data directory and checks, before the database opens, that this process can write
 * in it and that its disk has room, so that an unwritable `DATA_DIR` or a full disk stops the
 * start with a clear message instead of failing later, half-way through a write.
 */
export function prepareDataDir(dataDir: string, minFreeBytes = MIN_FREE_BYTES): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-check-${String(process.pid)}`);
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new DataDirError(
      `The data directory ${dataDir} cannot be created or written (${code}). ` +
        'Set DATA_DIR to a directory this user can write.',
    );
  }
  const { bavail, bsize } = statfsSync(dataDir);
  const free = bavail * bsize;
  if (free < minFreeBytes) {
    throw new DataDirError(
      `The disk of the data directory ${dataDir} has ${megabytes(free)} free; Ideaforge needs ` +
        `at least ${megabytes(minFreeBytes)} to start. Free some space, or set DATA_DIR to ` +
        'a directory on another disk.',
    );
  }
}
