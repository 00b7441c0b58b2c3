import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { ideaEmbeddings } from '../../db/schema/ideas.js';
import type { PossibleRepeatsDto } from './possible-repeats.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function brainstormWithTopIdeas() {
  const owner = await makeUser(t.db);
  const brainstorm = await makeBrainstorm(t.db, owner);
  const [guide, longer, tours, seeds] = await insertIdeas(t.db, brainstorm.id, [
    {
      title: 'Free audio guide app',
      summary: 'A free phone app with short audio stories.',
      votes: 5,
    },
    {
      title: 'Free smartphone audio guide with short stories',
      summary: 'A free phone app, downloaded from a QR code, that plays short audio stories.',
      votes: 4,
    },
    { title: 'Behind-the-scenes tours', summary: 'Small groups visit the stores.', votes: 3 },
    { title: 'Seed library', summary: 'Members borrow seeds.', votes: 1 },
  ]);
  if (!guide || !longer || !tours || !seeds) throw new Error('ideas not stored');
  return { owner, brainstorm, guide, longer, tours, seeds };
}

describe('GET /api/brainstorms/{id}/possible-repeats/', () => {
  it('names the top ideas that may say the same, the later as the repeat', async () => {
    const { owner, brainstorm, guide, longer } = await brainstormWithTopIdeas();
    const response = await apiAs(t.app)(
      owner,
      'GET',
      `/api/brainstorms/${brainstorm.id}/possible-repeats/?top=3`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const { pairs } = response.json<PossibleRepeatsDto>();
    expect(pairs).toEqual([
      {
        idea: longer.id,
        title: longer.title,
        may_repeat: guide.id,
        may_repeat_title: guide.title,
        similarity: expect.any(Number) as number,
      },
    ]);
    expect(pairs[0]?.similarity).toBeGreaterThanOrEqual(0.25);
  });

  it('leaves out pairs said to be different, and ideas outside the top', async () => {
    const { owner, brainstorm, longer } = await brainstormWithTopIdeas();
    const api = apiAs(t.app);
    const url = `/api/brainstorms/${brainstorm.id}/possible-repeats/`;
    expect((await api(owner, 'GET', `${url}?top=2`)).json<PossibleRepeatsDto>().pairs).toHaveLength(
      1,
    );
    // Stacked by hand, then taken out: a person said they differ.
    const guide = (await api(owner, 'GET', `${url}?top=2`)).json<PossibleRepeatsDto>().pairs[0]
      ?.may_repeat;
    expect(
      (await api(owner, 'POST', `/api/ideas/${longer.id}/mark-duplicate/`, { of: guide }))
        .statusCode,
    ).toBe(200);
    expect((await api(owner, 'POST', `/api/ideas/${longer.id}/not-duplicate/`)).statusCode).toBe(
      200,
    );
    expect((await api(owner, 'GET', `${url}?top=4`)).json<PossibleRepeatsDto>().pairs).toEqual([]);
  });

  it('names top ideas alike in meaning by one model, whatever their words', async () => {
    const { owner, brainstorm, tours, seeds } = await brainstormWithTopIdeas();
    await t.db.insert(ideaEmbeddings).values([
      { ideaId: tours.id, model: 'embedder', embedding: [1, 0.2, 0] },
      { ideaId: seeds.id, model: 'embedder', embedding: [1, 0.21, 0] },
    ]);
    const response = await apiAs(t.app)(
      owner,
      'GET',
      `/api/brainstorms/${brainstorm.id}/possible-repeats/?top=4`,
    );
    const { pairs } = response.json<PossibleRepeatsDto>();
    const byMeaning = pairs.find((pair) => pair.idea === seeds.id);
    expect(byMeaning).toMatchObject({ may_repeat: tours.id });
    expect(byMeaning?.similarity).toBeGreaterThan(0.99);
  });

  it('refuses a bad top and an unknown brainstorm', async () => {
    const { owner, brainstorm } = await brainstormWithTopIdeas();
    const api = apiAs(t.app);
    const bad = await api(
      owner,
      'GET',
      `/api/brainstorms/${brainstorm.id}/possible-repeats/?top=1`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('top');
    const missing = await api(owner, 'GET', '/api/brainstorms/999999/possible-repeats/');
    expect(missing.statusCode).toBe(404);
  });
});
