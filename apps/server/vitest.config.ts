import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Files whose subject has no database in it, or only the embedded one (its thread, CSV cells,
 * password hashes, prompts, the offline provider's composing (not its variety, which the
 * detector measures in the database), the fake provider, serving the web app, the import rules,
 * webhook messages): they run once, in the embedded project.
 */
const withoutDatabase = [
  'src/db/pglite-thread.test.ts',
  'src/lib/csv.test.ts',
  'src/lib/passwords.test.ts',
  'src/modules/analysis/keyword-themes.test.ts',
  'src/modules/analysis/swiss-tournament.test.ts',
  'src/modules/generation/prompts.test.ts',
  'src/modules/providers/offline-provider.test.ts',
  'src/modules/providers/problem-reading.test.ts',
  'src/modules/providers/providers.config.test.ts',
  'src/modules/providers/similarity.test.ts',
  'src/modules/webhooks/url-guard.test.ts',
  'src/modules/webhooks/webhook-messages.test.ts',
  'test/fake-llm-server.test.ts',
  'test/module-boundaries.test.ts',
  'test/web-app.test.ts',
];

/**
 * Files whose subject is how long a request waits while other work runs: they run after every
 * other file, one at a time, so that what they measure is the server's work and not another
 * file's (on two cores, a neighbour doubles every wait).
 */
const alone = ['src/modules/imports/import-responsiveness.test.ts'];

// Each project names its own files: a project that extends the root would add to the root's.
const every = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/** A project's files that run alone, after the rest (each such project gets its own turn). */
const aloneProject = (name: string, groupOrder: number, env: Record<string, string>) => ({
  extends: true as const,
  test: { name: `${name}-alone`, env, include: alone, sequence: { groupOrder } },
});

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Much of the suite waits on PostgreSQL, child processes and timers: two files at a time
    // even on a 2-core machine (the default would be one). Three were faster on a quiet machine
    // (297 s instead of 331 s) but left less room beside other work.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every file builds its own app on its own database and closes it, so a worker can keep the
    // modules it has loaded for the next file: importing the app again for each file took
    // about 40 % of the CPU of small files.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          env: { TEST_DB: 'pglite' },
          include: every,
          exclude: [...configDefaults.exclude, ...alone],
        },
      },
      aloneProject('pglite', 1, { TEST_DB: 'pglite' }),
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                env: { TEST_DB: 'postgres' },
                include: every,
                // The command line and its lock are about the embedded data directory only.
                exclude: [
                  ...configDefaults.exclude,
                  ...withoutDatabase,
                  ...alone,
                  'test/cli.test.ts',
                  'src/config.test.ts',
                ],
              },
            },
            aloneProject('postgres', 2, { TEST_DB: 'postgres' }),
          ]
        : []),
    ],
  },
});
