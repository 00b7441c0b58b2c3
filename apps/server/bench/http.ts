/**
 * The HTTP benchmark: seeds a throw-away database with the seed command, starts the built server
 * on it as `npm start` does, and loads each endpoint with autocannon, then a bare node:http
 * server sending the same body (its ceiling), in the same run. See the README's "Benchmarks".
 */

import { get, JSON_CONTENT, post, signIn, type Answer, type Session } from './api.js';
import { startCeiling } from './ceiling.js';
import { EXPORT_PATH, EXPORT_TARGETS, measureExports, type ExportFigures } from './csv-export.js';
import { endpoints, type Endpoint, type EndpointFigures } from './endpoints.js';
import { CONNECTIONS, measureLoad, type LoadTarget, type Timing } from './load.js';
import { buildServerIfNeeded, runRecord, startServer, type ServerProcess } from './processes.js';
import {
  annotatedShare,
  FULL_SEED,
  findFixtures,
  seed,
  SMOKE_SEED,
  type Credentials,
  type SeedSize,
} from './seeded-data.js';
import { createThrowawayDatabase, type DatabaseKind } from './throwaway-database.js';

export interface HttpBenchOptions {
  /** A tiny seed and short runs: proves the harness works, measures nothing. */
  smoke: boolean;
  /** Seconds per figure: 10 unless given; smoke runs count requests unless it is given. */
  seconds?: number | undefined;
  /** A PostgreSQL server to create the throw-away database on; PGlite without one. */
  postgresUrl?: string | undefined;
}

const DEFAULT_SECONDS = 10;

export interface EndpointResult {
  key: string;
  name: string;
  method: string;
  path: string;
  figures: EndpointFigures;
  target: string | null;
  met: boolean | null;
}

export interface HttpBenchResult {
  database: DatabaseKind;
  label: string;
  /** A smoke run's figures mean nothing: they carry no targets. */
  smoke: boolean;
  commit: string | null;
  date: string;
  machine: { cores: number; cpu: string; node: string };
  seed: SeedSize & { annotatedShare: number };
  settings: { connections: number } & Timing;
  brainstorm: { id: number; ideas: number };
  endpoints: EndpointResult[];
  csv: ExportFigures & { path: string; runs: number; target: string | null; met: boolean | null };
}

/** One request of the endpoint, whose answer the ceiling then sends. */
function answerOnce(session: Session, endpoint: Endpoint): Promise<Answer> {
  if (!endpoint.nextRequest) return get(session, endpoint.path);
  const { path, body } = endpoint.nextRequest();
  return post(session, path, body);
}

function loadTarget(baseUrl: string, endpoint: Endpoint, session: Session): LoadTarget {
  const json = endpoint.method === 'POST' ? JSON_CONTENT : {};
  return {
    // Requests made by `nextRequest` replace this path with their own.
    url: baseUrl + (endpoint.nextRequest ? '/' : endpoint.path),
    method: endpoint.method,
    headers: { ...session.headers, ...json },
    nextRequest: endpoint.nextRequest,
  };
}

/** The endpoint under load, then its ceiling under the same load. */
async function measureEndpoint(
  server: ServerProcess,
  credentials: Credentials,
  endpoint: Endpoint,
  timing: Timing,
): Promise<EndpointFigures> {
  const session = await signIn(server.url, credentials.email, credentials.password);
  const answer = await answerOnce(session, endpoint);
  const figures = await measureLoad(loadTarget(server.url, endpoint, session), timing);
  const ceilingServer = await startCeiling(answer);
  try {
    const ceiling = await measureLoad(loadTarget(ceilingServer.url, endpoint, session), timing);
    return {
      ...figures,
      ceiling,
      ratio: figures.requestsPerSecond / ceiling.requestsPerSecond,
      bodyBytes: Buffer.byteLength(JSON.stringify(answer.body)),
    };
  } finally {
    await ceilingServer.stop();
  }
}

const SMOKE_REQUESTS = 50;

/**
 * A measured time after a fifth of it (a second at least) as warm-up: the first requests to a
 * fresh server are slow, its code not yet compiled. Smoke runs send a few requests, no warm-up.
 */
function timingOf({ smoke, seconds }: HttpBenchOptions): Timing {
  if (seconds === undefined && smoke) return { measured: { requests: SMOKE_REQUESTS } };
  const measured = seconds ?? DEFAULT_SECONDS;
  return { warmup: { seconds: Math.max(1, measured / 5) }, measured: { seconds: measured } };
}

async function measureServer(
  kind: DatabaseKind,
  server: ServerProcess,
  credentials: Credentials,
  options: HttpBenchOptions,
  size: SeedSize,
) {
  const timing = timingOf(options);
  const session = await signIn(server.url, credentials.email, credentials.password);
  const { fixtures, brainstorm } = await findFixtures(session);
  const share = await annotatedShare(session);
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints(fixtures)) {
    const figures = await measureEndpoint(server, credentials, endpoint, timing);
    const target = options.smoke ? undefined : endpoint.targets[kind];
    results.push({
      key: endpoint.key,
      name: endpoint.name,
      method: endpoint.method,
      path: endpoint.path,
      figures,
      target: target?.text ?? null,
      met: target ? target.met(figures) : null,
    });
  }
  const exportSession = await signIn(server.url, credentials.email, credentials.password);
  const runs = options.smoke ? 1 : 3;
  const csv = await measureExports(exportSession, server.pid, runs, size.ideas);
  const csvTarget = options.smoke ? undefined : EXPORT_TARGETS[kind];
  return {
    seed: { ...size, annotatedShare: share },
    settings: { connections: CONNECTIONS, ...timing },
    brainstorm,
    endpoints: results,
    csv: {
      ...csv,
      path: EXPORT_PATH,
      runs,
      target: csvTarget?.text ?? null,
      met: csvTarget ? csvTarget.met(csv) : null,
    },
  };
}

/** The whole HTTP benchmark on one throw-away database; stops and drops all it started. */
export async function benchHttp(options: HttpBenchOptions): Promise<HttpBenchResult> {
  await buildServerIfNeeded();
  const database = await createThrowawayDatabase(options.postgresUrl);
  try {
    const size = options.smoke ? SMOKE_SEED : FULL_SEED;
    const env = { ...database.env, JWT_SECRET: 'bench-'.repeat(8), LOG_LEVEL: 'error' };
    console.log(`${database.label}: seeding ${size.ideas.toLocaleString('en')} ideas...`);
    const credentials = await seed(size, env);
    const server = await startServer(env);
    try {
      console.log(`${database.label}: measuring the server at ${server.url}...`);
      const measured = await measureServer(database.kind, server, credentials, options, size);
      return {
        database: database.kind,
        label: database.label,
        smoke: options.smoke,
        ...runRecord(),
        ...measured,
      };
    } catch (error) {
      console.log(`The server's output:\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
