import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { callTool, connectMcp } from '../../../test/mcp-client.js';
import { personalAccessTokens, type TokenScope } from '../../db/schema/integrations.js';
import type { UserRow } from '../../db/schema/users.js';
import { READ_ONLY } from './tool-kit.js';

let t: TestApp;
let baseUrl: string;
let ana: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ana = await makeUser(t.db);
});
afterAll(() => t.close());

/** A personal access token of Ana's, written straight into its table as decision 032 keeps it. */
async function personalToken(scope: TokenScope): Promise<string> {
  const token = `ifp_${randomBytes(32).toString('base64url')}`;
  await t.db.insert(personalAccessTokens).values({
    userId: ana.id,
    name: `MCP ${scope}`,
    scope,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    prefix: token.slice(0, 12),
  });
  return token;
}

describe('a personal access token on the MCP server', () => {
  it('of read scope reads, and is refused every write tool before anything changes', async () => {
    const brainstorm = await makeBrainstorm(t.db, ana);
    const [idea] = await insertIdeas(t.db, brainstorm.id, [{ title: 'Read me' }]);
    const client = await connectMcp(baseUrl, await personalToken('read'));

    const read = await callTool(client, 'get_brainstorm', { brainstorm: brainstorm.id });
    expect(read.isError, read.text).toBe(false);
    expect(read.text).toContain(`#${idea?.id} Read me`);

    for (const [name, args] of [
      ['vote', { idea: idea?.id, value: 1 }],
      ['bookmark', { idea: idea?.id }],
      ['react', { idea: idea?.id, reaction_type: 'idea' }],
      ['comment', { idea: idea?.id, text: 'Hello' }],
      ['add_idea', { brainstorm: brainstorm.id, title: 'Written anyway' }],
    ] as const) {
      expect(await callTool(client, name, args), name).toMatchObject({
        isError: true,
        text: READ_ONLY,
      });
    }
    const seen = await apiAs(t.app)(ana, 'GET', `/api/ideas/${idea?.id}/?with_annotations=true`);
    expect(seen.json()).toMatchObject({ votes: 0, comments_count: 0, user_annotation: null });
    const ideas = await apiAs(t.app)(ana, 'GET', `/api/ideas/?brainstorm=${brainstorm.id}`);
    expect(ideas.json()).toMatchObject({ count: 1 });
  });

  it('of write scope writes as its owner', async () => {
    const brainstorm = await makeBrainstorm(t.db, ana);
    const [idea] = await insertIdeas(t.db, brainstorm.id, [{ title: 'Vote me' }]);
    const client = await connectMcp(baseUrl, await personalToken('write'));
    const voted = await callTool(client, 'vote', { idea: idea?.id, value: 1 });
    expect(voted).toMatchObject({ isError: false, data: { idea: idea?.id, vote: 1 } });
  });
});
