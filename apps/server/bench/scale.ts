/**
 * The scale benchmark: how the server's answers change as one brainstorm grows. For each size, a
 * fresh database seeded with that many ideas in one brainstorm, the built server on it with a
 * fake language model answering after a fixed delay D, and, while a prober checks the server's
 * health, the writes (ideas by hand, a generation, an import), the review pages and the other
 * per-brainstorm paths, timed. Once per database, the detector's precision and recall on the
 * labelled pairs.
 */
import type { AnalysisDto } from '../src/modules/analysis/analysis.schemas.js';
import type { BrainstormDto } from '../src/modules/brainstorms/brainstorms.schemas.js';
import type { GenerationDto } from '../src/modules/generation/generation.schemas.js';
import type { IdeaDto } from '../src/modules/ideas/ideas.schemas.js';
import type { ImportResultDto } from '../src/modules/imports/imports.schemas.js';
import { openDatabase } from '../src/db/client.js';
import { createPostgresDatabase } from '../test/database.js';
import { startFakeLlmServer, type FakeLlmServer } from '../test/fake-llm-server.js';
import { get, getPage, post, signIn, type Session } from './api.js';
import {
  benchRun,
  buildServerIfNeeded,
  residentMb,
  withServer,
  type BenchRun,
  type ProcessEnv,
  type ServerProcess,
} from './processes.js';
import { measureLabelledPairs, type PairsResult } from './quality.js';
import {
  latencies,
  timeGets,
  voteToEvent,
  withHealthProbes,
  type HealthFigures,
  type PathTiming,
} from './scale-probes.js';
import { reworded, writtenIdea, type IdeaText } from './scale-text.js';
import { isSenseMaking, senseMakingAnswer } from './sense-making-answers.js';
import { seedUsers } from './seeded-data.js';
import { createThrowawayDatabase } from './throwaway-database.js';

export interface ScaleOptions {
  /** Two small sizes and a few requests of each: proves the harness works, measures nothing. */
  smoke: boolean;
  /** Ideas in the brainstorm, one database each; the default's unless given. */
  sizes?: number[] | undefined;
  /** A PostgreSQL server to create the throw-away databases on; PGlite without one. */
  postgresUrl?: string | undefined;
}

/** How much each measurement does. */
export interface ScaleSettings {
  sizes: number[];
  /** Ideas written by hand, one POST after another. */
  posts: number;
  /** Ideas one generation asks for, and how long the fake model takes to answer each (D). */
  generatedIdeas: number;
  delayMs: number;
  importRows: number;
  /** Requests of each review page; of each other path, and votes timed to their live event. */
  reviewRequests: number;
  pathRequests: number;
}

export const DEFAULT_SIZES = [0, 2_000, 20_000, 100_000];

const FULL: Omit<ScaleSettings, 'sizes'> = {
  posts: 100,
  generatedIdeas: 50,
  delayMs: 1000,
  importRows: 200,
  reviewRequests: 20,
  pathRequests: 10,
};

const SMOKE: ScaleSettings = {
  sizes: [0, 200],
  posts: 10,
  generatedIdeas: 5,
  delayMs: 200,
  importRows: 20,
  reviewRequests: 3,
  pathRequests: 3,
};

/** The settings a run uses: the smoke run's, or the full ones over the sizes asked for. */
export function scaleSettings({ smoke, sizes }: ScaleOptions): ScaleSettings {
  const settings = smoke ? SMOKE : { ...FULL, sizes: DEFAULT_SIZES };
  return sizes ? { ...settings, sizes } : settings;
}

/** A timed write, with how many of the ideas it stored were stacked as near-duplicates. */
export interface WriteFigures {
  stacked: number;
  health: HealthFigures;
}

/** One timed path: its median, or the status it answered instead. */
export interface PathResult {
  key: string;
  name: string;
  path: string;
  timing: PathTiming;
}

/** One sense-making run, from its request to its end. */
export interface RunFigures {
  seconds: number;
  /** The model's calls it made; none for the keyword themes. */
  calls: number;
  /** The ideas it read: sorted into themes or left unsorted, or ranked. */
  ideas: number;
}

/**
 * Themes by the model and by keywords, a ranking of the top ideas, and repeats found among the
 * newest ideas, one after another.
 */
export interface SenseMakingFigures {
  themes: RunFigures;
  keywordThemes: RunFigures;
  ranking: RunFigures;
  /** Its `ideas` are the pairs the model judged. */
  repeats: RunFigures;
  health: HealthFigures;
}

export interface SizeResult {
  /** The ideas seeded into the brainstorm before anything was measured. */
  ideas: number;
  seedSeconds: number;
  posts: WriteFigures & { p50Ms: number; p99Ms: number };
  generation: {
    seconds: number;
    ratio: number;
    providerCallsAtOnce: number;
    health: HealthFigures;
  };
  import: WriteFigures & { seconds: number };
  review: { unreviewed: PathTiming; table: PathTiming; health: HealthFigures };
  /** The ideas in the brainstorm when the paths were timed: what the export holds. */
  pathIdeas: number;
  searchWord: string;
  paths: PathResult[];
  /** The median wait from a vote to its event on an open live stream. */
  voteToEventMs: number;
  pathsHealth: HealthFigures;
  senseMaking: SenseMakingFigures;
  /** The server's resident memory after every measurement; null off Linux. */
  rssMb: number | null;
}

export interface ScaleResult extends BenchRun {
  settings: ScaleSettings;
  pairs: PairsResult;
  sizes: SizeResult[];
}

const FAKE_MODEL = 'fake-model';
const SEEDED_USERS = 3;

/** What the server needs besides its database: a secret, and the fake model as a provider. */
function serverEnv(database: ProcessEnv, fakeBaseUrl: string): ProcessEnv {
  return {
    ...database,
    JWT_SECRET: 'bench-'.repeat(8),
    LOG_LEVEL: 'error',
    OPENAI_COMPATIBLE_BASE_URL: fakeBaseUrl,
    OPENAI_COMPATIBLE_API_KEY: 'fake-llm-key',
    OPENAI_COMPATIBLE_MODELS: FAKE_MODEL,
    // Measured apart (the quality benchmark): its fake answers ideas, not verdicts.
    REPEATS_JUDGE: 'off',
    GENERATION_MAX_IDEAS_PER_HOUR: '100000',
    GENERATION_DAILY_TOKENS_PER_USER: '100000000',
    GENERATION_DAILY_TOKENS_TOTAL: '100000000',
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (started: number) => performance.now() - started;

/** A new brainstorm with no ideas, over the API. */
async function createBrainstorm(session: Session): Promise<number> {
  const body = {
    title: 'Quieter office',
    parameters: {
      problem: 'Our open-plan office is too noisy to concentrate in.',
      themes: ['furniture', 'habits', 'schedules'],
    },
  };
  const { body: created } = await post(session, '/api/brainstorms/', JSON.stringify(body));
  return (created as BrainstormDto).id;
}

/** The seeded brainstorm: the only one, with every seeded idea. */
async function seededBrainstorm(session: Session): Promise<number> {
  const page = await getPage<BrainstormDto>(session, '/api/brainstorms/?page_size=1');
  const brainstorm = page.results[0];
  if (!brainstorm) throw new Error('The seed made no brainstorm.');
  return brainstorm.id;
}

/** The newest ideas of the brainstorm, stacked ones left out. */
async function newestIdeas(session: Session, brainstormId: number, count: number) {
  const path = `/api/ideas/?brainstorm=${brainstormId}&page_size=${count}`;
  return (await getPage<IdeaDto>(session, path)).results;
}

/**
 * Ideas written by hand, one after another, every eighth a rewording of one four before: the
 * waits, and the ideas the detector stacked (the originals of stacks, to time one later).
 */
async function postIdeas(session: Session, brainstormId: number, count: number) {
  const waits: number[] = [];
  const originals: number[] = [];
  for (let n = 0; n < count; n++) {
    const text = n % 8 === 7 ? reworded(writtenIdea(n - 4), n) : writtenIdea(n);
    const started = performance.now();
    const { body } = await post(
      session,
      '/api/ideas/',
      JSON.stringify({ brainstorm: brainstormId, ...text }),
    );
    waits.push(since(started));
    const original = (body as IdeaDto).duplicate_of;
    if (original !== null) originals.push(original);
  }
  return { ...latencies(waits), originals };
}

/** A generation of the fake model, from its request to its end: the seconds it took. */
async function generate(session: Session, brainstormId: number, ideas: number) {
  const started = performance.now();
  const { body } = await post(
    session,
    `/api/brainstorms/${brainstormId}/brainstorm/`,
    JSON.stringify({
      num_workers: ideas,
      worker_params: Array.from({ length: ideas }, () => ({
        provider: 'openai_compatible',
        model: FAKE_MODEL,
      })),
    }),
  );
  const { id } = body as GenerationDto;
  for (;;) {
    const generation = (await get(session, `/api/generations/${id}/`)).body as GenerationDto;
    if (!['queued', 'running'].includes(generation.status)) {
      if (generation.succeeded !== ideas) {
        throw new Error(`The generation failed: ${JSON.stringify(generation.failures)}`);
      }
      return since(started) / 1000;
    }
    await sleep(50);
  }
}

/**
 * The import's rows: written ideas from the `first`, every tenth a rewording of one of the
 * brainstorm's ideas and every tenth another a rewording of a row two before it.
 */
function importRows(count: number, first: number, existing: IdeaText[]): IdeaText[] {
  const rows: IdeaText[] = [];
  for (let n = 0; n < count; n++) {
    const repeated = existing[n % Math.max(existing.length, 1)];
    const before = rows[n - 2];
    if (n % 10 === 9 && repeated) rows.push(reworded(repeated, n));
    else if (n % 10 === 4 && before) rows.push(reworded(before, n + 1));
    else rows.push(writtenIdea(first + n));
  }
  return rows;
}

/** Imports the rows as a JSON file: the seconds it took and how many were stacked. */
async function importIdeas(session: Session, brainstormId: number, rows: IdeaText[]) {
  const started = performance.now();
  const { body } = await post(
    session,
    `/api/brainstorms/${brainstormId}/import/`,
    JSON.stringify({ format: 'json', content: JSON.stringify(rows) }),
  );
  const seconds = since(started) / 1000;
  const result = body as ImportResultDto;
  if (result.imported !== rows.length) {
    throw new Error(`The import stored ${result.imported} of ${rows.length} rows.`);
  }
  return { seconds, stacked: result.stacked };
}

/** The ideas a ranking compares: the top of the brainstorm by votes. */
export const RANKED_IDEAS = 20;

/** A sense-making run of the brainstorm, waited for: its seconds, calls and the ideas it read. */
async function analyse(
  session: Session,
  brainstormId: number,
  body: Record<string, unknown>,
): Promise<RunFigures> {
  const started = performance.now();
  const { body: created } = await post(
    session,
    `/api/brainstorms/${brainstormId}/analyses/`,
    JSON.stringify(body),
  );
  const { id } = created as AnalysisDto;
  for (;;) {
    const run = (await get(session, `/api/analyses/${id}/`)).body as AnalysisDto;
    if (run.status === 'failed') throw new Error(`The ${run.kind} run failed: ${run.error ?? ''}`);
    if (run.status === 'done') {
      return { seconds: since(started) / 1000, calls: run.calls_made, ideas: ideasRead(run) };
    }
    await sleep(50);
  }
}

function ideasRead(run: AnalysisDto): number {
  const result = run.result;
  if (result?.kind === 'themes') {
    return result.themes.reduce((sum, theme) => sum + theme.ideas.length, result.unsorted.length);
  }
  if (result?.kind === 'repeats') return result.judged;
  return result?.kind === 'rank' ? result.ideas.length : 0;
}

/**
 * Themes by the fake model, then by keywords, then a ranking of the top ideas, then repeats
 * judged among the newest ideas (the step's default).
 */
async function senseMaking(session: Session, brainstormId: number) {
  const model = { provider: 'openai_compatible', model: FAKE_MODEL };
  return {
    themes: await analyse(session, brainstormId, { kind: 'themes', ...model }),
    keywordThemes: await analyse(session, brainstormId, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    }),
    ranking: await analyse(session, brainstormId, { kind: 'rank', top: RANKED_IDEAS, ...model }),
    repeats: await analyse(session, brainstormId, { kind: 'repeats', ...model }),
  };
}

/** The per-brainstorm paths timed one after another, each a number of times. */
function pathsOf(brainstormId: number, searchWord: string, original: number, heldAt: number) {
  const ideas = `/api/ideas/?brainstorm=${brainstormId}`;
  const brainstorm = `/api/brainstorms/${brainstormId}`;
  return [
    { key: 'search', name: `ideas, search '${searchWord}'`, path: `${ideas}&search=${searchWord}` },
    { key: 'by-votes', name: 'ideas by votes', path: `${ideas}&ordering=-votes` },
    {
      key: 'with-duplicates',
      name: 'ideas with duplicates',
      path: `${ideas}&include_duplicates=true`,
    },
    { key: 'stack', name: 'one stack', path: `${ideas}&duplicate_of=${original}` },
    {
      // The review list as a reviewer holds it while the import's ideas arrived.
      key: 'review-held',
      name: 'review queue, held before the import',
      path: `/api/ideas/unreviewed/?brainstorm=${brainstormId}&up_to=${heldAt}`,
    },
    { key: 'unsorted', name: 'ideas, theme none', path: `${ideas}&theme=none` },
    {
      key: 'reviewed',
      name: 'reviewed by anyone',
      path: `/api/ideas/reviewed/?brainstorm=${brainstormId}&user_filter=any`,
    },
    { key: 'review-queue', name: 'dashboard review queue', path: '/api/dashboard/review-queue/' },
    { key: 'steering', name: 'steering', path: `${brainstorm}/steering/` },
    {
      key: 'theme-suggestions',
      name: 'theme suggestions',
      path: `${brainstorm}/theme-suggestions/`,
    },
    { key: 'disagreements', name: 'disagreements', path: `${brainstorm}/disagreements/` },
    {
      key: 'possible-repeats',
      name: 'possible repeats of the top 20',
      path: `${brainstorm}/possible-repeats/`,
    },
    { key: 'assessments', name: 'assessments', path: `${brainstorm}/assessments/` },
    {
      key: 'insights',
      name: 'model insights',
      path: `/api/insights/models/?brainstorm=${brainstormId}`,
    },
    { key: 'export', name: 'CSV export', path: `${ideas}&format=csv` },
  ];
}

/** The longest word of a title, to search for: it occurs in the brainstorm at least once. */
const longestWord = (title: string) =>
  title
    .split(/[^A-Za-z]+/)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '');

/** Everything measured on one server, in order, each while the health prober runs. */
async function measureServer(
  server: ServerProcess,
  fake: FakeLlmServer,
  signedIn: () => Promise<Session>,
  brainstormId: number,
  searchWord: string,
  settings: ScaleSettings,
) {
  const probed = <T>(measure: () => Promise<T>) => withHealthProbes(server.url, measure);

  const posted = await probed(async () =>
    postIdeas(await signedIn(), brainstormId, settings.posts),
  );
  const generated = await probed(async () =>
    generate(await signedIn(), brainstormId, settings.generatedIdeas),
  );
  const providerCallsAtOnce = fake.maxInFlight;
  const existing = await newestIdeas(await signedIn(), brainstormId, 20);
  const rows = importRows(settings.importRows, settings.posts, existing);
  const imported = await probed(async () => importIdeas(await signedIn(), brainstormId, rows));
  const review = await probed(async () => {
    const session = await signedIn();
    const unreviewed = await timeGets(
      session,
      `/api/ideas/unreviewed/?brainstorm=${brainstormId}`,
      settings.reviewRequests,
    );
    const table = await timeGets(
      session,
      `/api/ideas/?brainstorm=${brainstormId}&with_annotations=true&page_size=50`,
      settings.reviewRequests,
    );
    return { unreviewed, table };
  });

  const session = await signedIn();
  const original = posted.result.originals[0] ?? existing[0]?.id ?? 0;
  const { ideas_count: pathIdeas } = (await get(session, `/api/brainstorms/${brainstormId}/`))
    .body as BrainstormDto;
  const unreviewed = await getPage<IdeaDto>(
    session,
    `/api/ideas/unreviewed/?brainstorm=${brainstormId}&page_size=${settings.pathRequests}`,
  );
  const timed = await probed(async () => {
    const paths: PathResult[] = [];
    for (const path of pathsOf(brainstormId, searchWord, original, existing[0]?.id ?? 0)) {
      paths.push({
        ...path,
        timing: await timeGets(await signedIn(), path.path, settings.pathRequests),
      });
    }
    const voteIds = unreviewed.results.map((idea) => idea.id);
    return { paths, voteToEventMs: await voteToEvent(await signedIn(), brainstormId, voteIds) };
  });
  const senseMade = await probed(async () => senseMaking(await signedIn(), brainstormId));

  return {
    posts: {
      p50Ms: posted.result.p50Ms,
      p99Ms: posted.result.p99Ms,
      stacked: posted.result.originals.length,
      health: posted.health,
    },
    generation: {
      seconds: generated.result,
      ratio: (generated.result * 1000) / settings.delayMs,
      providerCallsAtOnce,
      health: generated.health,
    },
    import: { ...imported.result, health: imported.health },
    review: { ...review.result, health: review.health },
    pathIdeas,
    searchWord,
    paths: timed.result.paths,
    voteToEventMs: timed.result.voteToEventMs,
    pathsHealth: timed.health,
    senseMaking: { ...senseMade.result, health: senseMade.health },
    rssMb: residentMb(server.pid),
  };
}

/** One size on a fresh database: seeded, served, measured; stops and drops all it started. */
async function measureSize(
  ideas: number,
  settings: ScaleSettings,
  postgresUrl: string | undefined,
): Promise<SizeResult> {
  const database = await createThrowawayDatabase(postgresUrl);
  const fake = await startFakeLlmServer({
    default: (request) =>
      isSenseMaking(request)
        ? { kind: 'object', object: senseMakingAnswer(request), delayMs: settings.delayMs }
        : { kind: 'idea', delayMs: settings.delayMs },
  });
  try {
    const env = serverEnv(database.env, fake.baseUrl);
    const seeding = performance.now();
    // The seed makes at least one idea: the empty brainstorm is made over the API instead.
    const size = { brainstorms: 1, ideas: Math.max(ideas, 1), users: SEEDED_USERS };
    const { emails, password } = await seedUsers(size, env);
    const seedSeconds = since(seeding) / 1000;
    console.log(
      `${database.label}, ${ideas.toLocaleString('en')} ideas: seeded in ${seedSeconds.toFixed(1)} s`,
    );
    const email = emails[0] ?? '';
    return await withServer(env, async (server) => {
      const signedIn = () => signIn(server.url, email, password);
      const session = await signedIn();
      const brainstormId =
        ideas === 0 ? await createBrainstorm(session) : await seededBrainstorm(session);
      const [first] = await newestIdeas(session, brainstormId, 1);
      const searchWord = longestWord(first?.title ?? writtenIdea(0).title);
      console.log(`${database.label}, ${ideas.toLocaleString('en')} ideas: measuring...`);
      const measured = await measureServer(
        server,
        fake,
        signedIn,
        brainstormId,
        searchWord,
        settings,
      );
      return { ideas, seedSeconds, ...measured };
    });
  } finally {
    await fake.close();
    await database.drop();
  }
}

/** The labelled pairs, searched for as stacking searches, on a fresh database of the kind measured. */
async function scorePairsOn(postgresUrl: string | undefined): Promise<PairsResult> {
  if (postgresUrl) {
    const { database } = await createPostgresDatabase(postgresUrl);
    try {
      return await measureLabelledPairs(database.db, 'through the index');
    } finally {
      await database.close();
    }
  }
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await database.migrate();
    return await measureLabelledPairs(database.db, 'through the index');
  } finally {
    await database.close();
  }
}

/** The whole scale benchmark on one kind of database, a fresh one per size. */
export async function benchScale(options: ScaleOptions): Promise<ScaleResult> {
  await buildServerIfNeeded();
  const settings = scaleSettings(options);
  const pairs = await scorePairsOn(options.postgresUrl);
  const sizes: SizeResult[] = [];
  for (const ideas of settings.sizes) {
    sizes.push(await measureSize(ideas, settings, options.postgresUrl));
  }
  const database = options.postgresUrl ? 'postgres' : 'pglite';
  return { ...benchRun(database, options.smoke), settings, pairs, sizes };
}
