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

/**
 * Runs a part on each database chosen, printing each result and, but for a smoke run, writing
 * it; says when PostgreSQL was left out (`skipped` names what was).
 */
async function runOnEach<Result>(
  skipped: string,
  bench: (postgresUrl: string | undefined) => Promise<Result>,
  format: (result: Result) => string,
  write: (result: Result) => Promise<string>,
) {
  for (const url of urls) {
    const result = await bench(url);
    console.log(format(result));
    if (!values.smoke) console.log(`Written to ${await write(result)}`);
  }
  if (!postgresUrl) console.log(`\n${skipped}: skipped (set BENCH_DATABASE_URL to include it)`);
}

const runHttp = () =>
  runOnEach(
    'PostgreSQL',
    (postgresUrl) => benchHttp({ smoke: values.smoke, seconds, postgresUrl }),
    formatHttpResult,
    writeHttpResult,
  );

const runLive = () =>
  runOnEach(
    'Live on PostgreSQL',
    (postgresUrl) => benchLive({ smoke: values.smoke, seconds, postgresUrl }),
    formatLiveResult,
    writeLiveResult,
  );

const runScale = () =>
  runOnEach(
    'Scale on PostgreSQL',
    (postgresUrl) => benchScale({ smoke: values.smoke, sizes, postgresUrl }),
    formatScaleResult,
    writeScaleResult,
  );

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
