import { openDatabase } from '../src/db/client.js';
import { createPostgresDatabase } from '../test/database.js';
import { formatQualityResult, measureQuality, type QualityResult } from './quality.js';
import { writeResult } from './report.js';
import type { DatabaseKind } from './throwaway-database.js';

/**
 * Prints the result and, but for a smoke run, writes it to bench/results/quality-<database>.json
 * (`database` naming the kind there, as the other results do, and `label` the name printed).
 */
async function report(result: QualityResult, kind: DatabaseKind, smoke: boolean) {
  console.log(formatQualityResult(result));
  if (smoke) return;
  const written = { ...result, database: kind, label: result.database };
  console.log(`Written to ${await writeResult('quality', written)}`);
}

/** The quality benchmark on PGlite (unless told not to), then on PostgreSQL when given one. */
export async function runQuality(options: {
  smoke: boolean;
  pglite: boolean;
  postgresUrl: string | undefined;
}) {
  if (options.pglite) {
    const pglite = await openDatabase({ kind: 'pglite-memory' });
    try {
      await pglite.migrate();
      await report(await measureQuality('PGlite', pglite, options), 'pglite', options.smoke);
    } finally {
      await pglite.close();
    }
  }
  if (options.postgresUrl) {
    const { database } = await createPostgresDatabase(options.postgresUrl);
    try {
      const result = await measureQuality('PostgreSQL', database, options);
      await report(result, 'postgres', options.smoke);
    } finally {
      await database.close();
    }
  } else if (!process.env.BENCH_DATABASE_URL) {
    console.log('\nQuality on PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
  }
}
