import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

/** The OpenAPI document as committed: generated from the route schemas, keys sorted. */
export async function renderOpenApi(): Promise<string> {
  // No workers: the document needs the routes only, on a database that is not even migrated.
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    WORKERS: '0',
  });
  const database = await openDatabase({ kind: 'pglite-memory' });
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.ready();
    return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
