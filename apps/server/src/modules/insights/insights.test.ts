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
import { brainstorms } from '../../db/schema/brainstorms.js';
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
      { status: 'done', inputTokens: 100, outputTokens: 50, idea: scamper },
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

/** What a row under the minimum group size shows of its reviews: nothing. */
const WITHHELD = { kept: null, hidden: null, down_voted: null, private_counts_withheld: true };

const mysteryRow = {
  provider: 'anthropic',
  provider_name: 'anthropic',
  model: 'claude-mystery',
  technique: 'scamper',
  technique_display: 'SCAMPER',
  ideas: 1,
  unreviewed_blind: 0,
  ...WITHHELD,
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
  unreviewed_blind: 0,
  ...WITHHELD,
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
  ideas: 5,
  unreviewed_blind: 0,
  kept: 3,
  hidden: 2,
  down_voted: 2,
  private_counts_withheld: false,
  near_duplicates: 1,
  failed: 1,
  input_tokens: 3300,
  output_tokens: 750,
  cost: 0.011625,
  cost_per_kept_idea: 0.003875,
};

describe('GET /api/insights/models/', () => {
  it('counts every column per provider, model and technique, and prices only what has a price', async () => {
    const body = await insights();
    expect(body.rows).toEqual([mysteryRow, gptClassicRow, gptScamperRow]);
    // A withheld count adds nothing, and a priced row's kept left out leaves no cost per kept.
    expect(body.totals).toEqual({
      ideas: 8,
      unreviewed_blind: 0,
      kept: 3,
      hidden: 2,
      down_voted: 2,
      withheld_ideas: 3,
      near_duplicates: 1,
      failed: 2,
      input_tokens: 5550,
      output_tokens: 1315,
      cost: 0.0119625,
      cost_per_kept_idea: null,
      unpriced_tokens: 2650,
    });
    expect(body.min_group_ideas).toBe(5);
    const priced = await insights(`?brainstorm=${world.brainstormA}`);
    expect(priced.totals).toMatchObject({ cost: 0.011625, cost_per_kept_idea: 0.003875 });
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
        kept: 0,
        private_counts_withheld: false,
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

describe('what the figures never tell', () => {
  const done = (count: number) =>
    Array.from({ length: count }, () => ({
      status: 'done' as const,
      inputTokens: 10,
      outputTokens: 1,
      idea: { technique: 'classic' },
    }));
  const answer = async (user: UserRow, brainstorm: number) => {
    const response = await call(user, 'GET', `/api/insights/models/?brainstorm=${brainstorm}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ModelInsightsDto>();
  };

  it("withholds a small group's private counts, so one idea's flags never show", async () => {
    const brainstorm = await makeTypedBrainstorm(t.db, alice, 'classic');
    const solo = { provider: 'ollama', model: 'solo' };
    const [only = 0] = await insertGeneration(t.db, alice, brainstorm.id, solo, done(1));
    const dave = await makeUser(t.db);
    const before = await answer(bob, brainstorm.id);
    await annotateDirectly(t.db, carol, only, { isHidden: true });
    await annotateDirectly(t.db, dave, only, { isBookmarked: true, vote: -1 });
    const after = await answer(bob, brainstorm.id);
    expect(after).toEqual(before);
    expect(after.rows).toEqual([expect.objectContaining({ ideas: 1, ...WITHHELD })]);
    expect(after.totals).toMatchObject({ kept: 0, hidden: 0, down_voted: 0, withheld_ideas: 1 });

    // From the minimum size on, the group's counts show.
    await insertGeneration(t.db, alice, brainstorm.id, solo, done(after.min_group_ideas - 1));
    expect((await answer(bob, brainstorm.id)).rows).toEqual([
      expect.objectContaining({
        ideas: 5,
        kept: 1,
        hidden: 1,
        down_voted: 1,
        private_counts_withheld: false,
      }),
    ]);
  });

  it('leaves out of kept, hidden and down_voted the ideas under blind review the caller has not reviewed', async () => {
    const brainstorm = await makeTypedBrainstorm(t.db, alice, 'classic');
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    const ids = await insertGeneration(t.db, alice, brainstorm.id, GPT, done(6));
    const [upVoted = 0, downVoted = 0, hidden = 0, , , late = 0] = ids;
    await annotateDirectly(t.db, bob, upVoted, { vote: 1 });
    await annotateDirectly(t.db, carol, downVoted, { vote: -1 });
    await annotateDirectly(t.db, carol, hidden, { isHidden: true });
    await annotateDirectly(t.db, bob, late, { vote: 1, reactions: ['thumbtack'] });
    const dave = await makeUser(t.db);

    // Having reviewed nothing, dave is told nothing of the votes, here or in the download.
    const nothing = { ideas: 6, unreviewed_blind: 6, ...WITHHELD, cost_per_kept_idea: null };
    expect((await answer(dave, brainstorm.id)).rows).toEqual([expect.objectContaining(nothing)]);
    const csv = await call(dave, 'GET', `/api/insights/models/export/?brainstorm=${brainstorm.id}`);
    expect(csv.body.split('\r\n')[1]).toBe(
      'openai,OpenAI,gpt-5,classic,Classic Brainstorm,6,withheld,withheld,withheld,0,0,60,6,' +
        '0.000135,,6,true',
    );

    // Having reviewed five, he sees their reviews and no others.
    for (const id of ids.slice(0, 5)) await annotateDirectly(t.db, dave, id);
    const five = await answer(dave, brainstorm.id);
    expect(five.rows).toEqual([
      expect.objectContaining({
        unreviewed_blind: 1,
        kept: 1,
        hidden: 1,
        down_voted: 1,
        private_counts_withheld: false,
        cost_per_kept_idea: null,
      }),
    ]);
    expect(five.totals).toMatchObject({ unreviewed_blind: 1, kept: 1, cost_per_kept_idea: null });
    // Bob reviewed two: too few to count over.
    expect((await answer(bob, brainstorm.id)).rows).toEqual([
      expect.objectContaining({ unreviewed_blind: 4, ...WITHHELD }),
    ]);

    // Without blind review, everyone sees every idea's.
    await t.db
      .update(brainstorms)
      .set({ blindReview: false })
      .where(eq(brainstorms.id, brainstorm.id));
    expect((await answer(bob, brainstorm.id)).rows).toEqual([
      expect.objectContaining({ unreviewed_blind: 0, kept: 2, hidden: 1, down_voted: 1 }),
    ]);
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
        'near_duplicates,failed,input_tokens,output_tokens,cost,cost_per_kept_idea,' +
        'unreviewed_blind,private_counts_withheld',
      'anthropic,anthropic,claude-mystery,scamper,SCAMPER,1,withheld,withheld,withheld,0,1,2100,' +
        '550,,,0,true',
      'openai,OpenAI,gpt-5,scamper,SCAMPER,5,3,2,2,1,1,3300,750,0.011625,0.003875,0,false',
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
      "ollama,ollama,'=cmd,classic,Classic Brainstorm,1,withheld,withheld,withheld,0,0,0,0,,,0,true",
    );
  });

  it('refuses a brainstorm that does not exist', async () => {
    const response = await call(alice, 'GET', '/api/insights/models/export/?brainstorm=999999');
    expect(response.statusCode).toBe(400);
  });
});
