import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      logLevel: 'warn',
    });
  });

  it('embeds with OpenAI and Google by default, with Ollama and compatible servers on request', () => {
    const embedding = (env: NodeJS.ProcessEnv) =>
      Object.fromEntries(loadConfig(env).providers.map((p) => [p.key, p.embeddingModel]));
    const all = {
      OPENAI_API_KEY: 'sk',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g',
      OLLAMA_BASE_URL: 'http://127.0.0.1:11434',
      OLLAMA_MODELS: 'llama3',
      ANTHROPIC_API_KEY: 'a',
    };
    expect(embedding(all)).toEqual({
      openai: 'text-embedding-3-small',
      google: 'gemini-embedding-001',
      ollama: undefined,
      anthropic: undefined,
      offline: undefined,
    });
    expect(
      embedding({
        ...all,
        OPENAI_EMBEDDING_MODEL: 'none',
        OLLAMA_EMBEDDING_MODEL: 'nomic-embed-text',
      }),
    ).toMatchObject({ openai: undefined, ollama: 'nomic-embed-text' });
    expect(() => loadConfig({ GOOGLE_EMBEDDING_MODEL: 'two models' })).toThrow(
      /GOOGLE_EMBEDDING_MODEL: Must be one model name/,
    );
  });

  it('judges repeats with the first language model unless told otherwise, never offline', () => {
    const models = {
      ANTHROPIC_API_KEY: 'a',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9',
      OPENAI_COMPATIBLE_MODELS: 'small,large',
    };
    const first = loadConfig(models).providers.find((p) => p.key !== 'offline');
    expect(loadConfig(models).repeatsJudge).toEqual({
      provider: first?.key,
      model: first?.defaultModel,
    });
    expect(loadConfig({}).repeatsJudge).toBeNull();
    expect(loadConfig({ ...models, REPEATS_JUDGE: 'off' }).repeatsJudge).toBeNull();
    expect(
      loadConfig({ ...models, REPEATS_JUDGE: 'openai_compatible:large' }).repeatsJudge,
    ).toEqual({ provider: 'openai_compatible', model: 'large' });
    for (const setting of ['openai_compatible:huge', 'offline:sample-ideas', 'large']) {
      expect(() => loadConfig({ ...models, REPEATS_JUDGE: setting })).toThrow(
        /REPEATS_JUDGE: '.*' is not a model of a configured language-model provider/,
      );
    }
  });

  it('reads thresholds per embedding model, a veto optional, and lists every bad entry', () => {
    expect(loadConfig({}).duplicates.embeddingModels).toEqual({});
    expect(
      loadConfig({
        DUPLICATE_EMBEDDING_THRESHOLDS: 'text-embedding-3-small=0.85/0.4, nomic-embed-text=0.8',
      }).duplicates.embeddingModels,
    ).toEqual({
      'text-embedding-3-small': { stack: 0.85, veto: 0.4 },
      'nomic-embed-text': { stack: 0.8, veto: null },
    });
    let error: unknown;
    try {
      loadConfig({ DUPLICATE_EMBEDDING_THRESHOLDS: 'a=0.8/0.9,b=1.5,c,d=0.9/0.1' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const entry of ['a=0.8/0.9', 'b=1.5', 'c']) {
      expect(problems).toContainEqual(
        expect.stringContaining(`'${entry}' is not model=stack or model=stack/veto`),
      );
    }
    expect(problems.join('\n')).not.toContain("'d=0.9/0.1'");
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(fields.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT', 'TRUST_PROXY']);
  });

  it('requires JWT_SECRET with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/db' })).toThrow(/JWT_SECRET/);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/db', JWT_SECRET: 's'.repeat(32) })
        .databaseUrl,
    ).toBe('postgres://localhost/db');
  });

  it('sizes the connection pool and the shutdown drain, refusing anything but a whole number', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: undefined, shutdownDrainMs: 0 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '25', SHUTDOWN_DRAIN_SECONDS: '15' })).toMatchObject({
      databasePoolSize: 25,
      shutdownDrainMs: 15_000,
    });
    for (const value of ['0', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value }), value).toThrow(
        /DATABASE_POOL_SIZE: /,
      );
    }
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS: /);
  });

  it('trusts proxies by hop count or address, never any client', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const value of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: Give the number of proxies/,
      );
    }
  });
});
