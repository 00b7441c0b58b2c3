import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/chromium';

// `npm run e2e` picks a free port and finds Chromium; these defaults serve a direct run.
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey takes 3–25 s on a quiet machine, and up to three times as long beside other work
  // (load 6–12 on 2 cores, as on a laptop building something else): each timeout leaves that room.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
});
