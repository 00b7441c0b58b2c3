/**
 * Which language-model providers this deployment offers, read from environment variables.
 * A provider without its key is simply absent; one that is set up wrongly (a bad URL, an empty
 * model list) is reported and left out, never replaced by another.
 */

export const PROVIDER_KEYS = [
  'openai',
  'anthropic',
  'google',
  'ollama',
  'openai_compatible',
  'offline',
] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];

/**
 * What a provider can do (decision 027). A language model does all of it, and embeds when an
 * embedding model is configured. The offline provider composes ideas and clusters them by their
 * words, honestly labelled so; it cannot judge, rank or merge ideas without a model.
 */
export const PROVIDER_CAPABILITIES = [
  'generate',
  'embed',
  'cluster',
  'assess',
  'rank',
  'combine',
  'judge',
] as const;
export type ProviderCapability = (typeof PROVIDER_CAPABILITIES)[number];

export function capabilitiesOf(provider: ProviderConfig): ProviderCapability[] {
  if (provider.key === 'offline') return ['generate', 'cluster'];
  return PROVIDER_CAPABILITIES.filter((c) => c !== 'embed' || !!provider.embeddingModel);
}

export interface ProviderConfig {
  key: ProviderKey;
  /** The label users choose from. */
  name: string;
  models: string[];
  defaultModel: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
  /** How many of its calls may run at once in one worker process. */
  concurrency: number;
  /** The model that embeds its ideas for the near-duplicate check; none when absent. */
  embeddingModel?: string | undefined;
}

export const OFFLINE_PROVIDER_NAME = 'Offline sample ideas (no AI)';
export const OFFLINE_MODEL = 'sample-ideas';

/** Calls in flight per provider and worker process unless `<PREFIX>_CONCURRENCY` says otherwise:
 * enough for the largest generation (50 ideas) to run at once. */
export const DEFAULT_CONCURRENCY = 50;

interface ProviderSource {
  key: Exclude<ProviderKey, 'offline'>;
  name: string;
  /** Environment variable prefix, e.g. OPENAI for OPENAI_API_KEY. */
  prefix: string;
  /** The variable whose presence turns the provider on. */
  enabledBy: string;
  keyVariable?: string;
  baseUrlVariable?: string;
  defaultModels?: string[];
}

const SOURCES: ProviderSource[] = [
  {
    key: 'openai',
    name: 'OpenAI',
    prefix: 'OPENAI',
    enabledBy: 'OPENAI_API_KEY',
    keyVariable: 'OPENAI_API_KEY',
    baseUrlVariable: 'OPENAI_BASE_URL',
    defaultModels: ['gpt-5-mini', 'gpt-5', 'gpt-4.1-mini'],
  },
  {
    key: 'anthropic',
    name: 'Anthropic',
    prefix: 'ANTHROPIC',
    enabledBy: 'ANTHROPIC_API_KEY',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    defaultModels: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
  },
  {
    key: 'google',
    name: 'Google Gemini',
    prefix: 'GOOGLE',
    enabledBy: 'GOOGLE_GENERATIVE_AI_API_KEY',
    keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    baseUrlVariable: 'GOOGLE_BASE_URL',
    defaultModels: ['gemini-2.5-flash', 'gemini-2.5-pro'],
  },
  {
    key: 'ollama',
    name: 'Ollama',
    prefix: 'OLLAMA',
    enabledBy: 'OLLAMA_BASE_URL',
    baseUrlVariable: 'OLLAMA_BASE_URL',
  },
  {
    key: 'openai_compatible',
    name: 'OpenAI-compatible',
    prefix: 'OPENAI_COMPATIBLE',
    enabledBy: 'OPENAI_COMPATIBLE_BASE_URL',
    keyVariable: 'OPENAI_COMPATIBLE_API_KEY',
    baseUrlVariable: 'OPENAI_COMPATIBLE_BASE_URL',
  },
];

export interface ProviderSetup {
  providers: ProviderConfig[];
  /** One line per provider left out, naming the variable to fix. */
  problems: string[];
}

const value = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

function parseModels(raw: string): string[] {
  return [...new Set(raw.split(',').map((m) => m.trim()))].filter((m) => m.length > 0);
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseConcurrency(env: NodeJS.ProcessEnv, prefix: string, problems: string[]): number {
  const name = `${prefix}_CONCURRENCY`;
  const raw = value(env, name);
  if (raw === undefined) return DEFAULT_CONCURRENCY;
  if (/^\d{1,4}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 1000) return Number(raw);
  problems.push(`${name}: must be a whole number from 1 to 1000; using ${DEFAULT_CONCURRENCY}.`);
  return DEFAULT_CONCURRENCY;
}

function fromSource(
  source: ProviderSource,
  env: NodeJS.ProcessEnv,
  problems: string[],
): ProviderConfig | null {
  if (value(env, source.enabledBy) === undefined) return null;
  const left = (message: string) => {
    problems.push(`${source.name} is left out: ${message}`);
    return null;
  };
  const baseUrl = source.baseUrlVariable ? value(env, source.baseUrlVariable) : undefined;
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    return left(`${source.baseUrlVariable} must be an http:// or https:// URL.`);
  }
  const modelsVariable = `${source.prefix}_MODELS`;
  const modelsRaw = env[modelsVariable];
  let models: string[];
  if (modelsRaw === undefined) {
    if (!source.defaultModels) return left(`set ${modelsVariable} to the models it serves.`);
    models = source.defaultModels;
  } else {
    models = parseModels(modelsRaw);
    if (models.length === 0) return left(`${modelsVariable} lists no model.`);
  }
  const [defaultModel] = models;
  if (defaultModel === undefined) return left(`${modelsVariable} lists no model.`);
  const tooLong = models.find((m) => m.length > 200);
  if (tooLong) return left(`${modelsVariable} has a model name over 200 characters.`);
  const name =
    source.key === 'openai_compatible'
      ? (value(env, 'OPENAI_COMPATIBLE_NAME') ?? source.name)
      : source.name;
  return {
    key: source.key,
    name,
    models,
    defaultModel,
    apiKey: source.keyVariable ? value(env, source.keyVariable) : undefined,
    baseUrl,
    concurrency: parseConcurrency(env, source.prefix, problems),
  };
}

/** The configured providers in the order users see them; the offline one always comes last. */
export function loadProviders(env: NodeJS.ProcessEnv): ProviderSetup {
  const problems: string[] = [];
  const providers = SOURCES.map((source) => fromSource(source, env, problems)).filter(
    (p): p is ProviderConfig => p !== null,
  );
  providers.push({
    key: 'offline',
    name: OFFLINE_PROVIDER_NAME,
    models: [OFFLINE_MODEL],
    defaultModel: OFFLINE_MODEL,
    apiKey: undefined,
    baseUrl: undefined,
    concurrency: parseConcurrency(env, 'OFFLINE', problems),
  });
  return { providers, problems };
}
