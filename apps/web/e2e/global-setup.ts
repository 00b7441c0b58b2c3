import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { alice, bob } from './users';

const serverMain = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/**
 * Starts the built server on a throw-away data directory with two users, and returns the
 * teardown that stops it and removes the directory.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not set');
  const port = new URL(baseURL).port;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-e2e-'));
  const env = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'production' };

  for (const user of [alice, bob]) {
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
      ],
      { env, encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
  }

  const server = spawn(process.execPath, [serverMain, 'serve'], {
    env: {
      ...env,
      HOST: '127.0.0.1',
      PORT: port,
      // A second provider that always fails, at once: nothing listens on port 9. It comes first
      // in the list, before the offline one.
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_COMPATIBLE_NAME: 'Unreachable test provider',
      OPENAI_COMPATIBLE_MODELS: 'broken-model',
      GENERATION_ATTEMPTS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await waitForHealth(`${baseURL}/api/health/`, exited);

  return async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
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
