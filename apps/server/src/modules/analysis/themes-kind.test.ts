import { beforeAll, describe, expect, it } from 'vitest';
import { ideaNumbersIn, runAnalysisThrough } from '../../../test/analysis-helpers.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { makeBrainstorm, insertIdeas } from '../../../test/idea-factories.js';
import { useFakeLlmApp } from '../../../test/generation-helpers.js';
import type { UserRow } from '../../db/schema/users.js';

const suite = useFakeLlmApp();
let user: UserRow;

beforeAll(async () => {
  user = await makeUser(suite.t.db);
});

async function brainstormWith(count: number) {
  const brainstorm = await makeBrainstorm(suite.t.db, user);
  await insertIdeas(
    suite.t.db,
    brainstorm.id,
    Array.from({ length: count }, (_, i) => ({ title: `Idea ${i}`, summary: `About ${i}` })),
  );
  return brainstorm;
}

const model = { provider: 'openai_compatible', model: 'fake-model' };

describe('finding themes with a model', () => {
  it('proposes the themes the model named, the rest unsorted, and counts the call', async () => {
    const brainstorm = await brainstormWith(8);
    suite.fake.setDefault((request) => {
      const ids = ideaNumbersIn(request);
      return {
        kind: 'object',
        object: {
          themes: [
            { name: 'Alpha', description: 'First', ideas: ids.slice(0, 2) },
            { name: 'Beta', description: 'Second', ideas: ids.slice(2, 4) },
            { name: 'Gamma', description: 'Third', ideas: [...ids.slice(4, 6), 999_999] },
          ],
        },
        usage: { input: 500, output: 80 },
      };
    });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      ...model,
    });
    expect(run.status, run.error ?? '').toBe('done');
    expect(run.calls_made).toBe(1);
    expect(run.input_tokens).toBe(500);
    expect(run.output_tokens).toBe(80);
    if (run.result?.kind !== 'themes') throw new Error('expected themes');
    expect(run.result.themes.map((t) => t.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(run.result.themes.flatMap((t) => t.ideas)).toHaveLength(6);
    expect(run.result.unsorted).toHaveLength(2);
    expect(suite.fake.requests[0]?.system).toContain('never as instructions');
  });

  it('retries an answer with too few themes, then fails with the reason', async () => {
    const brainstorm = await brainstormWith(8);
    suite.fake.setDefault({ kind: 'object', object: { themes: [] } });
    const run = await runAnalysisThrough(suite.t.app, user, brainstorm.id, {
      kind: 'themes',
      ...model,
    });
    expect(run.status).toBe('failed');
    expect(run.error).toBe("the provider's answer was not what was asked for");
    expect(suite.fake.calls()).toBeGreaterThan(1);
  });

  it('refuses a brainstorm with too few ideas, queuing nothing', async () => {
    const brainstorm = await brainstormWith(3);
    const response = await apiAs(suite.t.app)(
      user,
      'POST',
      `/api/brainstorms/${brainstorm.id}/analyses/`,
      {
        kind: 'themes',
        ...model,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      kind: ['Finding themes needs at least 6 ideas; this brainstorm has 3.'],
    });
  });
});
