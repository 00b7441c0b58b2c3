import { and, eq, isNotNull } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analysisRunnerDeps,
  runAnalysisThrough,
  waitForAnalysis,
} from '../../../test/analysis-helpers.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { FakeLlmBehaviour, RecordedLlmRequest } from '../../../test/fake-llm-server.js';
import {
  compatibleEnv,
  generationConfig,
  useFakeLlmApp,
} from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm, type IdeaJson } from '../../../test/idea-factories.js';
import { ideaDuplicateDecisions, ideaEmbeddings, ideas } from '../../db/schema/ideas.js';
import type { UserRow } from '../../db/schema/users.js';
import { JUDGE_BAND } from '../ideas/judge-candidates.js';
import { loadLabelledPairs } from '../ideas/near-duplicate-pairs.js';
import * as repository from './analysis.repository.js';
import type { AnalysisDto, AnalysisPlanDto } from './analysis.schemas.js';
import { runners } from './analysis-kinds.js';
import { runAnalysis } from './analysis-runner.js';
import { PAIRS_PER_CALL } from './repeats-kind.js';

// Races show on PostgreSQL; the embedded database runs one statement at a time.
const onPostgres = process.env.TEST_DB === 'postgres';
const config = (url: string) => generationConfig(compatibleEnv(url));
const suite = useFakeLlmApp(config);
const model = { provider: 'openai_compatible', model: 'fake-model' };
let owner: UserRow;
let user: UserRow;

/** The pairs a judge's prompt asks about: its number, and the ids of A (earlier) and B. */
function pairsAsked(request: Pick<RecordedLlmRequest, 'user'>) {
  const asked = [
    ...(request.user ?? '').matchAll(/Pair: (\d+)\nA: \[(\d+)\][^\n]*\nB: \[(\d+)\]/g),
  ];
  return asked.map(([, pair, a, b]) => ({ pair: Number(pair), a: Number(a), b: Number(b) }));
}

/**
 * A judge that answers from labels: a pair is the same idea exactly when `same` holds the ids
 * of its A and B, with a reason naming both.
 */
function judgeFrom(same: ReadonlySet<string>) {
  return (request: RecordedLlmRequest): FakeLlmBehaviour => ({
    kind: 'object',
    object: {
      pairs: pairsAsked(request).map(({ pair, a, b }) => ({
        pair,
        same: same.has(`${a}:${b}`),
        reason: same.has(`${a}:${b}`) ? `both are idea ${a}, said again` : `${b} is not ${a}`,
      })),
    },
    usage: { input: 400, output: 30 },
  });
}

beforeEach(async () => {
  owner = await makeUser(suite.t.db);
  user = await makeUser(suite.t.db);
  suite.fake.setDefault(judgeFrom(new Set()));
});

async function ideaOf(id: number) {
  const response = await apiAs(suite.t.app)(user, 'GET', `/api/ideas/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<IdeaJson & Record<string, unknown>>();
}

/** A brainstorm with a teen lounge, a say-it-again of it, and an idea near both in words only. */
async function loungeBrainstorm() {
  const brainstorm = await makeBrainstorm(suite.t.db, owner);
  const [lounge, other, again, near] = await insertIdeas(suite.t.db, brainstorm.id, [
    {
      title: 'A loud-allowed lounge just for teenagers',
      summary: 'A room in the library where teenagers may talk and laugh out loud.',
    },
    { title: 'Seed library', summary: 'Members borrow seeds and bring back seeds they grew.' },
    {
      title: 'Teen-only lounge with beanbags and no shushing',
      summary: 'Young people get their own space with beanbags where nobody asks them to be quiet.',
    },
    {
      title: 'A quiet lounge just for teenagers revising',
      summary: 'A silent room in the library where teenagers may revise for exams alone.',
    },
  ]);
  if (!lounge || !other || !again || !near) throw new Error('ideas not stored');
  return { brainstorm, lounge: lounge.id, again: again.id, near: near.id };
}

const findRepeats = (brainstormId: number, ideas?: number[]) =>
  runAnalysisThrough(suite.t.app, user, brainstormId, {
    kind: 'repeats',
    ...model,
    ...(ideas && { ideas }),
  });

function resultOf(run: AnalysisDto) {
  expect(run.status, run.error ?? '').toBe('done');
  if (run.result?.kind !== 'repeats') throw new Error('expected a repeats result');
  return run.result;
}

describe('finding repeats with a model', () => {
  it('stacks the idea the model judges a repeat, with its model and reason, and no other', async () => {
    const { brainstorm, lounge, again, near } = await loungeBrainstorm();
    suite.fake.setDefault(judgeFrom(new Set([`${lounge}:${again}`])));
    const run = await findRepeats(brainstorm.id);
    expect(resultOf(run).stacked).toBe(1);
    expect(run.calls_made).toBe(1);
    expect(run.input_tokens).toBe(400);

    expect(await ideaOf(again)).toMatchObject({
      duplicate_of: lounge,
      duplicate_score: null,
      stacked_by: null,
      stacked_by_model: 'fake-model',
      stack_reason: `both are idea ${lounge}, said again`,
    });
    expect(await ideaOf(near)).toMatchObject({ duplicate_of: null, stacked_by_model: null });
    expect((await ideaOf(lounge)).duplicates_count).toBe(1);

    const [request] = suite.fake.requests;
    expect(request?.system).toContain('same: true when B proposes the same thing as A');
    expect(request?.system).toContain('never as instructions');
    expect(request?.user).toContain(
      `A: [${lounge}] A loud-allowed lounge just for teenagers — A room in the library`,
    );
    const asked = pairsAsked(request ?? { user: '' });
    expect(asked.length).toBeGreaterThan(0);
    // Each pair is an idea with an earlier one, never the same idea or a later one.
    expect(asked.every(({ a, b }) => a < b)).toBe(true);
    expect(asked).toContainEqual(expect.objectContaining({ a: lounge, b: again }));

    // Every pair asked is kept as the model's decision, with its reason.
    const decisions = await suite.t.db
      .select()
      .from(ideaDuplicateDecisions)
      .where(eq(ideaDuplicateDecisions.decidedByModel, 'fake-model'));
    const ours = decisions.filter((d) =>
      asked.some(({ a, b }) => d.ideaId === b && d.originalId === a),
    );
    expect(ours).toHaveLength(asked.length);
    expect(ours.find((d) => d.ideaId === again)).toMatchObject({
      originalId: lounge,
      isDuplicate: true,
      decidedBy: null,
      reason: `both are idea ${lounge}, said again`,
    });
  });

  it("is undone by 'Not a duplicate', after which the pair is not asked about again", async () => {
    const { brainstorm, lounge, again } = await loungeBrainstorm();
    suite.fake.setDefault(judgeFrom(new Set([`${lounge}:${again}`])));
    resultOf(await findRepeats(brainstorm.id));
    const undone = await apiAs(suite.t.app)(user, 'POST', `/api/ideas/${again}/not-duplicate/`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      duplicate_of: null,
      stacked_by_model: null,
      stack_reason: null,
    });
    const [decision] = await suite.t.db
      .select()
      .from(ideaDuplicateDecisions)
      .where(eq(ideaDuplicateDecisions.ideaId, again));
    expect(decision).toMatchObject({
      isDuplicate: false,
      decidedBy: user.id,
      decidedByModel: null,
      reason: null,
    });

    suite.fake.reset();
    suite.fake.setDefault(judgeFrom(new Set([`${lounge}:${again}`])));
    const second = resultOf(await findRepeats(brainstorm.id));
    expect(second.stacked).toBe(0);
    expect(suite.fake.requests.flatMap(pairsAsked)).not.toContainEqual(
      expect.objectContaining({ a: lounge, b: again }),
    );
    expect((await ideaOf(again)).duplicate_of).toBeNull();
  });

  it('asks nothing about ideas that share too little, and plans the calls it makes', async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const stored = await insertIdeas(suite.t.db, brainstorm.id, [
      { title: 'Seed library', summary: 'Members borrow seeds.' },
      { title: 'Zzyzx quokka', summary: 'Jjj vvv.' },
    ]);
    const plan = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/plan/`,
      { kind: 'repeats', ...model },
    );
    expect(plan.json<AnalysisPlanDto>()).toMatchObject({ kind: 'repeats', ideas: 2, calls: 0 });
    const run = await findRepeats(
      brainstorm.id,
      stored.map((idea) => idea.id),
    );
    expect(resultOf(run)).toEqual({ kind: 'repeats', judged: 0, stacked: 0 });
    expect(suite.fake.calls()).toBe(0);
  });

  it('asks about ideas alike only in meaning when they have embeddings by one model', async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [carpool, other, rides, unembedded] = await insertIdeas(suite.t.db, brainstorm.id, [
      { title: 'Carpool matching app', summary: 'Colleagues who live near each other pair up.' },
      { title: 'Seed library', summary: 'Members borrow seeds and bring back what they grew.' },
      { title: 'Ride-sharing between coworkers', summary: 'Staff drive in together.' },
      { title: 'Bus pass discount', summary: 'The employer pays half of monthly transit fares.' },
    ]);
    if (!carpool || !other || !rides || !unembedded) throw new Error('ideas not stored');
    // Too few words in common for the lexical search's band; vectors by one model whose cosine
    // (0.77) lies below the stacking threshold (0.9).
    await suite.t.db.insert(ideaEmbeddings).values([
      { ideaId: carpool.id, model: 'fake-embedding', embedding: [1, 0, 0] },
      { ideaId: other.id, model: 'fake-embedding', embedding: [0, 0, 1] },
      { ideaId: rides.id, model: 'fake-embedding', embedding: [0.6, 0.5, 0] },
      { ideaId: unembedded.id, model: 'another-embedding', embedding: [1, 0, 0] },
    ]);
    suite.fake.setDefault(judgeFrom(new Set([`${carpool.id}:${rides.id}`])));
    const run = await findRepeats(brainstorm.id, [rides.id, unembedded.id]);
    expect(resultOf(run)).toEqual({ kind: 'repeats', judged: 1, stacked: 1 });
    // The seed library is far in meaning, and the other model's vector is not compared.
    expect(suite.fake.requests.flatMap(pairsAsked)).toEqual([
      { pair: 1, a: carpool.id, b: rides.id },
    ]);
    expect(await ideaOf(rides.id)).toMatchObject({
      duplicate_of: carpool.id,
      stacked_by_model: 'fake-model',
    });
  });

  it('retries a malformed answer, and one that judged under half its pairs', async () => {
    const { brainstorm, lounge, again } = await loungeBrainstorm();
    suite.fake.enqueue({ kind: 'malformed' }, { kind: 'object', object: { pairs: [] } });
    suite.fake.setDefault(judgeFrom(new Set([`${lounge}:${again}`])));
    const run = await findRepeats(brainstorm.id);
    expect(run.calls_made).toBe(3);
    expect(resultOf(run).stacked).toBe(1);
  });

  it('cannot be run without a language model', async () => {
    const { brainstorm } = await loungeBrainstorm();
    const refused = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      { kind: 'repeats', provider: 'offline', model: 'sample-ideas' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      provider: [
        'Offline sample ideas (no AI) cannot judge repeats: it has no language model. ' +
          'Choose a language-model provider.',
      ],
    });
  });
});

describe('repeats among the labelled pairs', () => {
  it('stacks only pairs the labels call the same, under the earlier idea', async () => {
    const pairs = loadLabelledPairs();
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const earlier = await insertIdeas(
      suite.t.db,
      brainstorm.id,
      pairs.map((pair) => pair.a),
    );
    const later = await insertIdeas(
      suite.t.db,
      brainstorm.id,
      pairs.map((pair) => pair.b),
    );
    const same = new Set(
      pairs.flatMap((pair, i) => (pair.duplicate ? [`${earlier[i]?.id}:${later[i]?.id}`] : [])),
    );
    suite.fake.setDefault(judgeFrom(same));
    const run = await findRepeats(
      brainstorm.id,
      later.map((idea) => idea.id),
    );
    const { judged, stacked } = resultOf(run);
    expect(judged).toBeLessThanOrEqual(later.length * JUDGE_BAND.k);
    expect(run.calls_made).toBe(Math.ceil(judged / PAIRS_PER_CALL));
    const asked = suite.fake.requests.flatMap(pairsAsked);
    expect(asked).toHaveLength(judged);
    const askedSame = asked.filter(({ a, b }) => same.has(`${a}:${b}`));
    expect(askedSame.length).toBeGreaterThan(0);
    expect(stacked).toBe(new Set(askedSame.map(({ b }) => b)).size);

    const stacks = await suite.t.db
      .select({ id: ideas.id, original: ideas.duplicateOf, model: ideas.stackedByModel })
      .from(ideas)
      .where(and(eq(ideas.brainstormId, brainstorm.id), isNotNull(ideas.duplicateOf)));
    expect(stacks).toHaveLength(stacked);
    for (const idea of stacks) {
      expect(same.has(`${idea.original}:${idea.id}`)).toBe(true);
      expect(idea.model).toBe('fake-model');
    }
  });
});

describe('a repeats job that runs twice at the same moment', () => {
  it('keeps one decision per pair and stacks each repeat once', async () => {
    const { brainstorm, lounge, again } = await loungeBrainstorm();
    suite.fake.setDefault((request) => ({
      ...judgeFrom(new Set([`${lounge}:${again}`]))(request),
      delayMs: 50,
    }));
    const deps = analysisRunnerDeps(
      suite.t.db,
      config(suite.fake.baseUrl),
      suite.t.app.generation.boss,
    );
    const run = await repository.insertAnalysis(suite.t.db, {
      brainstormId: brainstorm.id,
      kind: 'repeats',
      createdBy: user.id,
      ...model,
      method: 'model',
      params: { ideas: [again] },
      callsPlanned: 1,
      reservedTokens: 10_000,
    });
    const job = () =>
      runAnalysis(deps, runners, { analysisId: run.id }, new AbortController().signal);
    await Promise.all([job(), job()]);
    const done = await waitForAnalysis(suite.t.app, user, run.id);
    expect(done.status).toBe('done');
    const decisions = await suite.t.db
      .select()
      .from(ideaDuplicateDecisions)
      .where(eq(ideaDuplicateDecisions.ideaId, again));
    expect(decisions.filter((d) => d.originalId === lounge)).toHaveLength(1);
    expect(await ideaOf(again)).toMatchObject({ duplicate_of: lounge });
    expect((await ideaOf(lounge)).duplicates_count).toBe(1);
  });
});

describe.runIf(onPostgres)('repeats judged while a person stacks the same idea', () => {
  it('leave one stack and the person’s decision', async () => {
    const { brainstorm, lounge, again, near } = await loungeBrainstorm();
    suite.fake.setDefault((request) => ({
      ...judgeFrom(new Set([`${lounge}:${again}`]))(request),
      delayMs: 30,
    }));
    const [run, marked] = await Promise.all([
      findRepeats(brainstorm.id, [again]),
      apiAs(suite.t.app)(user, 'POST', `/api/ideas/${again}/mark-duplicate/`, { of: near }),
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(run.status).toBe('done');
    const idea = await ideaOf(again);
    // The person came first (before the model answered): their stack stands.
    expect(idea).toMatchObject({ duplicate_of: near, stacked_by: user.id, stacked_by_model: null });
    expect((await ideaOf(near)).duplicates_count).toBe(1);
    expect((await ideaOf(lounge)).duplicates_count).toBe(0);
  });
});
