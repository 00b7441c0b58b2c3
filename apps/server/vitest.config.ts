import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Much of the suite waits on PostgreSQL, child processes and timers: two files at a time
    // even on a 2-core machine (the default would be one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                env: { TEST_DB: 'postgres' },
                // The command line and its lock are about the embedded data directory only.
                exclude: [...configDefaults.exclude, 'test/cli.test.ts', 'src/config.test.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
