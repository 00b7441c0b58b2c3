import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
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

const LOCK_NAME = 'ideaforge.lock';
const HOLDER_NAME = 'ideaforge.lock.holder';

/**
 * PGlite has no lock of its own: two processes on one data directory corrupt it.
 * The lock is refreshed while the process lives and counts as stale 20 s after it dies. The
 * holder's host and process id are written beside it, so a restart after a crash (SIGKILL, the
 * OOM killer) takes over at once instead of waiting those 20 s.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await acquire(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    if (!holderIsGone(dataDir)) throw new DataDirLockedError(dataDir);
    rmSync(path.join(dataDir, LOCK_NAME), { recursive: true, force: true });
    try {
      return await acquire(dataDir);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new DataDirLockedError(dataDir);
      }
      throw again;
    }
  }
}

async function acquire(dataDir: string) {
  const release = await lockfile.lock(dataDir, {
    lockfilePath: path.join(dataDir, LOCK_NAME),
    stale: 20_000,
    update: 5_000,
    retries: 0,
    onCompromised: (error) => {
      console.error(`Lost the lock on ${dataDir}: ${error.message}`);
    },
  });
  writeFileSync(path.join(dataDir, HOLDER_NAME), `${hostname()} ${process.pid}\n`);
  return release;
}

/** True when the recorded holder ran on this host and no process has its id any more. */
function holderIsGone(dataDir: string): boolean {
  let host: string | undefined;
  let pid: number;
  try {
    const [recordedHost, recordedPid] = readFileSync(path.join(dataDir, HOLDER_NAME), 'utf8')
      .trim()
      .split(' ');
    host = recordedHost;
    pid = Number(recordedPid);
  } catch {
    return false;
  }
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0 || pid === process.pid) {
    return false;
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
