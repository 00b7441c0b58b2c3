import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { callTool, connectMcp } from '../../../test/mcp-client.js';
import type { UserRow } from '../../db/schema/users.js';

// On PostgreSQL, where requests really run at once (the embedded database serialises them).
const AT_ONCE = 8;

let t: TestApp;
let baseUrl: string;
let ana: UserRow;
let ben: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ana = await makeUser(t.db);
  ben = await makeUser(t.db);
});
afterAll(() => t.close());

const as = async (user: UserRow) => connectMcp(baseUrl, await t.app.tokens.sign(user));

describe.runIf(process.env.TEST_DB === 'postgres')('MCP tools called at once', () => {
  it('the same reaction, vote and bookmark many times over: one of each, counted once', async () => {
    const brainstorm = await makeBrainstorm(t.db, ana);
    const [idea] = await insertIdeas(t.db, brainstorm.id, [{ title: 'Pin me' }]);
    const clients = [await as(ana), await as(ben)];
    const calls = clients.flatMap((client) =>
      Array.from({ length: AT_ONCE }, (_, i) =>
        callTool(client, ['react', 'vote', 'bookmark'][i % 3] ?? 'react', {
          idea: idea?.id,
          reaction_type: 'thumbtack',
          value: 1,
        }),
      ),
    );
    for (const result of await Promise.all(calls)) expect(result.isError, result.text).toBe(false);
    const seen = await apiAs(t.app)(ana, 'GET', `/api/ideas/${idea?.id}/?with_annotations=true`);
    expect(seen.json()).toMatchObject({
      votes: 2,
      reaction_counts: { thumbtack: 2 },
      user_annotation: { vote: 1, is_bookmarked: true },
    });
  });

  it('ideas added at once are all stored, each once', async () => {
    const brainstorm = await makeBrainstorm(t.db, ana);
    const client = await as(ben);
    const titles = ['Bike lanes', 'Night buses', 'Car pools', 'Ferry link', 'Cable car', 'Trams'];
    const added = await Promise.all(
      titles.map((title) =>
        callTool<{ idea: { id: number } }>(client, 'add_idea', {
          brainstorm: brainstorm.id,
          title,
        }),
      ),
    );
    const ids = added.map((result) => result.data.idea.id);
    expect(new Set(ids).size).toBe(titles.length);
    const listed = await apiAs(t.app)(
      ana,
      'GET',
      `/api/ideas/?brainstorm=${brainstorm.id}&include_duplicates=true`,
    );
    expect(listed.json()).toMatchObject({ count: titles.length });
  });
});
