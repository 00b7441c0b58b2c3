import { openDatabase } from '../src/db/client.js';
import { createPostgresDatabase } from '../test/database.js';
import { formatQualityResult, measureQuality } from './quality.js';

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
      console.log(formatQualityResult(await measureQuality('PGlite', pglite, options)));
    } finally {
      await pglite.close();
    }
  }
  if (options.postgresUrl) {
    const { database } = await createPostgresDatabase(options.postgresUrl);
    try {
      console.log(formatQualityResult(await measureQuality('PostgreSQL', database, options)));
    } finally {
      await database.close();
    }
  } else if (!process.env.BENCH_DATABASE_URL) {
    console.log('\nQuality on PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
  }
}
