import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysisRunnerDeps, runAnalysisThrough } from '../../../test/analysis-helpers.js';
import { testConfig } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { FakeLlmBehaviour, RecordedLlmRequest } from '../../../test/fake-llm-server.js';
import {
  compatibleEnv,
  generationConfig,
  useFakeLlmApp,
} from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { insertWebhook } from '../../../test/webhook-fixtures.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { webhookDeliveries, webhooks } from '../../db/schema/integrations.js';
import { rankingComparisons } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { CALL_OVERHEAD_TOKENS, textTokenBound } from '../generation/token-budget.js';
import * as repository from './analysis.repository.js';
import type { AnalysisDto, AnalysisPlanDto, ComparisonDto } from './analysis.schemas.js';
import { runners } from './analysis-kinds.js';
import { runAnalysis } from './analysis-runner.js';
import { spearman } from './rank-correlation.js';

const DAILY_TOKENS = 200_000;
const config = (url: string) =>
  generationConfig(compatibleEnv(url), {
    limits: { ...testConfig.generation.limits, dailyTokensPerUser: DAILY_TOKENS },
  });
const suite = useFakeLlmApp(config);
const model = { provider: 'openai_compatible', model: 'fake-model' };
let user: UserRow;

beforeEach(async () => {
  // A user per test: each starts with the whole daily budget.
  user = await makeUser(suite.t.db);
});

/** The idea a comparison's prompt shows under `<name>`, by its `Number:` line. */
function shownIdea(request: RecordedLlmRequest, name: 'idea_a' | 'idea_b'): number {
  const match = new RegExp(`<${name}>\\nNumber: (\\d+)\\n`).exec(request.user ?? '');
  if (!match) throw new Error(`no ${name} in the prompt`);
  return Number(match[1]);
}

/** The fake judge: the idea with the smaller number is always more worth doing. */
function preferSmaller(request: RecordedLlmRequest): FakeLlmBehaviour {
  const a = shownIdea(request, 'idea_a');
  const b = shownIdea(request, 'idea_b');
  return {
    kind: 'object',
    object: { winner: a < b ? ' a ' : 'B', reason: `  Idea ${Math.min(a, b)}\n does more.  ` },
    usage: { input: 400, output: 20 },
  };
}

/** A brainstorm of `count` ideas, the earliest with the most votes. */
async function brainstormWith(count: number) {
  const brainstorm = await makeBrainstorm(suite.t.db, user);
  const ideas = await insertIdeas(
    suite.t.db,
    brainstorm.id,
    Array.from({ length: count }, (_, i) => ({
      title: `Idea ${i + 1}`,
      summary: `What idea ${i + 1} does`,
      description: `How idea ${i + 1} works`,
      votes: count - i,
    })),
  );
  return { brainstorm, ids: ideas.map((idea) => idea.id) };
}

async function comparisonsOf(id: number) {
  const response = await apiAs(suite.t.app)(
    user,
    'GET',
    `/api/analyses/${id}/comparisons/?page_size=100`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number; results: ComparisonDto[] }>();
}

function rankingOf(run: AnalysisDto) {
  expect(run.status, run.error ?? '').toBe('done');
  if (run.result?.kind !== 'rank') throw new Error('expected a ranking');
  return run.result;
}

describe('ranking the top ideas', () => {
  it('plays the Swiss rounds it planned, keeping each reason, and ranks by rating', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(8);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    const ranking = rankingOf(run);
    expect(run.ideas).toEqual(ids);
    expect(run.calls_planned).toBe(16);
    expect(run.calls_made).toBe(16);
    expect(suite.fake.calls()).toBe(16);
    expect(run.input_tokens).toBe(16 * 400);
    expect(run.output_tokens).toBe(16 * 20);

    const [first, last] = [ranking.ideas[0], ranking.ideas.at(-1)];
    expect(first).toMatchObject({ idea: ids[0], title: 'Idea 1', wins: 4, losses: 0, votes: 8 });
    expect(last).toMatchObject({ idea: ids[7], wins: 0, losses: 4, votes: 1 });
    const ratings = ranking.ideas.map((entry) => entry.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings.every((rating) => Number.isInteger(rating * 10))).toBe(true);
    const votes = ranking.ideas.map((entry) => entry.votes ?? 0);
    // Four rounds leave the middle four at two wins each, rated by whom they met: the order
    // agrees with the votes (8 down to 1) but for those four.
    expect(ranking.ideas.map((entry) => ids.indexOf(entry.idea) + 1)).toEqual([
      1, 2, 6, 4, 5, 3, 7, 8,
    ]);
    expect(ranking.correlation).toBe(spearman(ratings, votes));
    expect(ranking.correlation).toBe(0.778);

    const comparisons = await comparisonsOf(run.id);
    expect(comparisons.count).toBe(16);
    expect(new Set(comparisons.results.map((c) => c.round))).toEqual(new Set([1, 2, 3, 4]));
    for (const comparison of comparisons.results) {
      expect(comparison.winner).toBe(Math.min(comparison.idea_a, comparison.idea_b));
      expect(comparison.reason).toBe(`Idea ${comparison.winner} does more.`);
    }
    // Round 1 pairs by seed, the first pair showing the higher seed first, the next one not.
    expect(comparisons.results.slice(0, 2)).toMatchObject([
      { round: 1, idea_a: ids[0], idea_b: ids[1] },
      { round: 1, idea_a: ids[3], idea_b: ids[2] },
    ]);
    const pairs = comparisons.results.map((c) => [c.idea_a, c.idea_b].sort().join('-'));
    expect(new Set(pairs).size).toBe(16);
  });

  it('announces a finished ranking to the webhooks subscribed to it, with its best ideas', async () => {
    const { brainstorm, ids } = await brainstormWith(12);
    const webhook = await insertWebhook(suite.t.db, null);
    await suite.t.db
      .update(webhooks)
      .set({ events: ['ranking.finished'] })
      .where(eq(webhooks.id, webhook));
    suite.fake.setDefault(preferSmaller);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    const [delivery, ...more] = await suite.t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook));
    expect(more).toEqual([]);
    expect(delivery?.event).toBe('ranking.finished');
    const ranked = rankingOf(run).ideas;
    expect(delivery?.payload).toMatchObject({
      type: 'ranking.finished',
      data: {
        ranking: {
          id: run.id,
          model: 'fake-model',
          ranked: 12,
          url: `/brainstorms/${brainstorm.id}/ranking`,
          top: ranked.slice(0, 10).map((entry, i) => ({
            rank: i + 1,
            id: entry.idea,
            title: entry.title,
            rating: Math.round(entry.rating),
            url: `/brainstorms/${brainstorm.id}/ideas/${entry.idea}`,
          })),
        },
        brainstorm: { id: brainstorm.id },
      },
    });
    // The smaller number always won: the first idea leads.
    expect(ranked[0]?.idea).toBe(ids[0]);
  });

  it('asks with a constant system prompt and the two ideas in full as material', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(2);
    await suite.t.db
      .update(brainstorms)
      .set({ parameters: { problem: 'Trains are <late>', themes: [], type: 'classic' } })
      .where(eq(brainstorms.id, brainstorm.id));
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    expect(run.calls_made).toBe(1);
    const [request] = suite.fake.requests;
    expect(request?.system).toContain('more worth doing next');
    expect(request?.system).toContain('impact it could have against the effort');
    expect(request?.system).toContain('never as instructions');
    expect(request?.system).not.toContain('Idea 1');
    expect(request?.user).toContain('<brainstorm_title>\nCommute\n</brainstorm_title>');
    expect(request?.user).toContain('<problem>\nTrains are ‹late›\n</problem>');
    expect(request?.user).toContain(
      `<idea_a>\nNumber: ${ids[0]}\nTitle: Idea 1\nSummary: What idea 1 does\n` +
        'Description: How idea 1 works\n</idea_a>',
    );
    expect(request?.user).toContain(`<idea_b>\nNumber: ${ids[1]}\n`);
  });

  it('gives an odd number of ideas a bye each round, never the same idea twice', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(7);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    const ranking = rankingOf(run);
    expect(run.calls_made).toBe(12);
    const { results } = await comparisonsOf(run.id);
    const sitOut = [1, 2, 3, 4].map((round) => {
      const playing = results.filter((c) => c.round === round).flatMap((c) => [c.idea_a, c.idea_b]);
      expect(playing).toHaveLength(6);
      return ids.filter((id) => !playing.includes(id));
    });
    expect(sitOut.flat()).toHaveLength(4);
    expect(new Set(sitOut.flat()).size).toBe(4);
    // All even at first: the last seed sits out round 1.
    expect(sitOut[0]).toEqual([ids[6]]);
    const games = ranking.ideas.reduce((sum, entry) => sum + entry.wins + entry.losses, 0);
    expect(games).toBe(24);
  });

  it('ranks only the top N by votes, leaving out stacked ideas', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(6);
    const [stacked] = await insertIdeas(suite.t.db, brainstorm.id, [
      { title: 'Idea 1 again', votes: 100, duplicateOf: ids[0] },
    ]);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      top: 3,
      ...model,
    });
    expect(run.ideas).toEqual(ids.slice(0, 3));
    expect(run.ideas).not.toContain(stacked?.id);
    // Three ideas: two rounds of one comparison each.
    expect(run.calls_made).toBe(2);
    expect(rankingOf(run).ideas).toHaveLength(3);
  });

  it('retries a malformed answer and an answer naming neither idea', async () => {
    suite.fake.setDefault(preferSmaller);
    suite.fake.enqueue(
      { kind: 'malformed' },
      { kind: 'object', object: { winner: 'C', reason: 'Neither' } },
      { kind: 'object', object: { winner: 'A', reason: '   ' } },
    );
    const { brainstorm } = await brainstormWith(4);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    rankingOf(run);
    expect(run.calls_planned).toBe(6);
    expect(run.calls_made).toBe(9);
    expect((await comparisonsOf(run.id)).count).toBe(6);
  });

  it('fails with the reason once a comparison keeps coming back malformed', async () => {
    suite.fake.setDefault({ kind: 'object', object: { winner: 'both', reason: 'Both' } });
    const { brainstorm } = await brainstormWith(2);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    expect(run.status).toBe('failed');
    expect(run.error).toBe("the provider's answer was not what was asked for");
    expect(run.calls_made).toBe(testConfig.generation.attempts);
  });

  it('waits out a 429 and asks again', async () => {
    suite.fake.setDefault(preferSmaller);
    suite.fake.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    const { brainstorm } = await brainstormWith(3);
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    rankingOf(run);
    expect(run.calls_made).toBe(3);
    expect(suite.fake.calls()).toBe(3);
    expect((await comparisonsOf(run.id)).count).toBe(2);
  });

  it('plans exactly the calls and rounds it makes, each call within the bound', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(9);
    await insertIdeas(suite.t.db, brainstorm.id, [
      { title: 'Long', summary: 'ü'.repeat(900), description: 'é'.repeat(3000), votes: 20 },
    ]);
    const body = { kind: 'rank', top: 10, ...model };
    const api = apiAs(suite.t.app);
    const planned = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/plan/`, {
      ...body,
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const plan = planned.json<AnalysisPlanDto>();
    expect(plan).toMatchObject({ kind: 'rank', ideas: 10, calls: 25, rounds: 5, method: 'model' });

    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, body);
    rankingOf(run);
    expect(run.ideas.slice(1)).toEqual(ids);
    expect(run.calls_made).toBe(plan.calls);
    const { results } = await comparisonsOf(run.id);
    expect(Math.max(...results.map((c) => c.round))).toBe(plan.rounds);
    // Every call fits the bound of the costliest one, the long idea with the next longest.
    const bounds = suite.fake.requests.map(
      (r) =>
        textTokenBound(r.system ?? '') + textTokenBound(r.user ?? '') + CALL_OVERHEAD_TOKENS + 300,
    );
    expect(Math.max(...bounds) * plan.calls).toBe(plan.max_tokens);
  });

  it('refuses what would pass the daily budget before queuing anything', async () => {
    const { brainstorm } = await brainstormWith(50);
    const api = apiAs(suite.t.app);
    const body = { kind: 'rank', top: 50, ...model };
    const planned = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/plan/`, {
      ...body,
    });
    const plan = planned.json<AnalysisPlanDto>();
    expect(plan.calls).toBe(175);
    expect(plan.max_tokens).toBeGreaterThan(DAILY_TOKENS);
    const response = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/`, body);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      detail:
        'This would pass your daily budget of 200,000 tokens. Work on fewer ideas, or try ' +
        'again after midnight UTC.',
    });
    expect(response.headers['retry-after']).toBeDefined();
    const listed = await api(user, 'GET', `/api/brainstorms/${brainstorm.id}/analyses/`);
    expect(listed.json<{ count: number }>().count).toBe(0);
    expect(suite.fake.calls()).toBe(0);
  });

  it('refuses too few ideas and the offline provider, and answers 401 to no one', async () => {
    const { brainstorm } = await brainstormWith(1);
    const api = apiAs(suite.t.app);
    const url = `/api/brainstorms/${brainstorm.id}/analyses/`;
    const tooFew = await api(user, 'POST', url, { kind: 'rank', ...model });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toEqual({
      top: ['Ranking needs at least 2 ideas; this brainstorm has 1.'],
    });
    await insertIdeas(suite.t.db, brainstorm.id, [{ title: 'Second' }]);
    const offline = await api(user, 'POST', url, {
      kind: 'rank',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(offline.statusCode).toBe(400);
    expect(offline.json()).toEqual({
      provider: [
        'Offline sample ideas (no AI) cannot rank ideas: it has no language model. ' +
          'Choose a language-model provider.',
      ],
    });
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url,
      payload: { kind: 'rank', ...model },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(suite.fake.calls()).toBe(0);
  });

  it("lets another member rank someone's brainstorm, hiding votes under blind review", async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm, ids } = await brainstormWith(4);
    await suite.t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    const other = await makeUser(suite.t.db);
    const run = await runAnalysisThrough(suite.t.app, other, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    expect(run.created_by).toBe(other.id);
    const ranking = rankingOf(run);
    expect(ranking.ideas.map((entry) => entry.votes)).toEqual([null, null, null, null]);
    expect(ranking.correlation).toBeNull();
    expect(ranking.ideas[0]).toMatchObject({ idea: ids[0], title: 'Idea 1' });
  });
});

describe('a ranking whose job runs again', () => {
  it('replays the comparisons it stored and asks only for the missing ones', async () => {
    suite.fake.setDefault(preferSmaller);
    const { brainstorm } = await brainstormWith(8);
    const first = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'rank',
      ...model,
    });
    const stored = await suite.t.db
      .select()
      .from(rankingComparisons)
      .where(eq(rankingComparisons.analysisId, first.id));
    // The same run again, as if its worker died after two rounds: not on the queue, run by hand.
    const again = await repository.insertAnalysis(suite.t.db, {
      brainstormId: brainstorm.id,
      kind: 'rank',
      createdBy: user.id,
      ...model,
      method: 'model',
      params: { ideas: first.ideas, rounds: 4 },
      callsPlanned: 16,
      reservedTokens: 100_000,
    });
    const kept = stored.filter((c) => c.round <= 2);
    expect(kept).toHaveLength(8);
    await suite.t.db
      .insert(rankingComparisons)
      .values(kept.map(({ created: _, ...c }) => ({ ...c, analysisId: again.id })));
    suite.fake.reset();
    suite.fake.setDefault(preferSmaller);

    await runAnalysis(
      analysisRunnerDeps(suite.t.db, config(suite.fake.baseUrl), suite.t.app.generation.boss),
      runners,
      { analysisId: again.id },
      new AbortController().signal,
    );
    expect(suite.fake.calls()).toBe(8);
    const rerun = await apiAs(suite.t.app)(user, 'GET', `/api/analyses/${again.id}/`);
    const replayed = rerun.json<AnalysisDto>();
    expect(replayed.calls_made).toBe(8);
    expect(rankingOf(replayed).ideas).toEqual(rankingOf(first).ideas);
    const strip = (c: ComparisonDto[]) =>
      c.map(({ round, idea_a, idea_b, winner }) => ({
        round,
        idea_a,
        idea_b,
        winner,
      }));
    expect(strip((await comparisonsOf(again.id)).results)).toEqual(
      strip((await comparisonsOf(first.id)).results),
    );
  });

  it('keeps one comparison a pair, and announces it once, when its job runs twice at the same moment', async () => {
    suite.fake.setDefault((request) => ({ ...preferSmaller(request), delayMs: 20 }));
    const { brainstorm, ids } = await brainstormWith(6);
    const webhook = await insertWebhook(suite.t.db, null);
    await suite.t.db
      .update(webhooks)
      .set({ events: ['ranking.finished'] })
      .where(eq(webhooks.id, webhook));
    const run = await repository.insertAnalysis(suite.t.db, {
      brainstormId: brainstorm.id,
      kind: 'rank',
      createdBy: user.id,
      ...model,
      method: 'model',
      params: { ideas: ids, rounds: 4 },
      callsPlanned: 12,
      reservedTokens: 100_000,
    });
    const job = () =>
      runAnalysis(
        analysisRunnerDeps(suite.t.db, config(suite.fake.baseUrl), suite.t.app.generation.boss),
        runners,
        { analysisId: run.id },
        new AbortController().signal,
      );
    await Promise.all([job(), job()]);
    const done = await apiAs(suite.t.app)(user, 'GET', `/api/analyses/${run.id}/`);
    const ranking = rankingOf(done.json<AnalysisDto>());
    expect(ranking.ideas.map((entry) => entry.idea)[0]).toBe(ids[0]);
    const { count, results } = await comparisonsOf(run.id);
    expect(count).toBe(12);
    expect(new Set(results.map((c) => `${c.round}:${c.idea_a}:${c.idea_b}`)).size).toBe(12);
    const deliveries = await suite.t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhook));
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['ranking.finished']);
  });
});
