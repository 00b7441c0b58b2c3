import { isIP } from 'node:net';
import { z } from 'zod';
import {
  DEFAULT_MODEL_PRICES,
  mergePrices,
  parseModelPrices,
  type ModelPrice,
} from './modules/insights/model-prices.js';
import {
  loadProviders,
  type ProviderConfig,
  type ProviderKey,
} from './modules/providers/providers.config.js';

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which reverse proxies to believe about the client's address: a number of hops, or the
 * proxies' addresses. Never "any": the client writes the left end of X-Forwarded-For itself.
 */
const trustProxyField = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'Give the number of proxies in front of the server (e.g. 1) or their addresses ' +
      '(e.g. 10.0.0.1,10.1.0.0/16); `true` would let any client choose its own address.',
  });
  return z.NEVER;
});

/** Overrides of and additions to the price table, every bad entry listed. */
const modelPricesField = z.string().transform((raw, ctx) => {
  const { prices, problems } = parseModelPrices(raw);
  for (const message of problems) ctx.addIssue({ code: 'custom', message });
  return prices;
});

/** A whole number in a range, from an environment variable. */
function count(min: number, max: number) {
  return z.coerce
    .number({ error: 'Must be a whole number.' })
    .int('Must be a whole number.')
    .min(min)
    .max(max);
}

/** A share between 0 and 1, from an environment variable. */
const share = () =>
  z.coerce
    .number({ error: 'Must be a number between 0 and 1.' })
    .min(0, 'Must be a number between 0 and 1.')
    .max(1, 'Must be a number between 0 and 1.');

/**
 * When a new idea counts as a near-duplicate of one already in its brainstorm (decision 025).
 * `lexical` bounds the trigram similarity of title and summary, which needs no model and works
 * on both databases; `semantic` bounds the cosine similarity of two embeddings by one model,
 * used where the generation's provider offers one. Either one reaching its bound stacks.
 */
export interface DuplicateThresholds {
  lexical: number;
  semantic: number;
  /** Bounds for named embedding models, in place of `semantic` for their vectors. */
  embeddingModels?: Readonly<Record<string, EmbeddingThresholds>>;
}

/**
 * One embedding model's bounds: the cosine at which two ideas stack, and, where set, the cosine
 * below which two ideas that share their words are not stacked after all (a swapped key word:
 * bike repair, bike rental), since embedding models differ in how high they score alike texts.
 */
export interface EmbeddingThresholds {
  stack: number;
  veto: number | null;
}

/** The bounds for vectors of an embedding model: its own where set, else `semantic`, no veto. */
export function embeddingThresholds(
  thresholds: DuplicateThresholds,
  model: string,
): EmbeddingThresholds {
  const own = thresholds.embeddingModels;
  const set = own && Object.hasOwn(own, model) ? own[model] : undefined;
  return set ?? { stack: thresholds.semantic, veto: null };
}

const EMBEDDING_THRESHOLD_ENTRY =
  /^(\S+?)=(0(?:\.\d+)?|1(?:\.0+)?)(?:\/(0(?:\.\d+)?|1(?:\.0+)?))?$/;

/** Per embedding model, `model=stack` or `model=stack/veto`, comma-separated; every bad entry. */
const embeddingThresholdsField = z.string().transform((raw, ctx) => {
  const models: Record<string, EmbeddingThresholds> = {};
  for (const entry of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [, model = '', stack = '', veto] = EMBEDDING_THRESHOLD_ENTRY.exec(entry) ?? [];
    if (!model || (veto !== undefined && Number(veto) >= Number(stack))) {
      ctx.addIssue({
        code: 'custom',
        message:
          `'${entry}' is not model=stack or model=stack/veto, two cosines between 0 and 1 ` +
          'with the veto below the stack (e.g. text-embedding-3-small=0.85/0.4).',
      });
      continue;
    }
    models[model] = { stack: Number(stack), veto: veto === undefined ? null : Number(veto) };
  }
  return models;
});

/** Measured on the labelled pairs (`near-duplicates.test.ts`); the README gives the figures. */
export const DEFAULT_DUPLICATE_THRESHOLDS: DuplicateThresholds = { lexical: 0.5, semantic: 0.9 };

/**
 * The model that judges, after ideas are stored, which of them repeat an earlier idea in other
 * words (a 'repeats' step, issue 38); none where no language model is configured or it is off.
 */
export interface RepeatsJudge {
  provider: ProviderKey;
  model: string;
}

/**
 * `REPEATS_JUDGE`: 'auto' (the first language-model provider's default model), 'off', or
 * `provider:model` of a configured provider.
 */
function repeatsJudge(setting: string, providers: readonly ProviderConfig[]): RepeatsJudge | null {
  const models = providers.filter((provider) => provider.key !== 'offline');
  if (setting === 'off') return null;
  if (setting === 'auto') {
    const first = models[0];
    return first ? { provider: first.key, model: first.defaultModel } : null;
  }
  const [key = '', ...rest] = setting.split(':');
  const model = rest.join(':');
  const provider = models.find((candidate) => candidate.key === key);
  if (!provider?.models.includes(model)) {
    const choices = models.flatMap((p) => p.models.map((m) => `${p.key}:${m}`));
    throw new ConfigError([
      `REPEATS_JUDGE: '${setting}' is not a model of a configured language-model provider. ` +
        `Use 'auto', 'off' or one of: ${choices.join(', ') || 'none configured'}.`,
    ]);
  }
  return { provider: provider.key, model };
}

/** The embedding models used unless configured; Ollama and OpenAI-compatible ones are opt-in. */
export const DEFAULT_EMBEDDING_MODELS = {
  openai: 'text-embedding-3-small',
  google: 'gemini-embedding-001',
} as const;

/** A model name, or 'none' for no embeddings from that provider. */
function embeddingModel() {
  return z
    .string()
    .trim()
    .min(1)
    .max(200, 'Must be a model name of at most 200 characters, or none.')
    .regex(/^\S+$/, 'Must be one model name (no spaces), or none.');
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// or postgresql:// URL.' })
      .optional(),
    DATABASE_POOL_SIZE: count(1, 1000).optional(),
    JWT_SECRET: z.string().min(32, 'Must be at least 32 characters long.').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    TRUST_PROXY: trustProxyField.default(false),
    ADMIN_EMAIL: z.email().default('admin@ideaforge.local'),
    WEB_DIST_DIR: z.string().min(1).optional(),
    SHUTDOWN_DRAIN_SECONDS: count(0, 600).default(0),
    WORKERS: z
      .enum(['0', '1'], { error: 'Must be 1 (run workers here) or 0 (none).' })
      .default('1'),
    GENERATION_TIMEOUT_SECONDS: count(1, 3600).default(120),
    GENERATION_ATTEMPTS: count(1, 10).default(4),
    GENERATION_RETRY_DELAY_MS: count(0, 600_000).default(2000),
    GENERATION_MAX_RETRY_AFTER_SECONDS: count(0, 3600).default(60),
    GENERATION_MAX_RUNNING_PER_USER: count(1, 1000).default(3),
    GENERATION_MAX_IDEAS_PER_HOUR: count(1, 1_000_000).default(200),
    GENERATION_DAILY_TOKENS_PER_USER: count(1, 2_000_000_000).default(2_000_000),
    GENERATION_DAILY_TOKENS_TOTAL: count(1, 2_000_000_000).default(20_000_000),
    GENERATION_SHUTDOWN_GRACE_SECONDS: count(0, 600).default(10),
    QUEUE_MAINTENANCE_SECONDS: count(1, 3600).default(10),
    QUEUE_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(10),
    DUPLICATE_LEXICAL_THRESHOLD: share().default(DEFAULT_DUPLICATE_THRESHOLDS.lexical),
    DUPLICATE_SEMANTIC_THRESHOLD: share().default(DEFAULT_DUPLICATE_THRESHOLDS.semantic),
    DUPLICATE_EMBEDDING_THRESHOLDS: embeddingThresholdsField.default({}),
    REPEATS_JUDGE: z.string().trim().min(1).default('auto'),
    OPENAI_EMBEDDING_MODEL: embeddingModel().default(DEFAULT_EMBEDDING_MODELS.openai),
    GOOGLE_EMBEDDING_MODEL: embeddingModel().default(DEFAULT_EMBEDDING_MODELS.google),
    OLLAMA_EMBEDDING_MODEL: embeddingModel().default('none'),
    OPENAI_COMPATIBLE_EMBEDDING_MODEL: embeddingModel().default('none'),
    LIVE_STREAMS_PER_USER: count(1, 10_000).default(10),
    LIVE_STREAMS_PER_PROCESS: count(1, 1_000_000).default(2000),
    LIVE_KEEP_ALIVE_SECONDS: count(1, 3600).default(15),
    MODEL_PRICES: modelPricesField.default([]),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: 'Must be an http:// or https:// address.' })
      .optional(),
    WEBHOOK_ALLOW_PRIVATE_URLS: z
      .enum(['true', 'false'], { error: 'Must be true or false.' })
      .default('false'),
    WEBHOOK_TIMEOUT_SECONDS: count(1, 60).default(10),
    WEBHOOK_ATTEMPTS: count(1, 20).default(8),
    WEBHOOK_RETRY_DELAY_SECONDS: count(0, 3600).default(30),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'Required when DATABASE_URL is set (every server instance must share it).',
      });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections one process may open to PostgreSQL (the client's default when unset). */
  databasePoolSize: number | undefined;
  jwtSecret: string | undefined;
  logLevel: string;
  /** Proxy hops or addresses whose X-Forwarded-* headers are believed; false for none. */
  trustProxy: false | number | string[];
  adminEmail: string;
  webDistDir: string | undefined;
  /**
   * On SIGTERM, how long readiness answers 503 before the server stops accepting requests: the
   * time a load balancer needs to notice and send them elsewhere.
   */
  shutdownDrainMs: number;
  /** Language-model providers, in the order users see them; the offline one is always there. */
  providers: ProviderConfig[];
  /** Providers left out because they are set up wrongly, one line each, shown at start. */
  providerProblems: string[];
  generation: GenerationConfig;
  duplicates: DuplicateThresholds;
  repeatsJudge: RepeatsJudge | null;
  live: LiveConfig;
  /** Dollars per million tokens per provider and model: the defaults and the setting's. */
  modelPrices: ModelPrice[];
  /** Where users reach the web app (`https://ideas.example.com`), for links sent out; or none. */
  publicUrl: string | undefined;
  webhooks: WebhookConfig;
}

/** Outgoing webhooks (decision 034). */
export interface WebhookConfig {
  /**
   * Whether a webhook may point at a private, loopback or link-local address: off, so that staff
   * cannot make the server reach what only it can reach (server-side request forgery).
   */
  allowPrivateUrls: boolean;
  /** How long one attempt may take, connection and answer together. */
  timeoutMs: number;
  /** Attempts a delivery gets before it is failed. */
  attempts: number;
  /** The wait before the first retry; it doubles with each one after. */
  retryDelaySeconds: number;
}

/** Live streams (decision 026). */
export interface LiveConfig {
  /** The most streams one user may hold open in one process. */
  streamsPerUser: number;
  /** The most streams one process holds open. */
  streamsPerProcess: number;
  /** How often each stream hears a comment line, and each process re-announces who it serves. */
  keepAliveMs: number;
}

export interface GenerationConfig {
  /** Whether this process runs generation workers (WORKERS=0 leaves them to others). */
  workers: boolean;
  /** How long one provider call may take. */
  timeoutMs: number;
  /** Provider calls one idea may make before its failure is final. */
  attempts: number;
  /** The first back-off between attempts; it doubles each time. */
  retryDelayMs: number;
  /** The longest Retry-After a rate-limited call waits for. */
  maxRetryAfterMs: number;
  /** How long running jobs may finish when the process stops, before they go back to the queue. */
  shutdownGraceMs: number;
  /** How often the queue looks for jobs whose worker died. */
  maintenanceSeconds: number;
  /** How often an idle worker asks the queue for jobs. */
  pollingSeconds: number;
  limits: GenerationLimits;
}

export interface GenerationLimits {
  /** Generations of one user that may be queued or running at once. */
  runningPerUser: number;
  /** Ideas one user may request in any hour. */
  ideasPerHour: number;
  /** Tokens (used plus reserved for unfinished ideas) per user and UTC day. */
  dailyTokensPerUser: number;
  /** Tokens per UTC day for the whole deployment. */
  dailyTokensTotal: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables, reporting every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const setup = loadProviders(env);
  const embeddings: Partial<Record<ProviderKey, string>> = {
    openai: e.OPENAI_EMBEDDING_MODEL,
    google: e.GOOGLE_EMBEDDING_MODEL,
    ollama: e.OLLAMA_EMBEDDING_MODEL,
    openai_compatible: e.OPENAI_COMPATIBLE_EMBEDDING_MODEL,
  };
  const providers = setup.providers.map((provider) => {
    const model = embeddings[provider.key];
    return model && model !== 'none' ? { ...provider, embeddingModel: model } : provider;
  });
  const problems = setup.problems;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'warn' : 'info'),
    trustProxy: e.TRUST_PROXY,
    adminEmail: e.ADMIN_EMAIL,
    webDistDir: e.WEB_DIST_DIR,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    providers,
    providerProblems: problems,
    generation: {
      workers: e.WORKERS === '1',
      timeoutMs: e.GENERATION_TIMEOUT_SECONDS * 1000,
      attempts: e.GENERATION_ATTEMPTS,
      retryDelayMs: e.GENERATION_RETRY_DELAY_MS,
      maxRetryAfterMs: e.GENERATION_MAX_RETRY_AFTER_SECONDS * 1000,
      shutdownGraceMs: e.GENERATION_SHUTDOWN_GRACE_SECONDS * 1000,
      maintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS,
      pollingSeconds: e.QUEUE_POLLING_SECONDS,
      limits: {
        runningPerUser: e.GENERATION_MAX_RUNNING_PER_USER,
        ideasPerHour: e.GENERATION_MAX_IDEAS_PER_HOUR,
        dailyTokensPerUser: e.GENERATION_DAILY_TOKENS_PER_USER,
        dailyTokensTotal: e.GENERATION_DAILY_TOKENS_TOTAL,
      },
    },
    duplicates: {
      lexical: e.DUPLICATE_LEXICAL_THRESHOLD,
      semantic: e.DUPLICATE_SEMANTIC_THRESHOLD,
      embeddingModels: e.DUPLICATE_EMBEDDING_THRESHOLDS,
    },
    repeatsJudge: repeatsJudge(e.REPEATS_JUDGE, providers),
    live: {
      streamsPerUser: e.LIVE_STREAMS_PER_USER,
      streamsPerProcess: e.LIVE_STREAMS_PER_PROCESS,
      keepAliveMs: e.LIVE_KEEP_ALIVE_SECONDS * 1000,
    },
    modelPrices: mergePrices(DEFAULT_MODEL_PRICES, e.MODEL_PRICES),
    publicUrl: e.PUBLIC_URL && new URL(e.PUBLIC_URL).origin,
    webhooks: {
      allowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS === 'true',
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      attempts: e.WEBHOOK_ATTEMPTS,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
    },
  };
}
