import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, generateText, Output, type EmbeddingModel, type LanguageModel } from 'ai';
import { z } from 'zod';
import type { GenerationSettings } from '../../db/schema/ideas.js';
import {
  generatedIdeaSchema,
  type BuiltPrompt,
  type GeneratedIdea,
  type PromptInput,
} from './generated-idea.js';
import { composeOfflineIdea, seededRandom } from './offline-provider.js';
import type { ProviderConfig, ProviderKey } from './providers.config.js';

export interface IdeaRequest {
  model: string;
  prompt: BuiltPrompt;
  /** The slot's material, for the offline provider, which composes instead of asking a model. */
  input: PromptInput;
  settings: Required<GenerationSettings>;
  /** The slot's number in its generation: the offline provider gives each slot its own ideas. */
  slot: number;
  /** Varies the offline provider's choices from one slot and attempt to the next. */
  seed: number;
  signal: AbortSignal;
}

export interface IdeaResult {
  /** As many as the prompt asked for (`input.candidates`), less any malformed ones; never none. */
  ideas: GeneratedIdea[];
  inputTokens: number;
  outputTokens: number;
}

export interface EmbeddingResult {
  model: string;
  vectors: number[][];
  /** What the provider charged; null where it reports nothing (Google's embedding API). */
  tokens: number | null;
}

/** One call that answers an object of a schema: a sense-making step's (decision 027). */
export interface ObjectRequest<T> {
  model: string;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  /** The object's name, as structured output modes ask for one. */
  name: string;
  maxOutputTokens: number;
  temperature: number;
  signal: AbortSignal;
}

export interface ObjectResult<T> {
  object: T;
  inputTokens: number;
  outputTokens: number;
}

/** One configured provider, able to produce one idea, or several candidates, per call. */
export interface IdeaProviderClient {
  generate(request: IdeaRequest): Promise<IdeaResult>;
  /** Asks a language model for one object; the offline provider has no model to ask. */
  complete?: <T>(request: ObjectRequest<T>) => Promise<ObjectResult<T>>;
  /** Embeds texts in one call, when the provider has an embedding model configured. */
  embed?: (texts: string[], signal: AbortSignal) => Promise<EmbeddingResult>;
}

/** The answer a model gives is malformed: empty or not the idea asked for. */
export class MalformedIdeaError extends Error {
  /** What the call that gave the answer used, when the client knows it. */
  usage?: { inputTokens: number; outputTokens: number };

  constructor(message: string) {
    super(message);
    this.name = 'MalformedIdeaError';
  }
}

/**
 * The shape asked of the model: plain strings with descriptions. Length limits are left out
 * because strict structured-output modes refuse them; the answer is checked and cut to the
 * stored limits afterwards (`normaliseIdea`).
 */
export const ideaOutputSchema = z.object({
  title: z.string().describe(generatedIdeaSchema.shape.title.description ?? ''),
  summary: z.string().describe(generatedIdeaSchema.shape.summary.description ?? ''),
  description: z.string().describe(generatedIdeaSchema.shape.description.description ?? ''),
});

/** Several candidates in one answer: a list, its length asked for in the prompt. */
const candidatesOutputSchema = z.object({ ideas: z.array(ideaOutputSchema) });

/** The candidates of an answer that are well formed; malformed only when none is. */
export function normaliseCandidates(raw: unknown): GeneratedIdea[] {
  const list = candidatesOutputSchema.shape.ideas.safeParse(
    typeof raw === 'object' && raw !== null ? (raw as { ideas?: unknown }).ideas : undefined,
  );
  if (!list.success) throw new MalformedIdeaError('The answer had no list of ideas.');
  const ideas: GeneratedIdea[] = [];
  for (const candidate of list.data) {
    try {
      ideas.push(normaliseIdea(candidate));
    } catch (error) {
      if (!(error instanceof MalformedIdeaError)) throw error;
    }
  }
  if (ideas.length === 0) throw new MalformedIdeaError('The answer had no well-formed idea.');
  return ideas;
}

const LIMITS = { title: 200, summary: 1000, description: 10_000 } as const;

/** Trims each field, refuses an empty one, and cuts an over-long one on a word boundary. */
export function normaliseIdea(raw: z.infer<typeof ideaOutputSchema>): GeneratedIdea {
  const idea = {} as GeneratedIdea;
  for (const field of ['title', 'summary', 'description'] as const) {
    const text = raw[field].replace(/\s+/g, ' ').trim();
    if (text === '') throw new MalformedIdeaError(`The answer had an empty ${field}.`);
    idea[field] = cut(text, LIMITS[field]);
  }
  return idea;
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function languageModelFactory(config: ProviderConfig): ((model: string) => LanguageModel) | null {
  switch (config.key) {
    case 'openai': {
      const openai = createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl });
      return (model) => openai(model);
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl });
      return (model) => anthropic(model);
    }
    case 'google': {
      const google = createGoogle({ apiKey: config.apiKey, baseURL: config.baseUrl });
      return (model) => google(model);
    }
    case 'ollama':
    case 'openai_compatible': {
      const provider = createOpenAICompatible({
        name: config.key,
        baseURL: config.key === 'ollama' ? ollamaOpenAiUrl(config.baseUrl) : (config.baseUrl ?? ''),
        apiKey: config.apiKey,
        supportsStructuredOutputs: true,
      });
      return (model) => provider(model);
    }
    case 'offline':
      return null;
  }
}

/** The provider's configured embedding model, through the same SDK provider as its ideas. */
function embeddingModelFor(config: ProviderConfig): EmbeddingModel | null {
  const name = config.embeddingModel;
  if (!name) return null;
  switch (config.key) {
    case 'openai':
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl }).embeddingModel(name);
    case 'google':
      return createGoogle({ apiKey: config.apiKey, baseURL: config.baseUrl }).embeddingModel(name);
    case 'ollama':
    case 'openai_compatible':
      return createOpenAICompatible({
        name: config.key,
        baseURL: config.key === 'ollama' ? ollamaOpenAiUrl(config.baseUrl) : (config.baseUrl ?? ''),
        apiKey: config.apiKey,
      }).embeddingModel(name);
    case 'anthropic':
    case 'offline':
      return null;
  }
}

/** Ollama serves the OpenAI-compatible API under /v1 of its address. */
function ollamaOpenAiUrl(baseUrl: string | undefined): string {
  const base = (baseUrl ?? 'http://127.0.0.1:11434').replace(/\/+$/, '');
  return base.endsWith('/v1') ? base : `${base}/v1`;
}

function modelClient(
  languageModel: (model: string) => LanguageModel,
  embeddingModel: EmbeddingModel | null,
  embeddingModelName: string | undefined,
): IdeaProviderClient {
  const client: IdeaProviderClient = {
    async generate({ model, prompt, input, settings, signal }) {
      const several = (input.candidates ?? 1) > 1;
      const result = await generateText({
        model: languageModel(model),
        instructions: prompt.system,
        prompt: prompt.prompt,
        output: several
          ? Output.object({ schema: candidatesOutputSchema, name: 'ideas' })
          : Output.object({ schema: ideaOutputSchema, name: 'idea' }),
        temperature: settings.temperature,
        // max_tokens is per idea: several candidates may use it each (and reserved so).
        maxOutputTokens: settings.max_tokens * (input.candidates ?? 1),
        // Retries belong to the job, which honours Retry-After and records every attempt.
        maxRetries: 0,
        abortSignal: signal,
      });
      const usage = {
        inputTokens: result.usage.inputTokens ?? 0,
        outputTokens: result.usage.outputTokens ?? 0,
      };
      try {
        // A model that answers more than asked for gets no more chances than were paid for.
        const ideas = several
          ? normaliseCandidates(result.output).slice(0, input.candidates)
          : [normaliseIdea(result.output as z.infer<typeof ideaOutputSchema>)];
        return { ideas, ...usage };
      } catch (error) {
        // A malformed answer was still paid for.
        if (error instanceof MalformedIdeaError) error.usage = usage;
        throw error;
      }
    },
  };
  client.complete = async <T>(request: ObjectRequest<T>): Promise<ObjectResult<T>> => {
    const result = await generateText({
      model: languageModel(request.model),
      instructions: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: request.schema, name: request.name }),
      temperature: request.temperature,
      maxOutputTokens: request.maxOutputTokens,
      maxRetries: 0,
      abortSignal: request.signal,
    });
    return {
      object: result.output,
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens: result.usage.outputTokens ?? 0,
    };
  };
  if (embeddingModel && embeddingModelName) {
    client.embed = async (texts, signal) => {
      const result = await embedMany({
        model: embeddingModel,
        values: texts,
        maxRetries: 0,
        abortSignal: signal,
      });
      // The SDK sums what each call reported, NaN where a provider reports no usage.
      const tokens = Number.isFinite(result.usage.tokens) ? result.usage.tokens : null;
      return { model: embeddingModelName, vectors: result.embeddings, tokens };
    };
  }
  return client;
}

/** Offline candidates come from as many seeds: it is its own generator, not a model asked twice. */
const offlineClient: IdeaProviderClient = {
  generate({ input, slot, seed }) {
    const ideas = Array.from({ length: input.candidates ?? 1 }, (_, i) =>
      generatedIdeaSchema.parse(
        composeOfflineIdea(input, slot, seededRandom(seed + i * OFFLINE_SEED_STRIDE)),
      ),
    );
    return Promise.resolve({ ideas, inputTokens: 0, outputTokens: 0 });
  },
};

/** Apart enough that a candidate's seed is never another slot's or attempt's (`slotSeed`). */
const OFFLINE_SEED_STRIDE = 7_919_000;

/** A client for every configured provider, by key. */
export function createProviderClients(
  providers: readonly ProviderConfig[],
): Map<ProviderKey, IdeaProviderClient> {
  return new Map(
    providers.map((config) => {
      const factory = languageModelFactory(config);
      if (!factory) return [config.key, offlineClient];
      const embedder = config.embeddingModel ? embeddingModelFor(config) : null;
      return [config.key, modelClient(factory, embedder, config.embeddingModel)];
    }),
  );
}
