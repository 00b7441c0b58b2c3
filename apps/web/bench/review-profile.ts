/**
 * `npx tsx bench/review-profile.ts [dist directory]`: the main thread's work while a signed-in
 * review page with 50 ideas (as the Lighthouse audit has) loads on a phone (412 × 823, CPU slowed 4× as in Lighthouse's mobile
 * preset), from navigation to network idle: Chromium's script, layout and style time per load
 * (`PROFILE_RUNS`, default 3), and the last load's CPU profile, written to the temporary
 * directory for DevTools. Decision 038 compares builds with it: give each its own `vite build --outDir`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { createBrainstormViaApi, generateOfflineIdeas } from '../e2e/helpers';
import { createUsers, startServer } from '../e2e/server';
import type { TestUser } from '../e2e/users';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const distDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url)));

const user: TestUser = {
  email: 'profile@example.com',
  password: 'slow phones render thirty rows',
  firstName: 'Pro',
  lastName: 'File',
};

/** A millisecond figure of Chromium's performance metrics, which count seconds. */
const ms = (metrics: Map<string, number>, name: string) =>
  `${name} ${((metrics.get(name) ?? 0) * 1000).toFixed(0)} ms`;

const port = String(41_000 + Math.floor(Math.random() * 1000));
const dataDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-profile-'));
try {
  createUsers(dataDir, [user]);
  const stopServer = await startServer(dataDir, port, { WEB_DIST_DIR: distDir });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      baseURL: `http://127.0.0.1:${port}`,
      viewport: { width: 412, height: 823 },
      isMobile: true,
      hasTouch: true,
    });
    const response = await context.request.post('/api/auth/token/', {
      data: { email: user.email, password: user.password },
    });
    const token = ((await response.json()) as { access: string }).access;
    const id = await createBrainstormViaApi(context.request, token, 'How might we test faster?');
    await generateOfflineIdeas(context.request, token, id, 50);
    for (let run = 1; run <= RUNS; run++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Performance.enable');
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await page.goto(`/brainstorms/${String(id)}/review`);
      await page.waitForSelector('tbody tr td');
      await page.waitForLoadState('networkidle');
      const { profile } = await cdp.send('Profiler.stop');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const byName = new Map(metrics.map(({ name, value }) => [name, value]));
      const figures = ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration', 'TaskDuration'];
      console.log(`load ${String(run)}: ${figures.map((name) => ms(byName, name)).join(', ')}`);
      if (run === RUNS) {
        const file = path.join(tmpdir(), 'ideaforge-review.cpuprofile');
        writeFileSync(file, JSON.stringify(profile));
        console.log(`The last load's CPU profile: ${file}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await stopServer();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
