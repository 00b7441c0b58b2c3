/**
 * The HTTP benchmark: seeds a throw-away database with the seed command, starts the built server
 * on it as `npm start` does, and loads each endpoint with autocannon, then a bare node:http
 * server sending the same body (its ceiling), in the same run. See the README's "Benchmarks".
 */

import { get, JSON_CONTENT, post, signIn, type Answer, type Session } from './api.js';
import { startCeiling, type Ceiling } from './ceiling.js';
import { EXPORT_PATH, EXPORT_TARGETS, measureExports, type ExportFigures } from './csv-export.js';
import { endpoints, type Endpoint, type EndpointFigures } from './endpoints.js';
import {
  CONNECTIONS,
  measureLoad,
  type LoadFigures,
  type LoadTarget,
  type Timing,
} from './load.js';
import {
  benchRun,
  buildServerIfNeeded,
  withServer,
  type BenchRun,
  type ServerProcess,
} from './processes.js';
import {
  annotatedShare,
  FULL_SEED,
  findFixtures,
  seed,
  SMOKE_SEED,
  type Credentials,
  type SeedSize,
} from './seeded-data.js';
import { hasSqlCeiling, startSqlCeiling, type SqlCeilingSettings } from './sql-ceiling.js';
import { sameAnswer } from './same-answer.js';
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

export interface HttpBenchResult extends BenchRun {
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

/** Loads a ceiling server with the endpoint's requests, then stops it. */
async function measureCeiling(
  ceiling: Ceiling,
  endpoint: Endpoint,
  session: Session,
  timing: Timing,
): Promise<LoadFigures> {
  try {
    return await measureLoad(loadTarget(ceiling.url, endpoint, session), timing);
  } finally {
    await ceiling.stop();
  }
}

/**
 * The SQL ceiling under the same load, once it has answered what the server answers (a vote's
 * answer, whose stamps differ, in shape only): a ceiling answering less would flatter the server.
 */
async function measureSqlCeiling(
  settings: SqlCeilingSettings,
  endpoint: Endpoint,
  session: Session,
  serverAnswer: Answer,
  timing: Timing,
): Promise<LoadFigures> {
  const ceiling = await startSqlCeiling(settings);
  const answer = await answerOnce({ ...session, baseUrl: ceiling.url }, endpoint).catch(
    async (error: unknown) => {
      await ceiling.stop();
      throw error;
    },
  );
  // Its links name its own address.
  const body: unknown = JSON.parse(
    JSON.stringify(answer.body).replaceAll(ceiling.url, session.baseUrl),
  );
  const difference = sameAnswer(serverAnswer.body, body, { shapeOnly: !!endpoint.nextRequest });
  if (difference !== null) {
    await ceiling.stop();
    throw new Error(`The SQL ceiling of ${endpoint.key} answers otherwise: ${difference}`);
  }
  return measureCeiling(ceiling, endpoint, session, timing);
}

/** The endpoint under load, then its ceilings under the same load. */
async function measureEndpoint(
  server: ServerProcess,
  credentials: Credentials,
  endpoint: Endpoint,
  timing: Timing,
  sqlCeiling: SqlCeilingSettings | null,
): Promise<EndpointFigures> {
  const session = await signIn(server.url, credentials.email, credentials.password);
  const answer = await answerOnce(session, endpoint);
  const figures = await measureLoad(loadTarget(server.url, endpoint, session), timing);
  const ceiling = await measureCeiling(await startCeiling(answer), endpoint, session, timing);
  const sql =
    sqlCeiling && hasSqlCeiling(endpoint.key)
      ? await measureSqlCeiling(
          { ...sqlCeiling, endpoint: endpoint.key },
          endpoint,
          session,
          answer,
          timing,
        )
      : null;
  return {
    ...figures,
    ceiling,
    ratio: figures.requestsPerSecond / ceiling.requestsPerSecond,
    sqlCeiling: sql,
    sqlRatio: sql && figures.requestsPerSecond / sql.requestsPerSecond,
    bodyBytes: Buffer.byteLength(JSON.stringify(answer.body)),
  };
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
  sqlCeiling: SqlCeilingSettings | null,
) {
  const timing = timingOf(options);
  const session = await signIn(server.url, credentials.email, credentials.password);
  const { fixtures, brainstorm } = await findFixtures(session);
  const share = await annotatedShare(session);
  const results: EndpointResult[] = [];
  for (const endpoint of endpoints(fixtures)) {
    const figures = await measureEndpoint(server, credentials, endpoint, timing, sqlCeiling);
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

/** The server's pool when DATABASE_POOL_SIZE is not set (src/db/client.ts). */
const SERVER_POOL_SIZE = 10;

/**
 * The SQL ceiling's settings on PostgreSQL: a process of its own can share the database. PGlite
 * lives inside the server's process, which holds its data directory: it has no SQL ceiling.
 */
function sqlCeilingOf(env: Record<string, string>): SqlCeilingSettings | null {
  const databaseUrl = env.DATABASE_URL;
  if (databaseUrl === undefined) return null;
  return { endpoint: '', databaseUrl, secret: env.JWT_SECRET ?? '', poolSize: SERVER_POOL_SIZE };
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
    return await withServer(env, async (server) => {
      console.log(`${database.label}: measuring the server at ${server.url}...`);
      const measured = await measureServer(
        database.kind,
        server,
        credentials,
        options,
        size,
        sqlCeilingOf(env),
      );
      return { ...benchRun(database.kind, options.smoke), ...measured };
    });
  } finally {
    await database.drop();
  }
}
