/**
 * `npm run bench [-- http|live|generation|sense-making|quality|scale] [--duration S]
 * [--database pglite|postgres] [--sizes 0,2000,20000] [--smoke]`: the HTTP and the live-review
 * benchmarks (on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set, or on the one
 * database named), then the generation, the sense-making and the quality benchmarks; or only the
 * part named. `scale`, which seeds a database per size up to 100,000 ideas in one brainstorm,
 * runs only when named; `--sizes` chooses its sizes. `--smoke` runs the HTTP part on a tiny seed
 * with a few requests per figure, the live part with a handful of streams and votes and the scale
 * part on two small sizes with a few requests each, and writes no results.
 */
import { parseArgs } from 'node:util';
import { benchHttp } from './http.js';
import { runQuality } from './quality-databases.js';
import { benchLive } from './live.js';
import { formatHttpResult, formatLiveResult, writeHttpResult, writeLiveResult } from './report.js';
import { benchScale } from './scale.js';
import { formatScaleResult, writeScaleResult } from './scale-report.js';

const PARTS = ['http', 'live', 'generation', 'sense-making', 'quality', 'scale'];

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  options: {
    duration: { type: 'string' },
    database: { type: 'string' },
    sizes: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const only = positionals[0];
if (only !== undefined && !PARTS.includes(only)) {
  refuse(`Unknown benchmark '${only}': choose one of ${PARTS.join(', ')}.`);
}
const seconds = values.duration === undefined ? undefined : Number(values.duration);
if (seconds !== undefined && !(seconds > 0)) {
  refuse(`--duration takes seconds; got '${values.duration ?? ''}'.`);
}
const sizes = values.sizes?.split(',').map((size) => Number(size.trim()));
if (sizes && !sizes.every((size) => Number.isSafeInteger(size) && size >= 0 && size <= 1_000_000)) {
  refuse(`--sizes takes numbers of ideas, comma-separated; got '${values.sizes ?? ''}'.`);
}

const DATABASES = ['pglite', 'postgres'];
const database = values.database;
if (database !== undefined && !DATABASES.includes(database)) {
  refuse(`Unknown database '${database}': choose one of ${DATABASES.join(', ')}.`);
}
const postgresUrl = process.env.BENCH_DATABASE_URL;
if (database === 'postgres' && !postgresUrl) {
  refuse('--database postgres needs BENCH_DATABASE_URL, the server to create its database on.');
}

// PGlite first, then PostgreSQL when a server is given.
const urls = [
  ...(database === 'postgres' ? [] : [undefined]),
  ...(postgresUrl && database !== 'pglite' ? [postgresUrl] : []),
];

async function runHttp() {
  for (const url of urls) {
    const result = await benchHttp({ smoke: values.smoke, seconds, postgresUrl: url });
    console.log(formatHttpResult(result));
    if (!values.smoke) console.log(`Written to ${await writeHttpResult(result)}`);
  }
  if (!postgresUrl) console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
}

async function runLive() {
  for (const url of urls) {
    const result = await benchLive({ smoke: values.smoke, seconds, postgresUrl: url });
    console.log(formatLiveResult(result));
    if (!values.smoke) console.log(`Written to ${await writeLiveResult(result)}`);
  }
  if (!postgresUrl)
    console.log('\nLive on PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
}

async function runScale() {
  for (const url of urls) {
    const result = await benchScale({ smoke: values.smoke, sizes, postgresUrl: url });
    console.log(formatScaleResult(result));
    if (!values.smoke) console.log(`Written to ${await writeScaleResult(result)}`);
  }
  if (!postgresUrl)
    console.log('\nScale on PostgreSQL: skipped (set BENCH_DATABASE_URL to include it)');
}

if (!only || only === 'http') await runHttp();
if (!only || only === 'live') await runLive();
if (!only || only === 'generation') await import('./generation.js');
if (!only || only === 'sense-making') await import('./sense-making.js');
if (!only || only === 'quality') {
  await runQuality({
    smoke: values.smoke,
    postgresUrl: database === 'pglite' ? undefined : postgresUrl,
    pglite: database !== 'postgres',
  });
}
if (only === 'scale') await runScale();
