// Runs the browser journeys: Debian's Chromium against the built app on a free port.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const chromium = candidates.find((candidate) => candidate && existsSync(candidate));
if (!chromium) {
  console.error(
    'Chromium not found: install it with `sudo apt-get install chromium` (or set CHROMIUM_PATH), then run the tests again.',
  );
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});

buildIfNeeded(['server', 'web']);
const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(port) },
  },
);
process.exit(result.status ?? 1);
