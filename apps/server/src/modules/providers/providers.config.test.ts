import { describe, expect, it } from 'vitest';
import { loadProviders } from './providers.config.js';

const keys = (env: NodeJS.ProcessEnv) => loadProviders(env).providers.map((p) => p.key);

describe('loadProviders', () => {
  it('offers only the offline provider without any key, named so nobody takes it for AI', () => {
    expect(loadProviders({})).toEqual({
      providers: [
        {
          key: 'offline',
          name: 'Offline sample ideas (no AI)',
          models: ['sample-ideas'],
          defaultModel: 'sample-ideas',
          apiKey: undefined,
          baseUrl: undefined,
          concurrency: 50,
        },
      ],
      problems: [],
    });
  });

  it('turns each provider on with its variables, in a fixed order, offline last', () => {
    const { providers, problems } = loadProviders({
      OPENAI_COMPATIBLE_BASE_URL: 'https://openrouter.example/api/v1',
      OPENAI_COMPATIBLE_API_KEY: 'or-key',
      OPENAI_COMPATIBLE_NAME: 'OpenRouter',
      OPENAI_COMPATIBLE_MODELS: 'meta/llama-4, mistral/large',
      OLLAMA_BASE_URL: 'http://127.0.0.1:11434',
      OLLAMA_MODELS: 'llama3.2',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
      ANTHROPIC_API_KEY: 'a-key',
      ANTHROPIC_MODELS: 'claude-haiku-4-5',
      ANTHROPIC_CONCURRENCY: '4',
      OPENAI_API_KEY: 'sk-key',
    });
    expect(problems).toEqual([]);
    expect(providers.map((p) => [p.key, p.name, p.defaultModel, p.concurrency])).toEqual([
      ['openai', 'OpenAI', 'gpt-5-mini', 50],
      ['anthropic', 'Anthropic', 'claude-haiku-4-5', 4],
      ['google', 'Google Gemini', 'gemini-2.5-flash', 50],
      ['ollama', 'Ollama', 'llama3.2', 50],
      ['openai_compatible', 'OpenRouter', 'meta/llama-4', 50],
      ['offline', 'Offline sample ideas (no AI)', 'sample-ideas', 50],
    ]);
    expect(providers[4]).toMatchObject({
      apiKey: 'or-key',
      baseUrl: 'https://openrouter.example/api/v1',
      models: ['meta/llama-4', 'mistral/large'],
    });
  });

  it('leaves out a provider that is set up wrongly, and says why, never swapping in another', () => {
    const { providers, problems } = loadProviders({
      OPENAI_API_KEY: 'sk-key',
      OPENAI_BASE_URL: 'not a url',
      ANTHROPIC_API_KEY: 'a-key',
      ANTHROPIC_MODELS: ' , ',
      OLLAMA_BASE_URL: 'http://127.0.0.1:11434',
      OPENAI_COMPATIBLE_BASE_URL: 'ftp://example.com',
      OPENAI_COMPATIBLE_MODELS: 'm',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
      GOOGLE_CONCURRENCY: 'lots',
    });
    expect(providers.map((p) => p.key)).toEqual(['google', 'offline']);
    expect(problems).toEqual([
      'OpenAI is left out: OPENAI_BASE_URL must be an http:// or https:// URL.',
      'Anthropic is left out: ANTHROPIC_MODELS lists no model.',
      'GOOGLE_CONCURRENCY: must be a whole number from 1 to 1000; using 50.',
      'Ollama is left out: set OLLAMA_MODELS to the models it serves.',
      'OpenAI-compatible is left out: OPENAI_COMPATIBLE_BASE_URL must be an http:// or https:// URL.',
    ]);
  });

  it('treats a blank key as no key', () => {
    expect(keys({ OPENAI_API_KEY: '  ', ANTHROPIC_API_KEY: '' })).toEqual(['offline']);
  });
});
