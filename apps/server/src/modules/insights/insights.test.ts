import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas } from '../../../test/idea-factories.js';
import {
  insertGeneration,
  makeProject,
  makeTypedBrainstorm,
} from '../../../test/insight-fixtures.js';
import { ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import type { ModelInsightsDto } from './insights.schemas.js';

/*
 * Which model earns its cost (decision 031), on a world whose every figure is known: gpt-5 is
 * priced (1.25 / 10 dollars per million tokens), claude-mystery is not.
 */

let t: TestApp;
let call: ReturnType<typeof apiAs>;
let alice: UserRow;
let bob: UserRow;
let carol: UserRow;
const world = { project: 0, brainstormA: 0, brainstormB: 0 };

const GPT = { provider: 'openai', model: 'gpt-5' };
const MYSTERY = { provider: 'anthropic', model: 'claude-mystery' };
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const scamper = { technique: 'scamper' };

beforeAll(async () => {
  t = await createTestApp({
    providers: [
      ...testConfig.providers,
      {
        key: 'openai',
        name: 'OpenAI',
        models: ['gpt-5'],
        defaultModel: 'gpt-5',
        apiKey: 'sk-test',
        baseUrl: undefined,
        concurrency: 1,
      },
    ],
  });
  call = apiAs(t.app);
  [alice, bob, carol] = [await makeUser(t.db), await makeUser(t.db), await makeUser(t.db)];
  const project = await makeProject(t.db, alice);
  const a = await makeTypedBrainstorm(t.db, alice, 'scamper', project.id);
  const b = await makeTypedBrainstorm(t.db, alice, 'classic');
  Object.assign(world, { project: project.id, brainstormA: a.id, brainstormB: b.id });

  const [upVoted = 0, bookmarked = 0, pinned = 0, repeat = 0] = await insertGeneration(
    t.db,
    alice,
    a.id,
    GPT,
    [
      { status: 'done', inputTokens: 1000, outputTokens: 200, idea: scamper },
      { status: 'done', inputTokens: 1000, outputTokens: 300, idea: scamper },
      { status: 'done', inputTokens: 500, outputTokens: 100, idea: scamper },
      { status: 'done', inputTokens: 400, outputTokens: 100, idea: scamper },
      { status: 'failed', inputTokens: 300, outputTokens: 0 },
    ],
  );
  await t.db.update(ideas).set({ duplicateOf: upVoted }).where(eq(ideas.id, repeat));
  await annotateDirectly(t.db, bob, upVoted, { vote: 1 });
  await annotateDirectly(t.db, carol, bookmarked, { isBookmarked: true });
  await annotateDirectly(t.db, bob, bookmarked, { isHidden: true });
  await annotateDirectly(t.db, bob, pinned, { reactions: ['thumbtack'] });
  await annotateDirectly(t.db, carol, pinned, { vote: -1 });
  await annotateDirectly(t.db, bob, repeat, { vote: -1 });
  await annotateDirectly(t.db, carol, repeat, { isHidden: true });
  await annotateDirectly(t.db, alice, repeat, { reactions: ['laugh'] });

  const [mysteryIdea = 0] = await insertGeneration(t.db, alice, a.id, MYSTERY, [
    { status: 'done', inputTokens: 2000, outputTokens: 500, idea: scamper },
    { status: 'failed', inputTokens: 100, outputTokens: 50 },
  ]);
  await annotateDirectly(t.db, bob, mysteryIdea, { vote: 1, isBookmarked: true });
  await insertIdeas(t.db, a.id, [{ title: 'Written by hand', createdBy: alice.id }]);

  await insertGeneration(
    t.db,
    alice,
    b.id,
    GPT,
    [{ status: 'done', inputTokens: 100, outputTokens: 10, idea: { technique: 'classic' } }],
    LONG_AGO,
  );
  // Seeded or combined: an idea with no slot counts its own tokens.
  await insertIdeas(t.db, b.id, [
    { ...GPT, technique: 'classic', inputTokens: 50, outputTokens: 5 },
  ]);
});
afterAll(() => t.close());

async function insights(query = ''): Promise<ModelInsightsDto> {
  const response = await call(alice, 'GET', `/api/insights/models/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModelInsightsDto>();
}

const mysteryRow = {
  provider: 'anthropic',
  provider_name: 'anthropic',
  model: 'claude-mystery',
  technique: 'scamper',
  technique_display: 'SCAMPER',
  ideas: 1,
  kept: 1,
  hidden: 0,
  down_voted: 0,
  near_duplicates: 0,
  failed: 1,
  input_tokens: 2100,
  output_tokens: 550,
  cost: null,
  cost_per_kept_idea: null,
};
const gptClassicRow = {
  provider: 'openai',
  provider_name: 'OpenAI',
  model: 'gpt-5',
  technique: 'classic',
  technique_display: 'Classic Brainstorm',
  ideas: 2,
  kept: 0,
  hidden: 0,
  down_voted: 0,
  near_duplicates: 0,
  failed: 0,
  input_tokens: 150,
  output_tokens: 15,
  cost: 0.0003375,
  cost_per_kept_idea: null,
};
const gptScamperRow = {
  provider: 'openai',
  provider_name: 'OpenAI',
  model: 'gpt-5',
  technique: 'scamper',
  technique_display: 'SCAMPER',
  ideas: 4,
  kept: 3,
  hidden: 2,
  down_voted: 2,
  near_duplicates: 1,
  failed: 1,
  input_tokens: 3200,
  output_tokens: 700,
  cost: 0.011,
  cost_per_kept_idea: 0.00366667,
};

describe('GET /api/insights/models/', () => {
  it('counts every column per provider, model and technique, and prices only what has a price', async () => {
    const body = await insights();
    expect(body.rows).toEqual([mysteryRow, gptClassicRow, gptScamperRow]);
    expect(body.totals).toEqual({
      ideas: 7,
      kept: 4,
      hidden: 2,
      down_voted: 2,
      near_duplicates: 1,
      failed: 2,
      input_tokens: 5450,
      output_tokens: 1265,
      cost: 0.0113375,
      cost_per_kept_idea: 0.00377917,
      unpriced_tokens: 2650,
    });
  });

  it('lists the price table, marking the entries the rows use', async () => {
    const { prices } = await insights();
    expect(prices).toContainEqual({
      provider: 'openai',
      model: 'gpt-5',
      input: 1.25,
      output: 10,
      source: 'https://openai.com/api/pricing/',
      as_of: '2025-10-15',
      used: true,
    });
    expect(prices.find((p) => p.model === 'gpt-5-mini')?.used).toBe(false);
    expect(prices.some((p) => p.provider === 'anthropic' && p.model === 'claude-mystery')).toBe(
      false,
    );
  });

  it("filters by brainstorm and by project: that brainstorm's ideas and slots", async () => {
    const expected = [mysteryRow, gptScamperRow];
    expect((await insights(`?brainstorm=${world.brainstormA}`)).rows).toEqual(expected);
    expect((await insights(`?project=${world.project}`)).rows).toEqual(expected);
    const other = await insights(`?brainstorm=${world.brainstormB}`);
    expect(other.rows).toEqual([gptClassicRow]);
    expect(other.totals.unpriced_tokens).toBe(0);
  });

  it('filters by creation time: the ideas and generations since then', async () => {
    const { rows } = await insights('?since=2024-01-01');
    expect(rows).toEqual([
      mysteryRow,
      { ...gptClassicRow, ideas: 1, input_tokens: 50, output_tokens: 5, cost: 0.0001125 },
      gptScamperRow,
    ]);
  });

  it("still counts the tokens of a slot whose idea was deleted, under its brainstorm's type", async () => {
    const brainstorm = await makeTypedBrainstorm(t.db, alice, 'starbursting');
    const [idea = 0] = await insertGeneration(t.db, alice, brainstorm.id, GPT, [
      { status: 'done', inputTokens: 800, outputTokens: 80, idea: { technique: 'starbursting' } },
    ]);
    await t.db.delete(ideas).where(eq(ideas.id, idea));
    const { rows } = await insights(`?brainstorm=${brainstorm.id}`);
    expect(rows).toEqual([
      expect.objectContaining({
        technique: 'starbursting',
        technique_display: 'Starbursting',
        ideas: 0,
        failed: 0,
        input_tokens: 800,
        output_tokens: 80,
        cost: 0.0018,
        cost_per_kept_idea: null,
      }),
    ]);
  });

  it('answers empty rows and zero totals where nothing was generated', async () => {
    const empty = await makeTypedBrainstorm(t.db, alice, 'classic');
    const body = await insights(`?brainstorm=${empty.id}`);
    expect(body.rows).toEqual([]);
    expect(body.totals).toMatchObject({ ideas: 0, cost: 0, cost_per_kept_idea: null });
  });

  it('refuses filters that name nothing or are not ids or dates', async () => {
    const cases: [string, string][] = [
      ['?brainstorm=999999', 'brainstorm'],
      ['?project=999999', 'project'],
      ['?brainstorm=abc', 'brainstorm'],
      ['?project=0', 'project'],
      ['?since=yesterday', 'since'],
      ['?since=99999-01-01', 'since'],
    ];
    for (const [query, field] of cases) {
      const response = await call(alice, 'GET', `/api/insights/models/${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<object>()), query).toEqual([field]);
    }
    const missing = await call(alice, 'GET', '/api/insights/models/?brainstorm=999999');
    expect(missing.json()).toEqual({
      brainstorm: ['Invalid pk "999999" - object does not exist.'],
    });
  });

  it('answers 401 to anonymous callers', async () => {
    for (const url of ['/api/insights/models/', '/api/insights/models/export/']) {
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});

describe('GET /api/insights/models/export/', () => {
  it('downloads the rows as CSV with the same filters', async () => {
    const response = await call(
      bob,
      'GET',
      `/api/insights/models/export/?project=${world.project}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ideaforge-model-insights.csv"',
    );
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'provider,provider_name,model,technique,technique_display,ideas,kept,hidden,down_voted,' +
        'near_duplicates,failed,input_tokens,output_tokens,cost,cost_per_kept_idea',
      'anthropic,anthropic,claude-mystery,scamper,SCAMPER,1,1,0,0,0,1,2100,550,,',
      'openai,OpenAI,gpt-5,scamper,SCAMPER,4,3,2,2,1,1,3200,700,0.011,0.00366667',
      '',
    ]);
  });

  it('neutralises a model name a spreadsheet would run as a formula', async () => {
    const hostile = await makeTypedBrainstorm(t.db, alice, 'classic');
    await insertIdeas(t.db, hostile.id, [
      { provider: 'ollama', model: '=cmd', technique: 'classic' },
    ]);
    const response = await call(
      alice,
      'GET',
      `/api/insights/models/export/?brainstorm=${hostile.id}`,
    );
    expect(response.body.split('\r\n')[1]).toBe(
      "ollama,ollama,'=cmd,classic,Classic Brainstorm,1,0,0,0,0,0,0,0,,",
    );
  });

  it('refuses a brainstorm that does not exist', async () => {
    const response = await call(alice, 'GET', '/api/insights/models/export/?brainstorm=999999');
    expect(response.statusCode).toBe(400);
  });
});
