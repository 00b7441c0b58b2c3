import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another Ideaforge process. ` +
        'Stop that process first, or point DATA_DIR at another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it.
 * The lock is refreshed while the process lives and counts as stale 20 s after it dies.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'ideaforge.lock'),
      stale: 20_000,
      update: 5_000,
      retries: 0,
      onCompromised: (error) => {
        console.error(`Lost the lock on ${dataDir}: ${error.message}`);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
