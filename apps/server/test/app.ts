import { buildApp, type App, type AppOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseOptions, Db } from '../src/db/client.js';
import { createTestDatabase } from './database.js';

export const testConfig: Config = {
  env: 'test',
  host: '127.0.0.1',
  port: 0,
  dataDir: '/nonexistent',
  databaseUrl: undefined,
  databasePoolSize: undefined,
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  logLevel: 'silent',
  trustProxy: false,
  adminEmail: 'admin@ideaforge.local',
  webDistDir: '/nonexistent',
  shutdownDrainMs: 0,
  providers: loadConfig({}).providers,
  providerProblems: [],
  generation: {
    ...loadConfig({}).generation,
    // Suites that generate turn workers on and shorten the waits they need.
    workers: false,
  },
  duplicates: loadConfig({}).duplicates,
  // Suites that count a model's calls see only their own: those that judge repeats turn it on.
  repeatsJudge: null,
  live: loadConfig({}).live,
  modelPrices: loadConfig({}).modelPrices,
  publicUrl: undefined,
  webhooks: {
    ...loadConfig({}).webhooks,
    // Test receivers listen on 127.0.0.1; the refusals are tested with this off.
    allowPrivateUrls: true,
    retryDelaySeconds: 0,
  },
};

export interface TestApp {
  app: App;
  db: Db;
  close(): Promise<void>;
}

/** The real app, built by buildApp on a throw-away database; drive it with app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  databaseOptions: DatabaseOptions = {},
  { logger = false }: Pick<AppOptions, 'logger'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(databaseOptions);
  const app = await buildApp({ ...testConfig, ...overrides }, { database, logger });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
