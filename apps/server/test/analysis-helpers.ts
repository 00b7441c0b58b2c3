import type { PgBoss } from 'pg-boss';
import { expect } from 'vitest';
import type { App } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import type { UserRow } from '../src/db/schema/users.js';
import type { AnalysisDto } from '../src/modules/analysis/analysis.schemas.js';
import type { AnalysisRunnerDeps } from '../src/modules/analysis/analysis-runner.js';
import { createProviderClients } from '../src/modules/providers/provider-clients.js';
import { testConfig } from './app.js';
import { apiAs } from './factories.js';

/** Polls a sense-making step until it is done or failed. */
export async function waitForAnalysis(
  app: App,
  user: UserRow,
  id: number,
  timeoutMs = 20_000,
): Promise<AnalysisDto> {
  const api = apiAs(app);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await api(user, 'GET', `/api/analyses/${id}/`);
    expect(response.statusCode, response.body).toBe(200);
    const run = response.json<AnalysisDto>();
    if (run.status === 'done' || run.status === 'failed') return run;
    if (Date.now() > deadline)
      throw new Error(`analysis ${id} still ${run.status}: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts a step and waits for it: its answer (202) checked, the finished run returned. */
export async function runAnalysisThrough(
  app: App,
  user: UserRow,
  brainstormId: number,
  body: Record<string, unknown>,
): Promise<AnalysisDto> {
  const response = await apiAs(app)(
    user,
    'POST',
    `/api/brainstorms/${brainstormId}/analyses/`,
    body,
  );
  expect(response.statusCode, response.body).toBe(202);
  return waitForAnalysis(app, user, response.json<AnalysisDto>().id);
}

export { ideaNumbersIn } from './fake-llm-server.js';

/**
 * What the sense-making workers are given, from the configuration an app was built with: for a
 * test that runs a job by hand with `runAnalysis`, as a worker would (again, or twice at once).
 */
export function analysisRunnerDeps(
  db: Db,
  config: Partial<Config>,
  boss: PgBoss,
): AnalysisRunnerDeps {
  const { generation = testConfig.generation, providers = [] } = config;
  return {
    db,
    clients: createProviderClients(providers),
    concurrency: new Map(providers.map((p) => [p.key, p.concurrency])),
    settings: generation,
    limits: generation.limits,
    duplicates: config.duplicates ?? testConfig.duplicates,
    webhooks: { boss, publicUrl: config.publicUrl },
    log: { warn: () => undefined },
  };
}
