import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startFakeLlmServer } from '../../server/test/fake-llm-server.js';
import { repeatingIdeas } from '../../server/test/repeating-ideas.js';
import { senseMakingResponder } from './sense-making-model';
import { createUsers, startServer } from './server';
import { alice, bob, dora, sam } from './users';

/**
 * Starts the built server on a throw-away data directory with its users (sam is staff), and a
 * fake model on 127.0.0.1 that repeats five ideas in other words, as models do; returns the
 * teardown that stops both and removes the directory.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('baseURL is not set');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ideaforge-e2e-'));
  createUsers(dataDir, [alice, bob, dora, sam]);
  // It also answers the sense-making steps that need a model (assess, rank, combine).
  const repeating = await startFakeLlmServer({
    default: senseMakingResponder(repeatingIdeas({ bases: 5 }).responder),
  });
  const stop = await startServer(dataDir, new URL(baseURL).port, {
    // The repeating model, served the way Ollama serves models: first in the list.
    OLLAMA_BASE_URL: repeating.url,
    OLLAMA_MODELS: 'repeating-model',
    // A provider that always fails, at once: nothing listens on port 9. It comes before the
    // offline one.
    OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
    OPENAI_COMPATIBLE_NAME: 'Unreachable test provider',
    OPENAI_COMPATIBLE_MODELS: 'broken-model',
    GENERATION_ATTEMPTS: '1',
    // The repeating model answers ideas, never verdicts: repeats are not judged by itself here.
    REPEATS_JUDGE: 'off',
    // The webhooks journey's receiver listens on 127.0.0.1, which webhooks may not reach unless
    // private addresses are allowed; its retries come at once.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_DELAY_SECONDS: '0',
  });

  return async () => {
    await stop();
    await repeating.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
