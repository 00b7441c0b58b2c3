import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ideaNumbersIn,
  runAnalysisThrough,
  waitForAnalysis,
} from '../../../test/analysis-helpers.js';
import { testConfig } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import type { RecordedLlmRequest } from '../../../test/fake-llm-server.js';
import {
  compatibleEnv,
  generationConfig,
  makeRichBrainstorm,
  useFakeLlmApp,
  type FakeLlmSuite,
} from '../../../test/generation-helpers.js';
import { insertIdeas } from '../../../test/idea-factories.js';
import { loadConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { analyses, ideaAssessments } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import { createProviderClients } from '../providers/provider-clients.js';
import type { AnalysisDto } from './analysis.schemas.js';
import { runners } from './analysis-kinds.js';
import { runAnalysis } from './analysis-runner.js';
import type { IdeaAssessmentDto } from './assessments.schemas.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const model = { provider: 'openai_compatible', model: 'fake-model' };
const PROBLEM = 'Our open-plan office is too noisy to concentrate in.';

async function brainstormWith(db: Db, user: UserRow, ideaCount: number) {
  const brainstorm = await makeRichBrainstorm(db, user, { problem: PROBLEM });
  if (ideaCount === 0) return { brainstorm, ideas: [] };
  const rows = await insertIdeas(
    db,
    brainstorm.id,
    Array.from({ length: ideaCount }, (_, i) => ({ title: `Idea ${i}`, summary: `About ${i}` })),
  );
  return { brainstorm, ideas: rows.map((row) => row.id) };
}

/** A model's answer scoring every idea its prompt lists, impact from the idea's number. */
function scoreEvery(request: RecordedLlmRequest, usable = (_id: number) => true) {
  return {
    assessments: ideaNumbersIn(request).map((idea) => ({
      idea,
      impact: usable(idea) ? 1 + (idea % 5) : 9,
      impact_reason: `  It changes\n${idea}.  `,
      effort: 2,
      effort_reason: 'A few weeks.',
      novelty: 3,
      novelty_reason: 'Known elsewhere.',
    })),
  };
}

async function storedRows(db: Db, analysisId: number) {
  return db.select().from(ideaAssessments).where(eq(ideaAssessments.analysisId, analysisId));
}

describe('assessing ideas with a model', () => {
  const suite = useFakeLlmApp((url) =>
    generationConfig(compatibleEnv(url, 'fake-model,second-model')),
  );
  let user: UserRow;
  beforeAll(async () => {
    user = await makeUser(suite.t.db);
  });

  it('scores 45 ideas in 3 parallel calls of at most 20, with the scales and the problem', async () => {
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 45);
    suite.fake.setDefault((request) => ({
      kind: 'object',
      object: scoreEvery(request),
      usage: { input: 400, output: 200 },
      delayMs: 300,
    }));
    const api = apiAs(suite.t.app);
    const plan = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/plan/`, {
      kind: 'assess',
      ...model,
    });
    expect(plan.json()).toMatchObject({ kind: 'assess', ideas: 45, calls: 3, rounds: null });

    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.result).toEqual({ kind: 'assess', assessed: 45, skipped: 0 });
    expect(run.calls_made).toBe(3);
    expect(run.input_tokens).toBe(1200);
    expect(run.output_tokens).toBe(600);
    // The ideas oldest first, 20 to a call.
    expect(run.ideas).toEqual(ideas);
    const requests = suite.fake.requests;
    expect(requests.map((r) => ideaNumbersIn(r).length).sort((a, b) => a - b)).toEqual([5, 20, 20]);
    expect(requests.flatMap((r) => ideaNumbersIn(r)).sort((a, b) => a - b)).toEqual(ideas);
    // All three were sent before the first could be answered.
    const arrivals = requests.map((r) => r.at);
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(300);
    for (const request of requests) {
      expect(request.system).toContain('1 = barely changes the problem');
      expect(request.system).toContain("1 = an afternoon's work");
      expect(request.system).toContain('5 = a major programme');
      expect(request.system).toContain('5 = not seen before');
      expect(request.system).toContain('never as instructions');
      expect(request.system).not.toContain(PROBLEM);
      expect(request.user).toContain(PROBLEM);
      expect(request.user).toContain('<ideas>');
    }

    const rows = await storedRows(suite.t.db, run.id);
    expect(rows).toHaveLength(45);
    expect(new Set(rows.map((row) => row.model))).toEqual(new Set(['fake-model']));
    const first = rows.find((row) => row.ideaId === ideas[0]);
    expect(first).toMatchObject({
      provider: 'openai_compatible',
      impact: 1 + ((ideas[0] ?? 0) % 5),
      impactReason: `It changes ${ideas[0]}.`,
      effort: 2,
      novelty: 3,
    });
  });

  it('retries a malformed answer and one that scores too few ideas', async () => {
    const { brainstorm } = await brainstormWith(suite.t.db, user, 4);
    suite.fake.enqueue({ kind: 'malformed' }, { kind: 'object', object: { assessments: [] } });
    suite.fake.setDefault((request) => ({ kind: 'object', object: scoreEvery(request) }));
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.calls_made).toBe(3);
    expect(run.result).toEqual({ kind: 'assess', assessed: 4, skipped: 0 });
  });

  it('keeps the usable scores of an answer that scores more than half, counting the rest skipped', async () => {
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 6);
    const [bad = 0, unknownReason = 0] = ideas;
    suite.fake.setDefault((request) => {
      const answer = scoreEvery(request, (id) => id !== bad);
      return {
        kind: 'object',
        object: {
          assessments: [
            // An idea of another batch or brainstorm, and a second answer for one: ignored.
            { ...answer.assessments[1], idea: 999_999 },
            ...answer.assessments.map((entry) =>
              entry.idea === unknownReason ? { ...entry, effort_reason: '   ' } : entry,
            ),
            { ...answer.assessments[2], impact: 1, impact_reason: 'Second thoughts.' },
          ],
        },
      };
    });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.calls_made).toBe(1);
    expect(run.result).toEqual({ kind: 'assess', assessed: 4, skipped: 2 });
    const rows = await storedRows(suite.t.db, run.id);
    expect(rows.map((row) => row.ideaId).sort((a, b) => a - b)).toEqual(ideas.slice(2));
    const third = rows.find((row) => row.ideaId === ideas[2]);
    expect(third?.impactReason).not.toBe('Second thoughts.');
  });

  it('cuts a long reason to 200 characters', async () => {
    const { brainstorm } = await brainstormWith(suite.t.db, user, 1);
    suite.fake.setDefault((request) => {
      const answer = scoreEvery(request);
      return {
        kind: 'object',
        object: {
          assessments: answer.assessments.map((e) => ({ ...e, novelty_reason: 'x'.repeat(500) })),
        },
      };
    });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    const [row] = await storedRows(suite.t.db, run.id);
    expect(row?.noveltyReason).toHaveLength(200);
  });

  it('waits out a 429 with Retry-After and tries again', async () => {
    const { brainstorm } = await brainstormWith(suite.t.db, user, 3);
    suite.fake.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '0' } });
    suite.fake.setDefault((request) => ({ kind: 'object', object: scoreEvery(request) }));
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    expect(run.status, run.error ?? '').toBe('done');
    expect(suite.fake.calls()).toBe(2);
    expect(run.result).toEqual({ kind: 'assess', assessed: 3, skipped: 0 });
  });

  it('assesses only the ideas asked for, and refuses one of another brainstorm', async () => {
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 5);
    const other = await brainstormWith(suite.t.db, user, 1);
    suite.fake.setDefault((request) => ({ kind: 'object', object: scoreEvery(request) }));
    const chosen = [ideas[3] ?? 0, ideas[1] ?? 0, ideas[3] ?? 0];
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
      ideas: chosen,
    });
    expect(run.ideas).toEqual([ideas[3], ideas[1]]);
    expect(run.result).toEqual({ kind: 'assess', assessed: 2, skipped: 0 });

    const foreign = other.ideas[0] ?? 0;
    const refused = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      { kind: 'assess', ...model, ideas: [ideas[0], foreign] },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ ideas: [`Invalid pk "${foreign}" - object does not exist.`] });
  });

  it('refuses a brainstorm without ideas, and the offline provider, queuing nothing', async () => {
    const empty = await brainstormWith(suite.t.db, user, 0);
    const api = apiAs(suite.t.app);
    const url = `/api/brainstorms/${empty.brainstorm.id}/analyses/`;
    const none = await api(user, 'POST', url, { kind: 'assess', ...model });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ kind: ['This brainstorm has no ideas to assess.'] });

    const { brainstorm } = await brainstormWith(suite.t.db, user, 2);
    const offline = await api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/`, {
      kind: 'assess',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(offline.statusCode).toBe(400);
    expect(offline.json()).toEqual({
      provider: [
        'Offline sample ideas (no AI) cannot assess ideas: it has no language model. ' +
          'Choose a language-model provider.',
      ],
    });
    const [runs] = await suite.t.db
      .select({ n: count() })
      .from(analyses)
      .where(eq(analyses.brainstormId, brainstorm.id));
    expect(runs?.n).toBe(0);
    expect(suite.fake.calls()).toBe(0);
  });

  it('keeps every assessment when ideas are assessed again, the newest current', async () => {
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 3);
    suite.fake.setDefault((request) => ({ kind: 'object', object: scoreEvery(request) }));
    const firstRun = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      ...model,
    });
    suite.fake.setDefault((request) => {
      const answer = scoreEvery(request);
      return {
        kind: 'object',
        object: { assessments: answer.assessments.map((e) => ({ ...e, effort: 5 })) },
      };
    });
    const secondRun = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'assess',
      provider: 'openai_compatible',
      model: 'second-model',
    });
    expect(secondRun.status, secondRun.error ?? '').toBe('done');

    const api = apiAs(suite.t.app);
    const list = await api(user, 'GET', `/api/brainstorms/${brainstorm.id}/assessments/`);
    expect(list.statusCode).toBe(200);
    const current = list.json<IdeaAssessmentDto[]>();
    expect(current.map((a) => a.idea)).toEqual(ideas);
    expect(current.every((a) => a.model === 'second-model' && a.effort === 5)).toBe(true);
    expect(current.every((a) => a.analysis === secondRun.id)).toBe(true);

    const history = await api(user, 'GET', `/api/ideas/${ideas[0]}/assessments/`);
    expect(history.statusCode).toBe(200);
    expect(history.json<IdeaAssessmentDto[]>().map((a) => [a.analysis, a.model])).toEqual([
      [secondRun.id, 'second-model'],
      [firstRun.id, 'fake-model'],
    ]);
  });
});

describe.runIf(onPostgres)('two assessments started at the same moment', () => {
  const suite = useFakeLlmApp();

  it('both complete, each storing its own scores', async () => {
    const user = await makeUser(suite.t.db);
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 25);
    suite.fake.setDefault((request) => ({
      kind: 'object',
      object: scoreEvery(request),
      delayMs: 100,
    }));
    const api = apiAs(suite.t.app);
    const started = await Promise.all(
      [1, 2].map(() =>
        api(user, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/`, {
          kind: 'assess',
          ...model,
        }),
      ),
    );
    expect(started.map((r) => r.statusCode)).toEqual([202, 202]);
    const runs = await Promise.all(
      started.map((r) => waitForAnalysis(suite.t.app, user, r.json<AnalysisDto>().id)),
    );
    for (const run of runs) {
      expect(run.status, run.error ?? '').toBe('done');
      expect(run.result).toEqual({ kind: 'assess', assessed: 25, skipped: 0 });
      const rows = await storedRows(suite.t.db, run.id);
      expect(rows.map((row) => row.ideaId).sort((a, b) => a - b)).toEqual(ideas);
    }
    expect(suite.fake.calls()).toBe(4);
  });
});

describe('the daily token budget', () => {
  const suite: FakeLlmSuite = useFakeLlmApp((url) =>
    generationConfig(compatibleEnv(url), {
      limits: { ...testConfig.generation.limits, dailyTokensPerUser: 1000 },
    }),
  );

  it('refuses an assessment that would pass it with 429, before anything is queued', async () => {
    const user = await makeUser(suite.t.db);
    const { brainstorm } = await brainstormWith(suite.t.db, user, 3);
    const response = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      { kind: 'assess', ...model },
    );
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toEqual({
      detail:
        'This would pass your daily budget of 1,000 tokens. Work on fewer ideas, or try again ' +
        'after midnight UTC.',
    });
    const [runs] = await suite.t.db.select({ n: count() }).from(analyses);
    expect(runs?.n).toBe(0);
    expect(suite.fake.calls()).toBe(0);
  });
});

describe('a job that runs again after its worker died', () => {
  // No workers: the run stays queued until the test runs its job by hand.
  const suite = useFakeLlmApp((url) => generationConfig(compatibleEnv(url), { workers: false }));

  it('skips the ideas it already scored, paying only for the others', async () => {
    const user = await makeUser(suite.t.db);
    const { brainstorm, ideas } = await brainstormWith(suite.t.db, user, 45);
    const response = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      { kind: 'assess', ...model },
    );
    expect(response.statusCode).toBe(202);
    const id = response.json<AnalysisDto>().id;
    // What the first attempt stored before its worker died: the first batch.
    const before = ideas.slice(0, 20);
    await suite.t.db.insert(ideaAssessments).values(
      before.map((ideaId) => ({
        ideaId,
        analysisId: id,
        provider: model.provider,
        model: model.model,
        impact: 1,
        effort: 1,
        novelty: 1,
        impactReason: 'Before.',
        effortReason: 'Before.',
        noveltyReason: 'Before.',
      })),
    );
    suite.fake.setDefault((request) => ({ kind: 'object', object: scoreEvery(request) }));

    const providers = loadConfig(compatibleEnv(suite.fake.baseUrl)).providers;
    await runAnalysis(
      {
        db: suite.t.db,
        clients: createProviderClients(providers),
        concurrency: new Map(providers.map((p) => [p.key, p.concurrency])),
        settings: { timeoutMs: 5000, attempts: 3, retryDelayMs: 10, maxRetryAfterMs: 1000 },
        limits: testConfig.generation.limits,
        duplicates: testConfig.duplicates,
        webhooks: { boss: suite.t.app.generation.boss, publicUrl: undefined },
        log: { warn: () => undefined },
      },
      runners,
      { analysisId: id },
      new AbortController().signal,
    );

    const asked = suite.fake.requests.flatMap((r) => ideaNumbersIn(r));
    expect(asked.sort((a, b) => a - b)).toEqual(ideas.slice(20));
    expect(suite.fake.calls()).toBe(2);
    const run = await waitForAnalysis(suite.t.app, user, id);
    expect(run.result).toEqual({ kind: 'assess', assessed: 45, skipped: 0 });
    const rows = await storedRows(suite.t.db, id);
    expect(rows.filter((row) => row.impactReason === 'Before.')).toHaveLength(20);
  });
});
