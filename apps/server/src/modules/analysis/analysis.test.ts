import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnalysisThrough, waitForAnalysis } from '../../../test/analysis-helpers.js';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  useFakeLlmApp,
} from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { DISTINCT_IDEAS } from '../../../test/operation-fixtures.js';
import type { GenerationLimits } from '../../config.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import type { LlmProviderDto } from '../providers/providers.schemas.js';
import type { AnalysisDto, AnalysisPlanDto } from './analysis.schemas.js';

const model = { provider: 'openai_compatible', model: 'fake-model' };
const generous: GenerationLimits = {
  runningPerUser: 100,
  ideasPerHour: 10_000,
  dailyTokensPerUser: 1_000_000_000,
  dailyTokensTotal: 1_000_000_000,
};

/** Three topics of four ideas each, whose words a clustering can tell apart. */
const TOPICAL_IDEAS = [
  ['Bike lanes to the station', 'Protected bike lanes from homes to the station.'],
  ['Bike parking at the office', 'Covered bike parking and showers for cyclists.'],
  ['Bike repair days', 'A monthly bike repair day for cyclists at work.'],
  ['Bike loan scheme', 'Lend a bike to staff who want to try cycling.'],
  ['Lunch menu vote', 'Staff vote on the canteen lunch menu each week.'],
  ['Vegetarian lunch menu', 'A vegetarian lunch menu every day in the canteen.'],
  ['Canteen lunch preorder', 'Preorder lunch from the canteen menu to skip queues.'],
  ['Lunch menu allergens', 'Allergens shown on every canteen lunch menu.'],
  ['Homework club', 'A quiet homework club after school with tutors.'],
  ['Homework planner', 'A shared homework planner for school pupils.'],
  ['Homework buddy', 'Older school pupils help younger ones with homework.'],
  ['Homework hotline', 'A school hotline for homework questions in the evening.'],
].map(([title = '', summary = '']) => ({ title, summary }));

async function brainstormWith(
  t: TestApp,
  user: UserRow,
  texts: { title: string; summary: string }[],
) {
  const brainstorm = await makeBrainstorm(t.db, user);
  await insertIdeas(t.db, brainstorm.id, texts);
  return brainstorm;
}

describe('sense-making with the real queue', () => {
  const suite = useFakeLlmApp();
  let user: UserRow;
  beforeAll(async () => {
    user = await makeUser(suite.t.db);
  });

  it('says what each provider can do', async () => {
    const response = await apiAs(suite.t.app)(user, 'GET', '/api/llm-providers/');
    const providers = response.json<LlmProviderDto[]>();
    expect(providers.map((p) => [p.provider, p.capabilities])).toEqual([
      ['openai_compatible', ['generate', 'cluster', 'assess', 'rank', 'combine', 'judge']],
      ['offline', ['generate', 'cluster']],
    ]);
  });

  it('finds themes offline by shared words, without a call, labelled as such', async () => {
    const brainstorm = await brainstormWith(suite.t, user, TOPICAL_IDEAS);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(run).toMatchObject({ status: 'done', method: 'keywords', calls_made: 0 });
    expect(run.input_tokens + run.output_tokens).toBe(0);
    if (run.result?.kind !== 'themes') throw new Error('expected themes');
    // Each theme holds ideas of one topic only (four ideas each, in the order inserted).
    const topicOf = new Map(run.ideas.map((id, i) => [id, Math.floor(i / 4)]));
    for (const theme of run.result.themes) {
      expect(new Set(theme.ideas.map((id) => topicOf.get(id))).size, theme.name).toBe(1);
      expect(theme.description).toContain('without a language model');
    }
    expect(run.result.themes.length).toBeGreaterThanOrEqual(3);
    expect(suite.fake.calls()).toBe(0);
  });

  it('plans what a run then makes: its calls, within the tokens it reserved', async () => {
    const brainstorm = await brainstormWith(
      suite.t,
      user,
      Array.from({ length: 320 }, (_, i) => ({
        title: `Idea ${i} about ${i * 13}`,
        summary: `${i}`,
      })),
    );
    suite.fake.setDefault((request) => {
      const ids = [...(request.user ?? '').matchAll(/^\[(\d+)\] /gm)].map((m) => Number(m[1]));
      if (request.system?.includes('themes it has already found')) {
        return {
          kind: 'object',
          object: { assignments: ids.map((idea, i) => ({ idea, theme: ['A', 'B', null][i % 3] })) },
          delayMs: 200,
        };
      }
      return {
        kind: 'object',
        object: {
          themes: ['A', 'B', 'C'].map((name, k) => ({
            name,
            description: `Theme ${name}`,
            ideas: ids.filter((_, i) => i % 3 === k),
          })),
        },
        delayMs: 200,
      };
    });
    const api = apiAs(suite.t.app);
    const body = { kind: 'themes', ...model };
    const plan = (
      await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/plan/`, body)
    ).json<AnalysisPlanDto>();
    expect(plan).toMatchObject({
      kind: 'themes',
      ideas: 320,
      calls: 3,
      rounds: null,
      method: 'model',
    });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, body);
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.calls_planned).toBe(3);
    expect(run.calls_made).toBe(3);
    expect(run.input_tokens + run.output_tokens).toBeLessThanOrEqual(plan.max_tokens);
    // The two sorting calls went out together, after the naming call.
    expect(suite.fake.maxInFlight).toBe(2);
    if (run.result?.kind !== 'themes') throw new Error('expected themes');
    const sorted = run.result.themes.reduce((sum, t) => sum + t.ideas.length, 0);
    expect(sorted + run.result.unsorted.length).toBe(320);
    expect(run.result.unsorted.length).toBeGreaterThan(0);
    const [row] = await suite.t.db.select().from(analyses).where(eq(analyses.id, run.id));
    expect(row).toMatchObject({ reservedTokens: 0, inFlightTokens: 0, unreportedTokens: 0 });
  });

  it("waits as long as the provider's Retry-After asks, and counts only answered calls", async () => {
    const brainstorm = await brainstormWith(suite.t, user, TOPICAL_IDEAS);
    suite.fake.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    suite.fake.setDefault((request) => ({
      kind: 'object',
      object: {
        themes: [0, 1, 2].map((k) => ({
          name: `Theme ${k}`,
          description: 'Shared',
          ideas: [...(request.user ?? '').matchAll(/^\[(\d+)\] /gm)]
            .map((m) => Number(m[1]))
            .filter((_, i) => i % 3 === k),
        })),
      },
      usage: { input: 300, output: 40 },
    }));
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      ...model,
    });
    expect(run).toMatchObject({
      status: 'done',
      calls_made: 2,
      input_tokens: 300,
      output_tokens: 40,
    });
  });

  it('fails at once on a refusal no retry can change, with its reason', async () => {
    const brainstorm = await brainstormWith(suite.t, user, TOPICAL_IDEAS);
    suite.fake.setDefault({ kind: 'status', status: 401 });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      ...model,
    });
    expect(run).toMatchObject({
      status: 'failed',
      calls_made: 1,
      error: 'the provider refused the API key (HTTP 401)',
    });
  });

  it('answers another member, and no one signed out', async () => {
    const brainstorm = await brainstormWith(suite.t, user, DISTINCT_IDEAS);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    const other = await makeUser(suite.t.db);
    const api = apiAs(suite.t.app);
    expect((await api(other, 'GET', `/api/analyses/${run.id}/`)).statusCode).toBe(200);
    const list = await api(other, 'GET', `/api/brainstorms/${brainstorm.id}/analyses/?kind=themes`);
    expect(list.json<{ results: AnalysisDto[] }>().results.map((r) => r.id)).toEqual([run.id]);
    for (const url of [`/api/analyses/${run.id}/`, `/api/brainstorms/${brainstorm.id}/analyses/`]) {
      expect((await suite.t.app.inject({ url })).statusCode).toBe(401);
    }
    expect((await api(user, 'GET', '/api/analyses/999999/')).statusCode).toBe(404);
    const missing = await api(user, 'POST', '/api/brainstorms/999999/analyses/', {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(missing.statusCode).toBe(404);
    await waitForAnalysis(suite.t.app, user, run.id);
  });
});

describe('what a request to sense-making is checked for', () => {
  let t: TestApp;
  let user: UserRow;
  let brainstormId: number;
  beforeAll(async () => {
    t = await createTestApp({
      ...generationConfig(compatibleEnv('http://127.0.0.1:9/v1')),
      generation: {
        ...testConfig.generation,
        workers: false,
        limits: { ...generous, dailyTokensPerUser: 10_000 },
      },
    });
    user = await makeUser(t.db);
    brainstormId = (await brainstormWith(t, user, DISTINCT_IDEAS)).id;
  });
  afterAll(() => t.close());

  const post = (body: object, path = 'analyses/') =>
    apiAs(t.app)(user, 'POST', `/api/brainstorms/${brainstormId}/${path}`, body);

  it('refuses what the provider cannot do, a provider or model not configured, a kind unknown', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [
        { kind: 'assess', provider: 'offline', model: 'sample-ideas' },
        {
          provider: [
            'Offline sample ideas (no AI) cannot assess ideas: it has no language model. ' +
              'Choose a language-model provider.',
          ],
        },
      ],
      [
        { kind: 'themes', provider: 'openai', model: 'gpt-5' },
        {
          provider: [
            "'openai' is not a configured provider. Choose one of: openai_compatible, offline.",
          ],
        },
      ],
      [
        { kind: 'themes', provider: 'openai_compatible', model: 'other' },
        { model: ["'other' is not a model of Fake LLM. Choose one of: fake-model."] },
      ],
    ];
    for (const [body, errors] of cases) {
      for (const path of ['analyses/', 'analyses/plan/']) {
        const response = await post(body, path);
        expect(response.statusCode, path).toBe(400);
        expect(response.json()).toEqual(errors);
      }
    }
    const unknown = await post({ kind: 'summarise', ...model });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('kind');
  });

  it('refuses a run over the daily budget before anything is queued, counting runs under way', async () => {
    const plan = (
      await post({ kind: 'themes', ...model }, 'analyses/plan/')
    ).json<AnalysisPlanDto>();
    expect(plan.max_tokens).toBeGreaterThan(5_000);
    expect(plan.max_tokens).toBeLessThan(10_000);
    const before = await t.db.select({ n: count() }).from(analyses);
    // Two at the same moment: their reservations cannot both fit.
    const [a, b] = await Promise.all([
      post({ kind: 'themes', ...model }),
      post({ kind: 'themes', ...model }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expect(refused.json()).toEqual({
      detail:
        'This would pass your daily budget of 10,000 tokens. Work on fewer ideas, or try again ' +
        'after midnight UTC.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const after = await t.db.select({ n: count() }).from(analyses);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    // The run's reservation counts against generations too.
    const generation = await apiAs(t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstormId}/brainstorm/`,
      generationBody(5, 'openai_compatible', 'fake-model'),
    );
    expect(generation.statusCode).toBe(429);
  });
});
