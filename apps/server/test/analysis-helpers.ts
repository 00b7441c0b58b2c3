import { expect } from 'vitest';
import type { App } from '../src/app.js';
import type { UserRow } from '../src/db/schema/users.js';
import type { AnalysisDto } from '../src/modules/analysis/analysis.schemas.js';
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
