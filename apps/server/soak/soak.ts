import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, type Database } from '../src/db/client.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import { createUser } from '../src/modules/users/users.service.js';
import { makeIdeas } from '../test/annotation-fixtures.js';
import { CuttableRelay } from '../test/cuttable-relay.js';
import { startFakeLlmServer } from '../test/fake-llm-server.js';
import { createThrowawayDatabase } from '../bench/throwaway-database.js';
import { buildServerIfNeeded, startServer, type ServerProcess } from '../bench/processes.js';
import { check, type Findings } from './checks.js';
import {
  generate,
  review,
  send,
  type GenerationLog,
  type Reviewer,
  type Tally,
  type Target,
} from './workload.js';

const REVIEWERS = 20;
const IDEAS = 10;
const PASSWORD = 'soak test passphrase';

export type FaultKind = 'crash' | 'stop' | 'provider' | 'database';

export interface SoakOptions {
  minutes: number;
  faultEverySeconds: number;
  seed: number;
  /** A PostgreSQL server to create the throw-away database on; PGlite without it. */
  postgresUrl?: string | undefined;
  /** Ends the run once this many faults have happened, if that comes before the time. */
  faults?: number;
  /** Told each line of progress as it happens. */
  progress?: (line: string) => void;
}

export interface SoakReport {
  database: 'pglite' | 'postgres';
  writes: Tally;
  faults: Record<FaultKind, number>;
  generations: { acknowledged: number; unanswered: number } & Findings['generations'];
  /** Every acknowledged write not found, count that disagrees, or unexpected answer. */
  lost: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** The users, and a brainstorm of ideas to review. */
async function prepare(database: Database) {
  await database.migrate();
  const users = await Promise.all(
    Array.from({ length: REVIEWERS + 1 }, (_, i) =>
      createUser(database.db, {
        email: `soak${i}@example.com`,
        password: PASSWORD,
        first_name: `Soak ${i}`,
        last_name: '',
        is_staff: false,
      }),
    ),
  );
  const [creator] = users;
  if (!creator) throw new Error('no users');
  const ideaIds = await makeIdeas(database.db, creator, IDEAS);
  return { users, ideaIds };
}

/**
 * Runs the built server under load while faults are injected in turn, then checks that
 * nothing acknowledged was lost (see run.ts for the scenario).
 */
export async function soak(options: SoakOptions): Promise<SoakReport> {
  const { minutes, faultEverySeconds: faultEvery, seed } = options;
  const progress = options.progress ?? (() => undefined);
  await buildServerIfNeeded();
  const throwaway = await createThrowawayDatabase(options.postgresUrl);
  const fake = await startFakeLlmServer({ default: { kind: 'idea', delayMs: 300 } });
  let relay: CuttableRelay | undefined;
  let server: ServerProcess | undefined;
  try {
    const direct = throwaway.env.DATABASE_URL
      ? ({ kind: 'postgres', url: throwaway.env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: throwaway.env.DATA_DIR ?? '' } as const);
    const setUp = await openDatabase(direct);
    const { users, ideaIds } = await prepare(setUp);
    const brainstormRow = await setUp.executeSql(
      `insert into brainstorms (title, type, parameters, created_by)
       values ('Soak', 'scamper', '{"problem":"Slow lifts","themes":[],"type":"scamper"}', $1)
       returning id`,
      [users[0]?.id],
    );
    const brainstormId = (brainstormRow.rows[0] as { id: number }).id;
    await setUp.close();

    let databaseEnv = throwaway.env;
    if (direct.kind === 'postgres') {
      const url = new URL(direct.url);
      relay = new CuttableRelay({ host: url.hostname, port: Number(url.port || 5432) });
      await relay.open();
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
      databaseEnv = { DATABASE_URL: url.toString() };
    }
    const port = await freePort();
    const env = {
      ...databaseEnv,
      PORT: String(port),
      NODE_ENV: 'production',
      JWT_SECRET: 'soak-secret-long-enough-for-hs256-signing',
      LOG_LEVEL: 'silent',
      // A team's members sign in from their own machines: the server behind a proxy on this
      // machine believes each reviewer's X-Forwarded-For, so one reviewer's sign-ins cut off by
      // a crash never count against the others' (decision 003 counts guesses per address).
      TRUST_PROXY: 'loopback',
      OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl,
      OPENAI_COMPATIBLE_API_KEY: 'fake-llm-key',
      OPENAI_COMPATIBLE_MODELS: 'fake-model',
      // Its fake answers ideas, not verdicts: the judge is tested apart.
      REPEATS_JUDGE: 'off',
      GENERATION_TIMEOUT_SECONDS: '5',
      GENERATION_RETRY_DELAY_MS: '200',
      GENERATION_SHUTDOWN_GRACE_SECONDS: '1',
      GENERATION_MAX_RUNNING_PER_USER: '1000',
      GENERATION_MAX_IDEAS_PER_HOUR: '100000',
      GENERATION_DAILY_TOKENS_PER_USER: '100000000',
      GENERATION_DAILY_TOKENS_TOTAL: '100000000',
      QUEUE_MAINTENANCE_SECONDS: '5',
      QUEUE_POLLING_SECONDS: '0.5',
    };
    server = await startServer(env);
    const target: Target = { url: `http://127.0.0.1:${port}` };

    const label = direct.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    progress(
      `Soak: ${minutes} min on ${label}, ${REVIEWERS} reviewers and a generation every 2 s, ` +
        `a fault every ${faultEvery} s (seed ${seed}).`,
    );
    const started = Date.now();
    let endsAt = started + minutes * 60_000;
    const running = () => Date.now() < endsAt;
    const tally: Tally = { sent: 0, acknowledged: 0, unanswered: 0, failures: [] };
    const reviewers: Reviewer[] = users.slice(1).map((u, i) => ({
      email: u.email,
      password: PASSWORD,
      token: null,
      address: `10.0.1.${i + 1}`,
      reviews: new Map(),
      comments: [],
      unansweredComments: 0,
    }));
    const generator = {
      email: users[0]?.email ?? '',
      password: PASSWORD,
      token: null,
      address: '10.0.0.1',
    };
    const generations: GenerationLog = {
      requested: new Map(),
      sent: 0,
      unanswered: 0,
      failures: [],
    };
    const work = Promise.all([
      ...reviewers.map((r, i) => review(target, r, ideaIds, seed * 1000 + i, tally, running)),
      generate(target, generator, brainstormId, generations, running),
    ]);

    const faults = { crash: 0, stop: 0, provider: 0, database: 0 };
    const kinds: FaultKind[] = [
      'crash',
      'provider',
      'stop',
      ...(relay ? ['database' as const] : []),
    ];
    // No fault after the last one asked for: the wait before another could end a moment before
    // the run's end by the wall clock, and one more would happen.
    for (let n = 0; n < (options.faults ?? Number.POSITIVE_INFINITY); n++) {
      await sleep(Math.min(faultEvery * 1000, Math.max(0, endsAt - Date.now())));
      if (!running()) break;
      const kind = kinds[n % kinds.length] ?? 'crash';
      const at = ((Date.now() - started) / 1000).toFixed(0);
      const began = Date.now();
      if (kind === 'crash' || kind === 'stop') {
        const current: ServerProcess = server;
        await (kind === 'crash' ? current.kill() : current.stop());
        server = await startServer(env);
      } else if (kind === 'provider') {
        fake.setDefault({ kind: 'drop' });
        await sleep(5000);
        fake.setDefault({ kind: 'idea', delayMs: 300 });
      } else {
        await relay?.cut();
        await sleep(3000);
        await relay?.open();
      }
      faults[kind]++;
      if (n + 1 === options.faults) {
        // The load goes on for a moment after the last fault, then the run ends.
        endsAt = Math.min(endsAt, Date.now() + 2000);
      }
      const took = ((Date.now() - began) / 1000).toFixed(1);
      progress(`  ${at} s: ${describe(kind)} (${took} s)`);
    }
    await work;

    // Every acknowledged generation finishes: read each until it has.
    const deadline = Date.now() + 120_000;
    for (const id of generations.requested.keys()) {
      for (;;) {
        const answer = await send(target, generator, 'GET', `/api/generations/${id}/`);
        const status = (answer?.body as GenerationDto | undefined)?.status;
        if (status && status !== 'queued' && status !== 'running') break;
        if (Date.now() > deadline) break;
        await sleep(250);
      }
    }
    await server.stop();
    server = undefined;

    const checked = await openDatabase(direct);
    const findings = await check(checked, reviewers, generations).finally(() => checked.close());
    return {
      database: direct.kind,
      writes: tally,
      faults,
      generations: {
        acknowledged: generations.requested.size,
        unanswered: generations.unanswered,
        ...findings.generations,
      },
      lost: [...tally.failures, ...generations.failures, ...findings.lost],
    };
  } finally {
    await server?.stop();
    await relay?.cut();
    await fake.close();
    await throwaway.drop();
  }
}

function describe(kind: FaultKind) {
  if (kind === 'crash') return 'server killed with SIGKILL, started again';
  if (kind === 'stop') return 'server stopped with SIGTERM, started again';
  if (kind === 'provider') return 'provider down for 5 s';
  return 'database out of reach for 3 s';
}
