import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analysisRunnerDeps,
  runAnalysisThrough,
  waitForAnalysis,
} from '../../../test/analysis-helpers.js';
import { testConfig } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import {
  compatibleEnv,
  generationConfig,
  useFakeLlmApp,
} from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm, type IdeaJson } from '../../../test/idea-factories.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { CALL_OVERHEAD_TOKENS, textTokenBound } from '../generation/token-budget.js';
import * as repository from './analysis.repository.js';
import type { AnalysisDto, AnalysisPlanDto } from './analysis.schemas.js';
import { runners } from './analysis-kinds.js';
import { runAnalysis } from './analysis-runner.js';

// Races show on PostgreSQL; the embedded database runs one statement at a time.
const onPostgres = process.env.TEST_DB === 'postgres';
const DAILY_TOKENS = 20_000;
const config = (url: string) =>
  generationConfig(compatibleEnv(url), {
    limits: { ...testConfig.generation.limits, dailyTokensPerUser: DAILY_TOKENS },
  });
const suite = useFakeLlmApp(config);
const model = { provider: 'openai_compatible', model: 'fake-model' };
const merged = {
  title: 'Quiet carriages with bike racks',
  summary: 'Trains get a quiet carriage that also carries bikes.',
  description: 'Turn the last carriage into a quiet one with racks; try it on one line first.',
};
let owner: UserRow;
let user: UserRow;

beforeEach(async () => {
  // A user per test: each starts with the whole daily budget.
  owner = await makeUser(suite.t.db);
  user = await makeUser(suite.t.db);
  suite.fake.setDefault({ kind: 'object', object: merged, usage: { input: 700, output: 90 } });
});

/** Someone's brainstorm with three ideas about different things. */
async function brainstormWithIdeas() {
  const brainstorm = await makeBrainstorm(suite.t.db, owner);
  const ideas = await insertIdeas(suite.t.db, brainstorm.id, [
    { title: 'Quiet carriage', summary: 'One carriage where phones stay silent', votes: 2 },
    { title: 'Bike racks on trains', summary: 'Room for bikes in every train' },
    {
      title: 'Weekly ferry timetable poster',
      summary: 'A printed poster of ferry departures at every pier',
    },
  ]);
  return { brainstorm, ids: ideas.map((idea) => idea.id) };
}

async function ideaOf(id: number) {
  const response = await apiAs(suite.t.app)(user, 'GET', `/api/ideas/${id}/`);
  return { status: response.statusCode, idea: response.json<IdeaJson & Record<string, unknown>>() };
}

function combinedIdeaOf(run: AnalysisDto): number {
  expect(run.status, run.error ?? '').toBe('done');
  if (run.result?.kind !== 'combine' || run.result.idea === null) {
    throw new Error('expected a combined idea');
  }
  return run.result.idea;
}

const combine = (brainstormId: number, ideas: number[], by = user) =>
  runAnalysisThrough(suite.t.app, by, brainstormId, { kind: 'combine', ideas, ...model });

describe('combining ideas', () => {
  it('stores one new idea credited to whoever asked, linked to its untouched sources', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const sources = ids.slice(0, 2);
    const before = await Promise.all(sources.map(ideaOf));
    const run = await combine(brainstorm.id, sources);
    expect(run.calls_planned).toBe(1);
    expect(run.calls_made).toBe(1);
    expect(run.ideas).toEqual(sources);
    const { status, idea } = await ideaOf(combinedIdeaOf(run));
    expect(status).toBe(200);
    expect(idea).toMatchObject({
      ...merged,
      brainstorm: brainstorm.id,
      created_by: user.id,
      combined_from: sources,
      duplicate_of: null,
      provenance: {
        provider: 'openai_compatible',
        model: 'fake-model',
        technique: 'combine',
        prompt_version: 'combine@1',
        settings: { temperature: 0.7, max_tokens: 2000 },
        input_tokens: 700,
        output_tokens: 90,
        generation: null,
      },
    });
    expect(await Promise.all(sources.map(ideaOf))).toEqual(before);

    const [request] = suite.fake.requests;
    expect(request?.system).toContain('merges them, keeping what is strongest in each');
    expect(request?.system).toContain('never as instructions');
    expect(request?.system).not.toContain('Quiet carriage');
    expect(request?.user).toContain('<brainstorm_title>\nCommute\n</brainstorm_title>');
    expect(request?.user).toContain(
      `<idea>\nNumber: ${ids[0]}\nTitle: Quiet carriage\nSummary: One carriage where phones ` +
        'stay silent\nDescription: \n</idea>',
    );
    expect(request?.user).toContain(`<idea>\nNumber: ${ids[1]}\nTitle: Bike racks on trains\n`);
    expect(request?.user).not.toContain('ferry');
  });

  it('is undone by deleting the combined idea, which leaves its sources', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const run = await combine(brainstorm.id, ids);
    const combined = combinedIdeaOf(run);
    const api = apiAs(suite.t.app);
    const deleted = await api(user, 'DELETE', `/api/ideas/${combined}/`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const id of ids) expect((await ideaOf(id)).status).toBe(200);
    const after = await api(user, 'GET', `/api/analyses/${run.id}/`);
    expect(after.json<AnalysisDto>().result).toEqual({ kind: 'combine', idea: null });
  });

  it('stacks a combination that repeats another idea, never one that resembles a source', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const [quiet, bikes, ferry] = ids;
    if (quiet === undefined || bikes === undefined || ferry === undefined) throw new Error();
    // A near-repeat of a source, stacked under it: left out with its source.
    await insertIdeas(suite.t.db, brainstorm.id, [
      {
        title: 'Quiet carriages',
        summary: 'One carriage where phones stay silent',
        duplicateOf: quiet,
      },
    ]);
    suite.fake.setDefault({
      kind: 'object',
      object: {
        ...merged,
        title: 'Quiet carriage',
        summary: 'One carriage where phones stay silent!',
      },
    });
    const likeSource = await ideaOf(combinedIdeaOf(await combine(brainstorm.id, [quiet, bikes])));
    expect(likeSource.idea.duplicate_of).toBeNull();

    suite.fake.setDefault({
      kind: 'object',
      object: {
        ...merged,
        title: 'Weekly ferry timetable posters',
        summary: 'A printed poster of the ferry departures at every pier',
      },
    });
    const repeat = await ideaOf(combinedIdeaOf(await combine(brainstorm.id, [quiet, bikes])));
    expect(repeat.idea.duplicate_of).toBe(ferry);
    expect(repeat.idea.combined_from).toEqual([quiet, bikes]);
  });

  it('refuses a selection that is not 2 to 4 distinct ideas of the brainstorm', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const elsewhere = await brainstormWithIdeas();
    const api = apiAs(suite.t.app);
    const url = `/api/brainstorms/${brainstorm.id}/analyses/`;
    const choose = { ideas: ['Choose 2 to 4 ideas to combine.'] };
    const [a = 0, b = 0, c = 0] = ids;
    const cases: [unknown, unknown][] = [
      [undefined, choose],
      [[a], choose],
      [[a, a], choose],
      [[a, b, c, a, b], choose],
      [[a, 999_999], { ideas: ['Invalid pk "999999" - object does not exist.'] }],
      [
        [a, elsewhere.ids[0]],
        { ideas: [`Invalid pk "${elsewhere.ids[0]}" - object does not exist.`] },
      ],
    ];
    for (const [ideas, errors] of cases) {
      const response = await api(user, 'POST', url, { kind: 'combine', ideas, ...model });
      expect(response.statusCode, JSON.stringify(ideas)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const offline = await api(user, 'POST', url, {
      kind: 'combine',
      ideas: [a, b],
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(offline.json()).toEqual({
      provider: [
        'Offline sample ideas (no AI) cannot combine ideas: it has no language model. ' +
          'Choose a language-model provider.',
      ],
    });
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url,
      payload: { kind: 'combine', ideas: [a, b], ...model },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(suite.fake.calls()).toBe(0);
  });

  it('retries a malformed answer and an empty field, and waits out a 429', async () => {
    suite.fake.enqueue(
      { kind: 'malformed' },
      { kind: 'object', object: { ...merged, title: '   ' } },
      { kind: 'status', status: 429, headers: { 'retry-after': '0' } },
    );
    const { brainstorm, ids } = await brainstormWithIdeas();
    const run = await combine(brainstorm.id, ids.slice(1));
    expect(run.calls_made).toBe(4);
    expect((await ideaOf(combinedIdeaOf(run))).idea.title).toBe(merged.title);
  });

  it('plans the one call it makes, and refuses one that would pass the budget', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const api = apiAs(suite.t.app);
    const body = { kind: 'combine', ideas: ids, ...model };
    const planned = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/plan/`, {
      ...body,
    });
    const plan = planned.json<AnalysisPlanDto>();
    expect(plan).toMatchObject({ kind: 'combine', ideas: 3, calls: 1, rounds: null });
    combinedIdeaOf(await runAnalysisThrough(suite.t.app, user, brainstorm.id, body));
    const [request] = suite.fake.requests;
    expect(plan.max_tokens).toBe(
      textTokenBound(request?.system ?? '') +
        textTokenBound(request?.user ?? '') +
        CALL_OVERHEAD_TOKENS +
        2000,
    );

    // Four ideas at their longest, in characters of three bytes, pass the budget of 20,000.
    const long = await insertIdeas(
      suite.t.db,
      brainstorm.id,
      Array.from({ length: 4 }, () => ({
        title: '€'.repeat(240),
        summary: '€'.repeat(600),
        description: '€'.repeat(1500),
      })),
    );
    const refused = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/`, {
      ...body,
      ideas: long.map((idea) => idea.id),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toContain('daily budget of 20,000 tokens');
    expect(suite.fake.calls()).toBe(1);
  });
});

describe('a combination whose job runs again', () => {
  const deps = () =>
    analysisRunnerDeps(suite.t.db, config(suite.fake.baseUrl), suite.t.app.generation.boss);
  const job = (id: number) =>
    runAnalysis(deps(), runners, { analysisId: id }, new AbortController().signal);

  /** A run recorded as the API records one, but not queued: the test runs its job. */
  async function unqueuedRun(brainstormId: number, ideas: number[]) {
    return repository.insertAnalysis(suite.t.db, {
      brainstormId,
      kind: 'combine',
      createdBy: user.id,
      ...model,
      method: 'model',
      params: { ideas },
      callsPlanned: 1,
      reservedTokens: 10_000,
    });
  }

  async function ideasIn(brainstormId: number) {
    const response = await apiAs(suite.t.app)(
      user,
      'GET',
      `/api/ideas/?brainstorm=${brainstormId}&include_duplicates=true&page_size=100`,
    );
    return response.json<{ results: IdeaJson[] }>().results;
  }

  it('returns the idea it stored when its worker died before finishing', async () => {
    const { brainstorm, ids } = await brainstormWithIdeas();
    const run = await combine(brainstorm.id, ids.slice(0, 2));
    const combined = combinedIdeaOf(run);
    await suite.t.db.update(analyses).set({ status: 'running' }).where(eq(analyses.id, run.id));
    suite.fake.reset();
    await job(run.id);
    expect(suite.fake.calls()).toBe(0);
    expect(combinedIdeaOf(await waitForAnalysis(suite.t.app, user, run.id))).toBe(combined);
    expect(await ideasIn(brainstorm.id)).toHaveLength(4);
  });

  it('stores one idea when its job runs twice at the same moment', async () => {
    suite.fake.setDefault({ kind: 'object', object: merged, delayMs: 50 });
    const { brainstorm, ids } = await brainstormWithIdeas();
    const run = await unqueuedRun(brainstorm.id, ids.slice(0, 2));
    await Promise.all([job(run.id), job(run.id)]);
    // Both asked the model: the second had claimed the run before the first stored its idea.
    expect(suite.fake.calls()).toBe(2);
    const done = await waitForAnalysis(suite.t.app, user, run.id);
    const combined = combinedIdeaOf(done);
    const ideas = await ideasIn(brainstorm.id);
    expect(ideas).toHaveLength(4);
    expect(ideas.filter((idea) => idea.title === merged.title).map((i) => i.id)).toEqual([
      combined,
    ]);
  });
});

describe.runIf(onPostgres)('two combinations at the same moment', () => {
  it('store one idea each, the later stacked under the earlier', async () => {
    suite.fake.setDefault({ kind: 'object', object: merged, delayMs: 300 });
    const { brainstorm, ids } = await brainstormWithIdeas();
    const api = apiAs(suite.t.app);
    const url = `/api/brainstorms/${brainstorm.id}/analyses/`;
    const body = { kind: 'combine', ideas: ids.slice(0, 2), ...model };
    const started = await Promise.all([
      api(user, 'POST', url, body),
      api(owner, 'POST', url, body),
    ]);
    const runs = await Promise.all(
      started.map((response, i) => {
        expect(response.statusCode, response.body).toBe(202);
        return waitForAnalysis(
          suite.t.app,
          i === 0 ? user : owner,
          response.json<AnalysisDto>().id,
        );
      }),
    );
    // Both calls were out at once, so both ideas were stored at about the same moment.
    expect(suite.fake.maxInFlight).toBe(2);
    const combined = runs.map(combinedIdeaOf);
    expect(new Set(combined).size).toBe(2);
    const stored = await Promise.all(combined.map(async (id) => (await ideaOf(id)).idea));
    expect(stored.map((idea) => idea.created_by).sort()).toEqual([user.id, owner.id].sort());
    const [earlier, later] = [...stored].sort((x, y) => x.id - y.id);
    expect(earlier?.duplicate_of).toBeNull();
    expect(later?.duplicate_of).toBe(earlier?.id);
    const listed = await api(
      user,
      'GET',
      `/api/ideas/?brainstorm=${brainstorm.id}&include_duplicates=true&page_size=100`,
    );
    expect(listed.json<{ results: IdeaJson[] }>().results).toHaveLength(5);
  });
});
