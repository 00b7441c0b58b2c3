/**
 * The live-review benchmark (decision 026): 200 streams open on one brainstorm, one user each,
 * while another user votes every 20 ms; for every vote and every stream, the time from the
 * vote's 200 to its `idea.updated`, whether any event was lost or came out of order, and the
 * server's memory per open stream. On one process (PGlite, PostgreSQL), then on two API
 * instances sharing one PostgreSQL database, the votes sent to the first. See the README's
 * "Benchmarks".
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { getPage, post, signIn, type Session } from './api.js';
import type { ClientAnswer, ClientRequest, StreamPlan, StreamRecord } from './live-clients.js';
import { monotonicMs } from './live-clients.js';
import {
  benchRun,
  buildServerIfNeeded,
  cpuSeconds,
  residentMb,
  serverRoot,
  startServer,
  stopProcess,
  type BenchRun,
  type ProcessEnv,
  type ServerProcess,
} from './processes.js';
import { seedUsers, type SeedSize } from './seeded-data.js';
import { createThrowawayDatabase, type DatabaseKind } from './throwaway-database.js';

export interface LiveBenchOptions {
  /** A handful of streams and votes: proves the harness works, measures nothing. */
  smoke: boolean;
  /** Seconds of voting: 20 unless given. */
  seconds?: number | undefined;
  /** A PostgreSQL server to create the throw-away databases on; PGlite without one. */
  postgresUrl?: string | undefined;
}

/** How big a run is. */
export interface LiveSettings {
  streams: number;
  /** Reader processes the streams are spread over. */
  clientProcesses: number;
  voteIntervalMs: number;
  votes: number;
  /** The first votes, left out of the latency figures (still checked for loss and order). */
  warmupVotes: number;
  /** The ideas voted on in turn: each idea's next vote comes this many votes later. */
  ideas: number;
  /** How long after the last vote's answer an event may still arrive before it counts as lost. */
  lostAfterMs: number;
}

const INTERVAL_MS = 20;
const DEFAULT_SECONDS = 20;
const TARGET_P99_MS = 250;

function settingsOf({ smoke, seconds }: LiveBenchOptions): LiveSettings {
  const votes = Math.round(((seconds ?? (smoke ? 0.5 : DEFAULT_SECONDS)) * 1000) / INTERVAL_MS);
  return {
    streams: smoke ? 4 : 200,
    clientProcesses: smoke ? 1 : 2,
    voteIntervalMs: INTERVAL_MS,
    votes,
    // A tenth of the run, a second at least, warms up the server's code paths.
    warmupVotes: smoke ? 0 : Math.max(1000 / INTERVAL_MS, Math.round(votes / 10)),
    // An idea's votes two seconds apart: one commits long before the next is sent.
    ideas: smoke ? 5 : Math.min(100, votes),
    lostAfterMs: 5000,
  };
}

/** One seeded user per stream and one who votes; a single brainstorm holds every idea. */
const seedSize = (settings: LiveSettings): SeedSize => ({
  brainstorms: 1,
  ideas: Math.max(3 * settings.ideas, 30),
  users: settings.streams + 1,
});

export interface Latency {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

/** The figures of the streams on one server process. */
export interface GroupFigures {
  label: string;
  streams: number;
  /** Votes × streams: one `idea.updated` per vote on every stream. */
  expected: number;
  received: number;
  lost: number;
  outOfOrder: number;
  /** Events whose id did not increase. */
  idProblems: number;
  /** Streams the server ended before the benchmark closed them. */
  ended: number;
  /** From a vote's 200 to its event, over the votes after the warm-up. */
  latency: Latency;
  /** The latency over the vote's own round trip, at p50 and at p99. */
  ofVote: { p50: number; p99: number };
  rss: { beforeMb: number | null; afterMb: number | null; perStreamKb: number | null };
  /** The server process's CPU while the votes went on, in % of one core. */
  serverCpuPercent: number | null;
  target: string | null;
  met: boolean | null;
}

export interface LiveSetupResult {
  key: 'one-process' | 'two-instances';
  label: string;
  instances: number;
  /** Seconds to open every stream (each until its `ready`). */
  openSeconds: number;
  vote: Latency & {
    /** How late the voter sent on its schedule, p99 (ms). */
    lagP99Ms: number;
    /** Votes held back until the idea's previous vote had answered. */
    waited: number;
  };
  groups: GroupFigures[];
  /** Each reader process's CPU while the votes went on, in % of one core. */
  clientCpuPercent: number[];
}

export interface LiveBenchResult extends BenchRun {
  machine: BenchRun['machine'] & { loadAverage: number[] };
  settings: LiveSettings;
  setups: LiveSetupResult[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array | number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

function latencyOf(values: number[]): Latency {
  const sorted = Float64Array.from(values).sort();
  return {
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length === 0 ? NaN : (sorted[sorted.length - 1] ?? NaN),
    samples: sorted.length,
  };
}

/** The reader processes: each asked one thing at a time, answering in turn over IPC. */
class LiveClients {
  private readonly children: ChildProcess[];

  constructor(count: number) {
    this.children = Array.from({ length: count }, () =>
      fork('bench/live-clients.ts', {
        cwd: serverRoot,
        execArgv: ['--import', 'tsx'],
        env: { PATH: process.env.PATH },
        serialization: 'advanced',
      }),
    );
  }

  private ask(child: ChildProcess, request: ClientRequest): Promise<ClientAnswer> {
    return new Promise((resolve, reject) => {
      const exited = (code: number | null, signal: string | null) => {
        child.off('message', answered);
        reject(new Error(`A reader process ended (${signal ?? code}) before it answered.`));
      };
      const answered = (answer: ClientAnswer) => {
        child.off('exit', exited);
        if (answer.answer === 'failed') reject(new Error(answer.error));
        else resolve(answer);
      };
      child.once('exit', exited);
      child.once('message', answered);
      child.send(request);
    });
  }

  /** Opens the streams, spread evenly, and resolves once every one has had its `ready`. */
  async open(plans: StreamPlan[]) {
    const shares = this.children.map((_, n) =>
      plans.filter((_plan, i) => i % this.children.length === n),
    );
    await Promise.all(
      this.children.map((child, n) =>
        this.ask(child, { ask: 'open', streams: shares[n] ?? [], concurrency: 8 }),
      ),
    );
  }

  /** Starts counting the readers' CPU time. */
  async startWindow() {
    await Promise.all(this.children.map((child) => this.ask(child, { ask: 'window' })));
  }

  /** `idea.updated` events read so far by all the streams, and streams the server ended. */
  async count() {
    const answers = await Promise.all(
      this.children.map((child) => this.ask(child, { ask: 'count' })),
    );
    let events = 0;
    let ended = 0;
    for (const answer of answers) {
      if (answer.answer === 'count') {
        events += answer.events;
        ended += answer.ended;
      }
    }
    return { events, ended };
  }

  /** Everything the streams read, and each reader's CPU; the readers close their streams and end. */
  async collect() {
    const streams: StreamRecord[] = [];
    const cpuPercent: number[] = [];
    for (const child of this.children) {
      const answer = await this.ask(child, { ask: 'collect' });
      if (answer.answer !== 'collected') continue;
      streams.push(...answer.streams);
      cpuPercent.push((answer.cpuMs / answer.wallMs) * 100);
    }
    return { streams, cpuPercent };
  }

  async stop() {
    await Promise.all(this.children.map((child) => stopProcess(child)));
  }
}

/** Signs every user in, a few at a time (each sign-in checks a password hash). */
async function signInAll(
  baseUrls: string[],
  emails: string[],
  password: string,
): Promise<Session[]> {
  const sessions: Session[] = new Array<Session>(emails.length);
  let next = 0;
  const signer = async () => {
    while (next < emails.length) {
      const n = next++;
      const email = emails[n] ?? '';
      sessions[n] = await signIn(baseUrls[n % baseUrls.length] ?? '', email, password);
    }
  };
  await Promise.all(Array.from({ length: 4 }, signer));
  return sessions;
}

interface VoteIdea {
  id: number;
  /** Its votes total before the voter's first vote (the voter had not reviewed it). */
  base: number;
}

/** The brainstorm, and ideas in it the voter has not reviewed, with their totals. */
async function voteFixtures(voter: Session, ideas: number) {
  const page = await getPage<{ id: number }>(voter, '/api/brainstorms/?page_size=1');
  const brainstormId = page.results[0]?.id;
  if (brainstormId === undefined) throw new Error('The seed made no brainstorm.');
  const found: VoteIdea[] = [];
  for (let n = 1; found.length < ideas; n++) {
    const unreviewed = await getPage<{ id: number; votes: number }>(
      voter,
      `/api/ideas/unreviewed/?brainstorm=${brainstormId}&page_size=100&page=${n}`,
    );
    found.push(...unreviewed.results.map((idea) => ({ id: idea.id, base: idea.votes })));
    if (!unreviewed.next) break;
  }
  if (found.length < ideas) throw new Error(`Only ${found.length} ideas to vote on.`);
  return { brainstormId, ideas: found.slice(0, ideas) };
}

/** One vote as the voter sent it and the server answered it. */
interface CastVote {
  index: number;
  ideaId: number;
  /** The idea's votes total once this vote committed: its base plus this vote. */
  votes: number;
  sentAt: number;
  answeredAt: number;
  lagMs: number;
}

/** Each idea's next vote: 1, then -1, then 0, again; every vote changes the idea's total. */
const VOTE_CYCLE = [1, -1, 0] as const;

/**
 * Votes on a fixed schedule, one every `voteIntervalMs`, over the ideas in turn, whether or not
 * earlier votes have answered; only a vote on an idea whose previous vote is still unanswered
 * waits for it, so that each idea's votes commit in the order they were sent.
 */
async function castVotes(voter: Session, ideas: VoteIdea[], settings: LiveSettings) {
  const cast: CastVote[] = [];
  const inFlight = new Map<number, Promise<void>>();
  const pending = new Set<number>();
  let waited = 0;
  const start = monotonicMs() + 50;
  for (let index = 0; index < settings.votes; index++) {
    const scheduled = start + index * settings.voteIntervalMs;
    const wait = scheduled - monotonicMs();
    if (wait > 0) await sleep(wait);
    const idea = ideas[index % ideas.length];
    if (!idea) throw new Error('no idea to vote on');
    const vote = VOTE_CYCLE[Math.floor(index / ideas.length) % VOTE_CYCLE.length] ?? 0;
    const send = async () => {
      const sentAt = monotonicMs();
      await post(voter, `/api/ideas/${idea.id}/annotate/`, JSON.stringify({ vote }));
      cast.push({
        index,
        ideaId: idea.id,
        votes: idea.base + vote,
        sentAt,
        answeredAt: monotonicMs(),
        lagMs: sentAt - scheduled,
      });
    };
    const previous = inFlight.get(idea.id);
    if (previous && pending.has(idea.id)) waited += 1;
    pending.add(idea.id);
    const sent = (previous ?? Promise.resolve()).then(send).finally(() => {
      if (inFlight.get(idea.id) === sent) pending.delete(idea.id);
    });
    inFlight.set(idea.id, sent);
  }
  await Promise.all(inFlight.values());
  return { cast: cast.sort((a, b) => a.index - b.index), waited };
}

/** The longest common subsequence of two lists of totals, as pairs (i in expected, j in read). */
function matchInOrder(expected: number[], read: number[]): [number, number][] {
  const same = expected.length === read.length && expected.every((value, i) => value === read[i]);
  if (same) return expected.map((_, i) => [i, i]);
  const width = read.length + 1;
  const table = new Uint32Array((expected.length + 1) * width);
  for (let i = expected.length - 1; i >= 0; i--) {
    for (let j = read.length - 1; j >= 0; j--) {
      table[i * width + j] =
        expected[i] === read[j]
          ? (table[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < expected.length && j < read.length;) {
    if (expected[i] === read[j]) pairs.push([i++, j++]);
    else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

interface GroupTally {
  streams: number;
  received: number;
  matched: number;
  lost: number;
  outOfOrder: number;
  idProblems: number;
  ended: number;
  latencies: number[];
}

/**
 * Compares what each stream read with the votes: per idea, the totals read must be the totals
 * the votes made, in the order the votes committed. Events that fit that order are matched
 * (their latency counts); events read out of it are out of order; votes beyond the events read
 * (their events never came before the timeout) are lost.
 */
function tally(streams: StreamRecord[], cast: CastVote[], warmupVotes: number, groups: number) {
  const byIdea = new Map<number, CastVote[]>();
  for (const vote of cast) {
    const votes = byIdea.get(vote.ideaId) ?? [];
    votes.push(vote);
    byIdea.set(vote.ideaId, votes);
  }
  const tallies: GroupTally[] = Array.from({ length: groups }, () => ({
    streams: 0,
    received: 0,
    matched: 0,
    lost: 0,
    outOfOrder: 0,
    idProblems: 0,
    ended: 0,
    latencies: [],
  }));
  for (const stream of streams) {
    const group = tallies[stream.group];
    if (!group) continue;
    group.streams += 1;
    group.idProblems += stream.idProblems;
    group.ended += stream.ended ? 1 : 0;
    group.received += stream.ideas.length;
    const readByIdea = new Map<number, number[]>();
    stream.ideas.forEach((ideaId, n) => {
      const read = readByIdea.get(ideaId) ?? [];
      read.push(n);
      readByIdea.set(ideaId, read);
    });
    for (const [ideaId, read] of readByIdea) {
      if (!byIdea.has(ideaId)) group.outOfOrder += read.length;
    }
    for (const [ideaId, votes] of byIdea) {
      const read = readByIdea.get(ideaId) ?? [];
      const pairs = matchInOrder(
        votes.map((vote) => vote.votes),
        read.map((n) => stream.votes[n] ?? NaN),
      );
      group.matched += pairs.length;
      group.outOfOrder += read.length - pairs.length;
      group.lost += Math.max(0, votes.length - read.length);
      for (const [i, j] of pairs) {
        const vote = votes[i];
        const n = read[j];
        if (!vote || n === undefined || vote.index < warmupVotes) continue;
        group.latencies.push((stream.arrivals[n] ?? NaN) - vote.answeredAt);
      }
    }
  }
  return tallies;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** One setup: a fresh database, its servers, the streams, the votes, the figures. */
async function measureSetup(
  key: LiveSetupResult['key'],
  settings: LiveSettings,
  postgresUrl: string | undefined,
  smoke: boolean,
): Promise<LiveSetupResult> {
  const instances = key === 'two-instances' ? 2 : 1;
  const database = await createThrowawayDatabase(postgresUrl);
  const label =
    instances === 1 ? `${database.label}, one process` : `${database.label}, two API instances`;
  const servers: ServerProcess[] = [];
  let clients: LiveClients | undefined;
  try {
    const env: ProcessEnv = { ...database.env, JWT_SECRET: 'bench-'.repeat(8), LOG_LEVEL: 'error' };
    console.log(`${label}: seeding ${settings.streams + 1} users...`);
    const { emails, password } = await seedUsers(seedSize(settings), env);
    // The second instance serves the API only, as a scaled-out deployment's do.
    for (let n = 0; n < instances; n++) {
      servers.push(await startServer(n === 0 ? env : { ...env, WORKERS: '0' }));
    }
    const urls = servers.map((server) => server.url);
    const [voterEmail, ...viewerEmails] = emails.slice(0, settings.streams + 1);
    if (!voterEmail || viewerEmails.length < settings.streams) {
      throw new Error(`The seed made ${emails.length} users, not ${settings.streams + 1}.`);
    }
    console.log(`${label}: signing in ${settings.streams + 1} users at ${urls.join(' and ')}...`);
    const voter = await signIn(urls[0] ?? '', voterEmail, password);
    // Viewer n reads from instance n mod instances: half the streams on each of two.
    const viewers = await signInAll(urls, viewerEmails, password);
    const { brainstormId, ideas } = await voteFixtures(voter, settings.ideas);

    const before = servers.map((server) => residentMb(server.pid));
    clients = new LiveClients(settings.clientProcesses);
    const plans: StreamPlan[] = viewers.map((viewer, n) => ({
      url: `${viewer.baseUrl}/api/brainstorms/${brainstormId}/events/`,
      token: (viewer.headers.authorization ?? '').replace(/^Bearer /, ''),
      group: n % instances,
    }));
    console.log(`${label}: opening ${plans.length} streams...`);
    const opening = monotonicMs();
    await clients.open(plans);
    const openSeconds = (monotonicMs() - opening) / 1000;
    // Open and idle for a moment, presence settled, before the memory is read.
    await sleep(smoke ? 200 : 2000);
    const after = servers.map((server) => residentMb(server.pid));

    console.log(
      `${label}: ${settings.votes} votes, one every ${settings.voteIntervalMs} ms, ` +
        `${plans.length} streams reading...`,
    );
    await clients.startWindow();
    const cpuBefore = servers.map((server) => cpuSeconds(server.pid));
    const windowStart = monotonicMs();
    const { cast, waited } = await castVotes(voter, ideas, settings);
    const expected = cast.length * plans.length;
    const deadline = monotonicMs() + settings.lostAfterMs;
    for (;;) {
      const { events, ended } = await clients.count();
      if (events >= expected || ended > 0 || monotonicMs() > deadline) break;
      await sleep(50);
    }
    const windowSeconds = (monotonicMs() - windowStart) / 1000;
    const cpuAfter = servers.map((server) => cpuSeconds(server.pid));
    const { streams, cpuPercent } = await clients.collect();

    const counted = cast.filter((vote) => vote.index >= settings.warmupVotes);
    const vote = latencyOf(counted.map((v) => v.answeredAt - v.sentAt));
    const lags = Float64Array.from(cast.map((v) => v.lagMs)).sort();
    const tallies = tally(streams, cast, settings.warmupVotes, instances);
    const groups = tallies.map((group, n): GroupFigures => {
      const latency = latencyOf(group.latencies);
      const rssBefore = before[n] ?? null;
      const rssAfter = after[n] ?? null;
      const cpuStart = cpuBefore[n] ?? null;
      const cpuEnd = cpuAfter[n] ?? null;
      const { lost } = group;
      const met = smoke
        ? null
        : latency.p99Ms <= TARGET_P99_MS &&
          lost === 0 &&
          group.outOfOrder === 0 &&
          group.idProblems === 0;
      return {
        label: instances === 1 ? 'one process' : n === 0 ? 'instance A (votes)' : 'instance B',
        streams: group.streams,
        expected: cast.length * group.streams,
        received: group.received,
        lost,
        outOfOrder: group.outOfOrder,
        idProblems: group.idProblems,
        ended: group.ended,
        latency,
        ofVote: { p50: latency.p50Ms / vote.p50Ms, p99: latency.p99Ms / vote.p99Ms },
        rss: {
          beforeMb: rssBefore,
          afterMb: rssAfter,
          perStreamKb:
            rssBefore === null || rssAfter === null || group.streams === 0
              ? null
              : round(((rssAfter - rssBefore) * 1024) / group.streams),
        },
        serverCpuPercent:
          cpuStart === null || cpuEnd === null
            ? null
            : round(((cpuEnd - cpuStart) / windowSeconds) * 100),
        target: smoke ? null : `p99 ≤ ${TARGET_P99_MS} ms, none lost or out of order`,
        met,
      };
    });
    return {
      key,
      label,
      instances,
      openSeconds: round(openSeconds, 2),
      vote: { ...vote, lagP99Ms: percentile(lags, 0.99), waited },
      groups,
      clientCpuPercent: cpuPercent.map((percent) => round(percent)),
    };
  } catch (error) {
    for (const server of servers) console.log(`The server's output:\n${server.output()}`);
    throw error;
  } finally {
    await clients?.stop();
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

/** The live benchmark on one database: one process, and on PostgreSQL two instances too. */
export async function benchLive(options: LiveBenchOptions): Promise<LiveBenchResult> {
  await buildServerIfNeeded();
  const settings = settingsOf(options);
  const kind: DatabaseKind = options.postgresUrl ? 'postgres' : 'pglite';
  const keys: LiveSetupResult['key'][] =
    kind === 'postgres' ? ['one-process', 'two-instances'] : ['one-process'];
  const loadAverage = loadavg().map((n) => round(n, 2));
  const run = benchRun(kind, options.smoke);
  const setups: LiveSetupResult[] = [];
  for (const key of keys) {
    setups.push(await measureSetup(key, settings, options.postgresUrl, options.smoke));
  }
  return {
    ...run,
    machine: { ...run.machine, loadAverage },
    settings,
    setups,
  };
}
