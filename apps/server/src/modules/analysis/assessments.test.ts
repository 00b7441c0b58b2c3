import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { annotateDirectly, insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { analyses, ideaAssessments } from '../../db/schema/sense-making.js';
import type { UserRow } from '../../db/schema/users.js';
import type { DisagreementsDto, IdeaAssessmentDto } from './assessments.schemas.js';
import { storeAssessments } from './assessments.repository.js';
import { disagreements, percentiles } from './disagreements.js';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
let owner: UserRow;
let other: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeUser(t.db);
  other = await makeUser(t.db);
});
afterAll(() => t.close());

/** A finished assessing step to hang scores on, as a run would have stored them. */
async function assessingRun(brainstormId: number, model = 'fake-model') {
  const [row] = await t.db
    .insert(analyses)
    .values({
      brainstormId,
      kind: 'assess',
      createdBy: owner.id,
      provider: 'openai_compatible',
      model,
      params: { ideas: [] },
      status: 'done',
    })
    .returning();
  if (!row) throw new Error('no analysis');
  return row;
}

interface Seeded {
  title: string;
  votes: number;
  impact: number;
  duplicateOf?: number;
}

/** Ideas with their vote totals and one assessment each, written straight into the tables. */
async function seed(ideasWith: Seeded[], model = 'fake-model') {
  const brainstorm = await makeBrainstorm(t.db, owner);
  const run = await assessingRun(brainstorm.id, model);
  const rows = await insertIdeas(
    t.db,
    brainstorm.id,
    ideasWith.map(({ title, votes }) => ({ title, votes })),
  );
  await t.db.insert(ideaAssessments).values(
    rows.map((row, i) => ({
      ideaId: row.id,
      analysisId: run.id,
      provider: 'openai_compatible',
      model,
      impact: ideasWith[i]?.impact ?? 1,
      effort: 2,
      novelty: 3,
      impactReason: `Impact of ${row.title}.`,
      effortReason: 'Weeks.',
      noveltyReason: 'Known.',
    })),
  );
  return { brainstorm, run, ids: rows.map((row) => row.id) };
}

describe("a brainstorm's assessments", () => {
  it('lists each assessed idea by id with its newest scores, apart from its votes', async () => {
    const { brainstorm, run, ids } = await seed([
      { title: 'A', votes: 3, impact: 2 },
      { title: 'B', votes: -1, impact: 4 },
    ]);
    const [a = 0, b = 0] = ids;
    const [unassessed] = await insertIdeas(t.db, brainstorm.id, [{ title: 'C' }]);
    // A stacked idea's scores are not listed: its original speaks for it.
    const [stacked] = await insertIdeas(t.db, brainstorm.id, [
      { title: 'A again', duplicateOf: a },
    ]);
    const later = await assessingRun(brainstorm.id, 'second-model');
    await t.db.insert(ideaAssessments).values(
      [b, stacked?.id ?? 0].map((ideaId) => ({
        ideaId,
        analysisId: later.id,
        provider: 'openai_compatible',
        model: 'second-model',
        impact: 5,
        effort: 1,
        novelty: 5,
        impactReason: 'Much better now.',
        effortReason: 'An afternoon.',
        noveltyReason: 'New.',
        created: new Date(Date.now() + 1000),
      })),
    );

    const response = await apiAs(t.app)(
      other,
      'GET',
      `/api/brainstorms/${brainstorm.id}/assessments/`,
    );
    expect(response.statusCode).toBe(200);
    const list = response.json<IdeaAssessmentDto[]>();
    expect(list.map((item) => item.idea)).toEqual([a, b]);
    expect(list.map((item) => item.idea)).not.toContain(unassessed?.id);
    expect(list[0]).toEqual({
      idea: a,
      title: 'A',
      theme: null,
      votes: 3,
      impact: 2,
      effort: 2,
      novelty: 3,
      reasons: { impact: 'Impact of A.', effort: 'Weeks.', novelty: 'Known.' },
      provider: 'openai_compatible',
      model: 'fake-model',
      analysis: run.id,
      created: expect.any(String) as string,
    });
    expect(list[1]).toMatchObject({ idea: b, votes: -1, impact: 5, model: 'second-model' });

    const history = await apiAs(t.app)(other, 'GET', `/api/ideas/${b}/assessments/`);
    expect(history.json<IdeaAssessmentDto[]>().map((item) => item.model)).toEqual([
      'second-model',
      'fake-model',
    ]);
  });

  it('withholds the votes under blind review until the caller has reviewed the idea', async () => {
    const { brainstorm, ids } = await seed([
      { title: 'A', votes: 3, impact: 2 },
      { title: 'B', votes: 1, impact: 4 },
    ]);
    const [a = 0, b = 0] = ids;
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    await annotateDirectly(t.db, other, a, { vote: 0 });

    const api = apiAs(t.app);
    const list = await api(other, 'GET', `/api/brainstorms/${brainstorm.id}/assessments/`);
    expect(list.json<IdeaAssessmentDto[]>().map((item) => [item.idea, item.votes])).toEqual([
      [a, 3],
      [b, null],
    ]);
    const history = await api(owner, 'GET', `/api/ideas/${a}/assessments/`);
    expect(history.json<IdeaAssessmentDto[]>()[0]?.votes).toBeNull();
  });

  it('answers 404 for a brainstorm or an idea that is not there, 401 without a token', async () => {
    const api = apiAs(t.app);
    for (const url of [
      '/api/brainstorms/999999/assessments/',
      '/api/brainstorms/999999/disagreements/',
      '/api/ideas/999999/assessments/',
    ]) {
      expect((await api(owner, 'GET', url)).statusCode, url).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('where the model and the team disagree', () => {
  // Impact percentiles: 5s 0.9, 3s 0.5, 1s 0.1; votes 0, 1, 2, 3, 5, 6 at 0 to 1 by fifths.
  const ideasWith: Seeded[] = [
    { title: 'Loved by the model', votes: 0, impact: 5 },
    { title: 'Liked by the model', votes: 1, impact: 5 },
    { title: 'Agreed on', votes: 3, impact: 3 },
    { title: 'Liked by the team', votes: 5, impact: 1 },
    { title: 'Loved by the team', votes: 6, impact: 1 },
    { title: 'Close enough', votes: 2, impact: 3 },
  ];

  it('lists the ideas the model favours and those the team favours, largest gap first', async () => {
    const { brainstorm, ids } = await seed(ideasWith);
    const [lovedModel, likedModel, , likedTeam, lovedTeam] = ids;
    const response = await apiAs(t.app)(
      other,
      'GET',
      `/api/brainstorms/${brainstorm.id}/disagreements/`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<DisagreementsDto>()).toEqual({
      model_favours: [
        { idea: lovedModel, title: 'Loved by the model', impact: 5, votes: 0, gap: 0.9 },
        { idea: likedModel, title: 'Liked by the model', impact: 5, votes: 1, gap: 0.7 },
      ],
      team_favours: [
        { idea: lovedTeam, title: 'Loved by the team', impact: 1, votes: 6, gap: -0.9 },
        { idea: likedTeam, title: 'Liked by the team', impact: 1, votes: 5, gap: -0.7 },
      ],
    });
  });

  it('leaves out the ideas whose votes are hidden, and says nothing about fewer than four', async () => {
    const { brainstorm, ids } = await seed(ideasWith);
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    for (const id of ids.slice(0, 3)) await annotateDirectly(t.db, owner, id, { vote: 0 });
    const response = await apiAs(t.app)(
      owner,
      'GET',
      `/api/brainstorms/${brainstorm.id}/disagreements/`,
    );
    expect(response.json<DisagreementsDto>()).toEqual({ model_favours: [], team_favours: [] });
  });

  it('places tied values at the middle of the places they share', () => {
    expect(percentiles([5, 5, 3, 1, 1, 3])).toEqual([0.9, 0.9, 0.5, 0.1, 0.1, 0.5]);
    expect(percentiles([2, 2, 2, 2])).toEqual([0.5, 0.5, 0.5, 0.5]);
    const same = [1, 2, 3, 4].map((n) => ({ idea: n, title: '', impact: 3, votes: n }));
    // The same impact for all: the gaps are 0.5, 0.167, -0.167 and -0.5.
    expect(disagreements(same)).toEqual({
      modelFavours: [{ idea: 1, title: '', impact: 3, votes: 1, gap: 0.5 }],
      teamFavours: [{ idea: 4, title: '', impact: 3, votes: 4, gap: -0.5 }],
    });
    expect(disagreements(same.slice(0, 3))).toEqual({ modelFavours: [], teamFavours: [] });
  });
});

describe.runIf(onPostgres)('one batch stored twice at the same moment', () => {
  it('keeps one assessment per idea and run', async () => {
    const brainstorm = await makeBrainstorm(t.db, owner);
    const run = await assessingRun(brainstorm.id);
    const rows = await insertIdeas(t.db, brainstorm.id, [{ title: 'A' }, { title: 'B' }]);
    const scores = rows.map((row) => ({
      idea: row.id,
      impact: 3,
      effort: 3,
      novelty: 3,
      reasons: { impact: 'I.', effort: 'E.', novelty: 'N.' },
    }));
    await Promise.all([1, 2, 3].map(() => storeAssessments(t.db, run, scores)));
    const stored = await t.db
      .select()
      .from(ideaAssessments)
      .where(eq(ideaAssessments.analysisId, run.id));
    expect(stored.map((row) => row.ideaId).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
  });
});
