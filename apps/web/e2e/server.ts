import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestUser } from './users';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** The built server's environment on a throw-away data directory, as `npm start` runs it. */
export const serverEnv = (dataDir: string) => ({
  PATH: process.env.PATH,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
});

/** Creates each user with the command line, before the server locks the data directory. */
export function createUsers(dataDir: string, users: TestUser[]) {
  for (const user of users) {
    const result = spawnSync(
      process.execPath,
      [
        serverMain,
        'user:create',
        '--email',
        user.email,
        '--password',
        user.password,
        '--first-name',
        user.firstName,
        '--last-name',
        user.lastName,
        ...(user.staff ? ['--admin'] : []),
      ],
      { env: serverEnv(dataDir), encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
  }
}

/**
 * Starts the built server on 127.0.0.1 at `port`, waits until it answers its health check,
 * and returns the function that stops it.
 */
export async function startServer(dataDir: string, port: string, env: Record<string, string>) {
  const server = spawn(process.execPath, [serverMain, 'serve'], {
    env: { ...serverEnv(dataDir), HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health/`, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

async function waitForHealth(url: string, exited: Promise<unknown>) {
  let stopped = false as boolean;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !stopped) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(stopped ? 'the server exited during start-up' : `no answer from ${url}`);
}
