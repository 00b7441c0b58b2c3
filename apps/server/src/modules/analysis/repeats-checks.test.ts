import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitForAnalysis } from '../../../test/analysis-helpers.js';
import { testConfig } from '../../../test/app.js';
import type { App } from '../../app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { FakeLlmBehaviour, RecordedLlmRequest } from '../../../test/fake-llm-server.js';
import {
  compatibleEnv,
  generationBody,
  generationConfig,
  useFakeLlmApp,
  waitForGeneration,
} from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import type { Config } from '../../config.js';
import { ideas } from '../../db/schema/ideas.js';
import { analyses } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import type { GenerationDto } from '../generation/generation.schemas.js';
import type { IdeaDto } from '../ideas/ideas.schemas.js';
import { REPEATS_CHECK_QUEUE } from '../generation/job-queue.js';
import * as repository from './analysis.repository.js';
import { checkRepeats } from './repeats-checks.js';

const judge = { provider: 'openai_compatible', model: 'fake-model' } as const;
const config = (url: string, overrides: Partial<Config> = {}): Partial<Config> => ({
  ...generationConfig(compatibleEnv(url)),
  repeatsJudge: judge,
  ...overrides,
});

const lounge = {
  title: 'A loud-allowed lounge just for teenagers',
  summary: 'A room in the library where teenagers may talk and laugh out loud.',
};
const sameAgain = {
  title: 'Teen-only lounge with beanbags and no shushing',
  summary: 'Young people get their own space with beanbags where nobody asks them to be quiet.',
};

const isJudging = (request: RecordedLlmRequest) =>
  (request.system ?? '').includes('repeat an earlier idea in other words');

/**
 * A model that writes `sameAgain` when asked for an idea and, asked whether two ideas are one,
 * says so of every pair whose B is `sameAgain`.
 */
function model(request: RecordedLlmRequest): FakeLlmBehaviour {
  if (!isJudging(request)) {
    return { kind: 'idea', idea: { ...sameAgain, description: 'Beanbags, no shushing.' } };
  }
  const pairs = [...(request.user ?? '').matchAll(/Pair: (\d+)\nA: [^\n]*\nB: \[\d+\] ([^\n]*)/g)];
  return {
    kind: 'object',
    object: {
      pairs: pairs.map(([, pair, b]) => ({
        pair: Number(pair),
        same: (b ?? '').startsWith(sameAgain.title),
        reason: 'both are a lounge where teenagers may be loud',
      })),
    },
  };
}

async function waitFor<T>(read: () => Promise<T | null>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`waited too long for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the repeats checks queued for the brainstorm have all completed. */
const checksCompleted = (app: App, brainstormId: number) =>
  waitFor(async () => {
    const jobs = await app.generation.boss.findJobs(REPEATS_CHECK_QUEUE, {
      data: { brainstormId },
    });
    return jobs.length > 0 && jobs.every((job) => job.state === 'completed') ? jobs : null;
  }, 'the checks to complete');

describe('ideas checked for repeats as they are stored', () => {
  const suite = useFakeLlmApp((url) => config(url));
  let owner: UserRow;
  let user: UserRow;

  beforeEach(async () => {
    owner = await makeUser(suite.t.db);
    user = await makeUser(suite.t.db);
    suite.fake.setDefault(model);
  });

  /** The idea once a model has stacked it (or the wait fails). */
  const stackedByModel = (id: number) =>
    waitFor(async () => {
      const idea = (await apiAs(suite.t.app)(user, 'GET', `/api/ideas/${id}/`)).json<IdeaDto>();
      return idea.stacked_by_model === null ? null : idea;
    }, `idea ${id} to be stacked by the model`);

  async function repeatsRuns(brainstormId: number) {
    return suite.t.db.select().from(analyses).where(eq(analyses.brainstormId, brainstormId));
  }

  it('stacks an idea written by hand that says an earlier one in other words', async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [first] = await insertIdeas(suite.t.db, brainstorm.id, [lounge]);
    const posted = await apiAs(suite.t.app)(user, 'POST', '/api/ideas/', {
      ...sameAgain,
      description: '',
      brainstorm: brainstorm.id,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    // Stored alone: the words are too different for the detector.
    expect(posted.json<IdeaDto>().duplicate_of).toBeNull();
    const idea = await stackedByModel(posted.json<IdeaDto>().id);
    expect(idea).toMatchObject({
      duplicate_of: first?.id,
      stacked_by_model: 'fake-model',
      stack_reason: 'both are a lounge where teenagers may be loud',
    });
    const [run] = await repeatsRuns(brainstorm.id);
    expect(run).toMatchObject({
      kind: 'repeats',
      createdBy: user.id,
      provider: judge.provider,
      model: judge.model,
      params: { ideas: [idea.id] },
      status: 'done',
    });
  });

  it("stacks a generation's repeat once the generation has finished", async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [first] = await insertIdeas(suite.t.db, brainstorm.id, [lounge]);
    const started = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/brainstorm/`,
      generationBody(1, judge.provider, judge.model),
    );
    expect(started.statusCode, started.body).toBe(202);
    const generation = await waitForGeneration(suite.t.app, user, started.json<GenerationDto>().id);
    expect(generation.status).toBe('done');
    const [stored] = await suite.t.db
      .select({ id: ideas.id })
      .from(ideas)
      .where(eq(ideas.generationId, generation.id));
    if (!stored) throw new Error('the generation stored no idea');
    expect((await stackedByModel(stored.id)).duplicate_of).toBe(first?.id);
    expect(suite.fake.requests.filter(isJudging)).toHaveLength(1);
  });

  it('stacks an imported repeat, and starts nothing for ideas with nothing near', async () => {
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [first] = await insertIdeas(suite.t.db, brainstorm.id, [lounge]);
    const imported = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/import/`,
      {
        format: 'json',
        content: JSON.stringify([sameAgain]),
      },
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const [id] = imported.json<{ ids: number[] }>().ids;
    expect((await stackedByModel(id ?? 0)).duplicate_of).toBe(first?.id);

    const alone = await makeBrainstorm(suite.t.db, owner);
    const posted = await apiAs(suite.t.app)(user, 'POST', '/api/ideas/', {
      title: 'Seed library',
      summary: 'Members borrow seeds.',
      description: '',
      brainstorm: alone.id,
    });
    expect(posted.statusCode).toBe(201);
    await checksCompleted(suite.t.app, alone.id);
    expect(await repeatsRuns(alone.id)).toEqual([]);
  });
});

describe('one idea checked twice at the same moment', () => {
  const suite = useFakeLlmApp((url) => config(url));

  // A check job run again while its first run is still recording its step, as when the worker
  // that ran it died: races show on PostgreSQL; the embedded database runs one at a time.
  it('records one step for it, and asks the model about each pair once', async () => {
    suite.fake.setDefault(model);
    const owner = await makeUser(suite.t.db);
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [first, again] = await insertIdeas(suite.t.db, brainstorm.id, [lounge, sameAgain]);
    if (!first || !again) throw new Error('ideas not stored');
    const deps = {
      db: suite.t.db,
      boss: suite.t.app.generation.boss,
      judge,
      limits: testConfig.generation.limits,
      duplicates: testConfig.duplicates,
      log: { warn: () => undefined },
    };
    const job = { brainstormId: brainstorm.id, ideas: [again.id], requestedBy: owner.id };
    await Promise.all([checkRepeats(deps, job), checkRepeats(deps, job)]);

    const runs = await suite.t.db
      .select()
      .from(analyses)
      .where(eq(analyses.brainstormId, brainstorm.id));
    expect(runs).toHaveLength(1);
    const [run] = runs;
    expect((await waitForAnalysis(suite.t.app, owner, run?.id ?? 0)).status).toBe('done');
    expect(suite.fake.requests.filter(isJudging)).toHaveLength(1);
    const [stacked] = await suite.t.db.select().from(ideas).where(eq(ideas.id, again.id));
    expect(stacked).toMatchObject({ duplicateOf: first.id, stackedByModel: judge.model });

    // Once that step has ended, a later check finds the pair decided and starts nothing.
    await checkRepeats(deps, job);
    expect(
      await suite.t.db.select().from(analyses).where(eq(analyses.brainstormId, brainstorm.id)),
    ).toHaveLength(1);
  });
});

describe('steps started by themselves', () => {
  const suite = useFakeLlmApp((url) => config(url));

  it('leave room for the steps a person asks for', async () => {
    const owner = await makeUser(suite.t.db);
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    const [idea] = await insertIdeas(suite.t.db, brainstorm.id, [lounge]);
    for (let i = 0; i < testConfig.generation.limits.runningPerUser; i++) {
      await repository.insertAnalysis(suite.t.db, {
        brainstormId: brainstorm.id,
        kind: 'repeats',
        createdBy: owner.id,
        ...judge,
        method: 'model',
        params: { ideas: [idea?.id ?? 0], automatic: true },
        callsPlanned: 1,
        reservedTokens: 1000,
      });
    }
    const plan = await apiAs(suite.t.app)(
      owner,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      { kind: 'repeats', ...judge },
    );
    expect(plan.statusCode, plan.body).toBe(202);
  });
});

describe('ideas checked for repeats by someone out of budget', () => {
  const suite = useFakeLlmApp((url) =>
    config(url, {
      generation: {
        ...generationConfig(compatibleEnv(url)).generation,
        ...testConfig.generation,
        workers: true,
        pollingSeconds: 1,
        limits: { ...testConfig.generation.limits, dailyTokensPerUser: 50 },
      },
    }),
  );

  it('start no step, and store the idea as it is', async () => {
    suite.fake.setDefault(model);
    const owner = await makeUser(suite.t.db);
    const brainstorm = await makeBrainstorm(suite.t.db, owner);
    await insertIdeas(suite.t.db, brainstorm.id, [lounge]);
    const posted = await apiAs(suite.t.app)(owner, 'POST', '/api/ideas/', {
      ...sameAgain,
      description: '',
      brainstorm: brainstorm.id,
    });
    expect(posted.statusCode).toBe(201);
    await checksCompleted(suite.t.app, brainstorm.id);
    const runs = await suite.t.db
      .select()
      .from(analyses)
      .where(eq(analyses.brainstormId, brainstorm.id));
    expect(runs).toEqual([]);
    expect(suite.fake.calls()).toBe(0);
  });
});
