import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, makeUser } from '../../../test/factories.js';
import { generationConfig } from '../../../test/generation-helpers.js';
import { insertIdeas, makeBrainstorm } from '../../../test/idea-factories.js';
import { callTool, connectMcp } from '../../../test/mcp-client.js';
import { DISTINCT_IDEAS } from '../../../test/operation-fixtures.js';
import { insertDoneRanking, insertDoneThemes } from '../../../test/theme-fixtures.js';
import type { UserRow } from '../../db/schema/users.js';
import { MCP_TOOLS } from './mcp-server.js';

let t: TestApp;
let baseUrl: string;
let api: ReturnType<typeof apiAs>;
let ana: UserRow;
let ben: UserRow;

beforeAll(async () => {
  t = await createTestApp(generationConfig());
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  api = apiAs(t.app);
  ana = await makeUser(t.db, { first_name: 'Ana' });
  ben = await makeUser(t.db, { first_name: 'Ben' });
});
afterAll(() => t.close());

const as = async (user: UserRow) => connectMcp(baseUrl, await t.app.tokens.sign(user));

/** A brainstorm of `owner`'s with `count` ideas unlike each other, written through the API. */
async function brainstormWithIdeas(owner: UserRow, count: number, fields: object = {}) {
  const body = {
    title: 'Quieter office',
    parameters: { problem: 'Too noisy to think' },
    ...fields,
  };
  const made = await api(owner, 'POST', '/api/brainstorms/', body);
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json<{ id: number }>().id;
  const ideas: number[] = [];
  for (const idea of DISTINCT_IDEAS.slice(0, count)) {
    const response = await api(owner, 'POST', '/api/ideas/', { brainstorm: id, ...idea });
    expect(response.statusCode, response.body).toBe(201);
    ideas.push(response.json<{ id: number }>().id);
  }
  return { id, ideas };
}

/** Calls a tool until `done` holds of its data, and answers its last result. */
async function follow<T>(
  client: Awaited<ReturnType<typeof as>>,
  name: string,
  args: Record<string, unknown>,
  done: (data: T) => boolean,
) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = await callTool<T>(client, name, args);
    expect(result.isError, result.text).toBe(false);
    if (done(result.data)) return result;
    if (Date.now() > deadline) throw new Error(`${name} never finished: ${result.text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const postMcp = (headers: Record<string, string>, body: object | undefined, method = 'POST') =>
  fetch(new URL('/api/mcp/', baseUrl), {
    method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('the MCP server, through the SDK client over HTTP', () => {
  it('introduces itself and lists every tool, described, with input and output schemas', async () => {
    const client = await as(ana);
    expect(client.getServerVersion()?.name).toBe('ideaforge');
    expect(client.getInstructions()).toContain('list_brainstorms');
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      MCP_TOOLS.map((tool) => tool.name).sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
    }
    const writes = tools.filter((tool) => tool.annotations?.readOnlyHint === false);
    expect(writes.map((tool) => tool.name).sort()).toEqual([
      'add_idea',
      'apply_themes',
      'bookmark',
      'comment',
      'react',
      'start_generation',
      'start_sense_making',
      'vote',
    ]);
  });

  it('lists and reads brainstorms, searches ideas and reads one, and the review queue', async () => {
    const { id, ideas } = await brainstormWithIdeas(ana, 2);
    const [first = 0, second = 0] = ideas;
    const client = await as(ben);

    const listed = await callTool<{ results: { id: number }[] }>(client, 'list_brainstorms', {
      search: 'Too noisy',
    });
    expect(listed.data.results.map((b) => b.id)).toContain(id);
    expect(listed.text).toContain(`#${id} Quieter office: Too noisy to think (`);

    const read = await callTool<{ brainstorm: { id: number }; ideas: { count: number } }>(
      client,
      'get_brainstorm',
      { brainstorm: id, page_size: 1 },
    );
    expect(read.data.brainstorm.id).toBe(id);
    expect(read.data.ideas).toMatchObject({ count: 2, page: 1, pages: 2 });
    expect(read.text).toContain('2 ideas, page 1 of 2.');
    expect(read.text).toContain(`#${second} Agenda or no meeting (0 votes, 0 comments)`);

    const found = await callTool<{ results: { id: number }[] }>(client, 'search_ideas', {
      search: 'Standing',
      brainstorm: id,
    });
    expect(found.data.results.map((i) => i.id)).toEqual([first]);

    const idea = await callTool<{ idea: { id: number }; comments: { count: number } }>(
      client,
      'get_idea',
      { idea: first },
    );
    expect(idea.data.idea.id).toBe(first);
    expect(idea.text).toContain('Nobody sits, so nobody lingers.');
    expect(idea.text).toContain('0 comments:');

    const queue = await callTool<{ ideas: { results: { id: number }[] } }>(client, 'review_queue', {
      brainstorm: id,
    });
    expect(queue.data.ideas.results.map((i) => i.id).sort()).toEqual([first, second].sort());
    expect(queue.text).toContain(`- #${id} Quieter office: 2 of 2`);
  });

  it('adds an idea, votes, bookmarks, reacts and comments as the caller', async () => {
    const { id } = await brainstormWithIdeas(ana, 0);
    const client = await as(ben);

    const added = await callTool<{ idea: { id: number; created_by: number } }>(client, 'add_idea', {
      brainstorm: id,
      title: 'Library hours',
      summary: 'Silence from nine to eleven.',
    });
    expect(added.isError, added.text).toBe(false);
    const idea = added.data.idea.id;
    expect(added.data.idea.created_by).toBe(ben.id);
    expect(added.text).toBe(`Added #${idea} Library hours to brainstorm #${id}.`);

    const voted = await callTool(client, 'vote', { idea, value: -1 });
    expect(voted.data).toEqual({ idea, vote: -1, is_bookmarked: false, is_hidden: false });
    expect((await callTool(client, 'bookmark', { idea })).data).toMatchObject({
      vote: -1,
      is_bookmarked: true,
    });
    expect((await callTool(client, 'react', { idea, reaction_type: 'thumbtack' })).text).toBe(
      `You reacted thumbtack to #${idea}.`,
    );
    await callTool(client, 'react', { idea, reaction_type: 'laugh' });
    await callTool(client, 'react', { idea, reaction_type: 'laugh', remove: true });
    const commented = await callTool<{ comment: { text: string } }>(client, 'comment', {
      idea,
      text: 'Mornings suit me.',
    });
    expect(commented.data.comment.text).toBe('Mornings suit me.');

    // What the team sees through the REST API, as Ana.
    const seen = (await api(ana, 'GET', `/api/ideas/${idea}/`)).json<{
      votes: number;
      reaction_counts: Record<string, number>;
      comments_count: number;
    }>();
    expect(seen).toMatchObject({ votes: -1, comments_count: 1 });
    expect(seen.reaction_counts).toMatchObject({ thumbtack: 1, laugh: 0 });
    const mine = await callTool(client, 'get_idea', { idea });
    expect(mine.text).toContain('[you voted -1, bookmarked]');
    expect(mine.text).toContain(`- ${ben.firstName} ${ben.lastName}: Mornings suit me.`);

    expect((await callTool(client, 'bookmark', { idea, bookmarked: false })).data).toMatchObject({
      is_bookmarked: false,
    });
  });

  it('starts a generation and follows its progress to the ideas it stored', async () => {
    const { id } = await brainstormWithIdeas(ana, 0);
    const client = await as(ben);
    const providers = await callTool(client, 'list_providers');
    expect(providers.text).toContain('- offline (');

    const started = await callTool<{ generation: { id: number; requested: number } }>(
      client,
      'start_generation',
      { brainstorm: id, count: 2, provider: 'offline', model: 'sample-ideas' },
    );
    expect(started.isError, started.text).toBe(false);
    expect(started.data.generation.requested).toBe(2);
    const generation = started.data.generation.id;
    const done = await follow<{ generation: { status: string; succeeded: number } }>(
      client,
      'generation_progress',
      { generation },
      (data) => !['queued', 'running'].includes(data.generation.status),
    );
    expect(done.data.generation).toMatchObject({ status: 'done', succeeded: 2 });
    expect(done.text).toMatch(new RegExp(`^Generation #${generation} is done: 2 of 2 ideas`));
    expect(done.text).toMatch(/Ideas: #\d+, #\d+/);
  });

  it('runs a themes step, applies its proposal and lists the themes', async () => {
    const { id } = await brainstormWithIdeas(ana, 0);
    // Two groups of ideas that share their words, which the offline provider clusters.
    await insertIdeas(
      t.db,
      id,
      [
        'bike lanes',
        'bike parking',
        'bike showers',
        'restaurant menu',
        'menu photos',
        'menu of the day',
      ].map((title) => ({ title: `Commuter ${title}`, summary: `More ${title} for commuters.` })),
    );
    const client = await as(ben);
    const started = await callTool<{ analysis: { id: number } }>(client, 'start_sense_making', {
      brainstorm: id,
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(started.isError, started.text).toBe(false);
    const analysis = started.data.analysis.id;
    const done = await follow<{ analysis: { status: string } }>(
      client,
      'get_sense_making',
      { analysis },
      (data) => ['done', 'failed'].includes(data.analysis.status),
    );
    expect(done.data.analysis.status).toBe('done');
    expect(done.text).toContain('apply_themes');

    const applied = await callTool<{ themes: { name: string }[] }>(client, 'apply_themes', {
      analysis,
    });
    expect(applied.isError, applied.text).toBe(false);
    expect(applied.data.themes.length).toBeGreaterThan(0);
    const listed = await callTool<{ themes: { name: string }[] }>(client, 'list_themes', {
      brainstorm: id,
    });
    expect(listed.data.themes.map((theme) => theme.name)).toEqual(
      applied.data.themes.map((theme) => theme.name),
    );
  });

  it("hands on a finished ranking's shortlist, and says why another step has none", async () => {
    const { id, ideas } = await brainstormWithIdeas(ana, 3);
    const ranking = await insertDoneRanking(t.db, id, ana.id, [ideas[2] ?? 0, ideas[0] ?? 0]);
    const client = await as(ben);
    const listed = await callTool<{ shortlist: { ideas: { rank: number; idea: number }[] } }>(
      client,
      'get_shortlist',
      { analysis: ranking },
    );
    expect(listed.isError, listed.text).toBe(false);
    expect(listed.data.shortlist.ideas.map((entry) => entry.idea)).toEqual([ideas[2], ideas[0]]);
    expect(listed.text).toContain('| Rank | Idea | Summary | Rating | Votes | Theme |');
    expect(listed.text).toContain(`| 1 | [${DISTINCT_IDEAS[2]?.title ?? ''}](`);

    const themes = await insertDoneThemes(t.db, id, ana.id, { themes: [], unsorted: ideas });
    expect(await callTool(client, 'get_shortlist', { analysis: themes })).toMatchObject({
      isError: true,
      text: 'Only a finished ranking has a shortlist.',
    });
  });

  it('answers a bad argument, or a refusal of the API behind a tool, with a clear tool error', async () => {
    const { id } = await brainstormWithIdeas(ana, 1);
    const client = await as(ben);

    const badVote = await callTool(client, 'vote', { idea: 'seven', value: 2 });
    expect(badVote.isError).toBe(true);
    expect(badVote.text).toContain('expected number, received string at idea');
    expect(badVote.text).toContain('A vote is 1, -1 or 0. at value');

    const blank = await callTool(client, 'add_idea', { brainstorm: id, title: '   ' });
    expect(blank).toMatchObject({ isError: true });
    expect(blank.text).toContain('This field may not be blank. at title');

    const nowhere = await callTool(client, 'add_idea', { brainstorm: 2_000_000_000, title: 'x' });
    expect(nowhere.isError).toBe(true);
    expect(nowhere.text).toBe(
      'Invalid input. brainstorm: Invalid pk "2000000000" - object does not exist.',
    );

    expect(await callTool(client, 'get_idea', { idea: 2_000_000_000 })).toMatchObject({
      isError: true,
      text: 'Not found.',
    });
    expect(await callTool(client, 'search_ideas', { brainstorm: id, page: 9 })).toMatchObject({
      isError: true,
      text: 'Invalid page.',
    });
    // A rule of the API behind the tool, not of its input schema: the provider must exist.
    const provider = await callTool(client, 'start_generation', {
      brainstorm: id,
      count: 1,
      provider: 'nobody',
      model: 'x',
    });
    expect(provider.isError).toBe(true);
    expect(provider.text).toMatch(/^Invalid input\. .*nobody/);
    expect((await callTool(client, 'no_such_tool')).isError).toBe(true);
  });

  it("never answers another member's bookmarks, hidden flags or own votes", async () => {
    const { id, ideas } = await brainstormWithIdeas(ana, 2);
    const [kept = 0, hidden = 0] = ideas;
    for (const [idea, body] of [
      [kept, { vote: 1, is_bookmarked: true }],
      [hidden, { is_hidden: true }],
    ] as const) {
      expect((await api(ana, 'POST', `/api/ideas/${idea}/annotate/`, body)).statusCode).toBe(200);
    }
    const client = await as(ben);
    const answers = [
      await callTool(client, 'get_brainstorm', { brainstorm: id }),
      await callTool(client, 'search_ideas', { brainstorm: id }),
      await callTool(client, 'review_queue', { brainstorm: id }),
      await callTool(client, 'get_idea', { idea: kept }),
      await callTool(client, 'get_idea', { idea: hidden }),
    ];
    for (const answer of answers) {
      expect(answer.isError, answer.text).toBe(false);
      const data = JSON.stringify(answer.data);
      expect(data).not.toMatch(/"is_bookmarked":true|"is_hidden":true|"vote":1/);
      expect(data).not.toContain(`"user":${ana.id}`);
      expect(answer.text).not.toMatch(/bookmarked|hidden by you|you voted/);
    }
    // The team's total is everyone's to see; Ana's marks are hers alone.
    expect(answers[3]?.text).toContain(`#${kept} Standing meetings only (+1 votes, 0 comments)`);
    const own = await callTool(await as(ana), 'get_idea', { idea: kept });
    expect(own.text).toContain('[you voted +1, bookmarked]');
  });

  it('withholds the totals of an idea the caller has not reviewed, under blind review', async () => {
    const { ideas } = await brainstormWithIdeas(ana, 1, { blind_review: true });
    const [idea = 0] = ideas;
    await api(ana, 'POST', `/api/ideas/${idea}/annotate/`, { vote: 1 });
    await api(ana, 'POST', '/api/idea-annotations/comments/', { idea_id: idea, text: 'Yes!' });
    const read = await callTool<{ idea: { votes: number | null } }>(await as(ben), 'get_idea', {
      idea,
    });
    expect(read.data.idea.votes).toBeNull();
    expect(read.text).toContain('votes hidden until you review it');
    expect(read.text).toContain('Comments are hidden until you review this idea');
    expect(read.text).not.toContain('Yes!');
  });
});

describe('the MCP endpoint over plain HTTP', () => {
  const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
  const json = { 'content-type': 'application/json' };
  const bearer = async (user: UserRow) => ({
    authorization: `Bearer ${await t.app.tokens.sign(user)}`,
  });

  it('refuses a request without a valid token, saying how to authenticate', async () => {
    const anonymous = await postMcp(json, listTools);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const forged = await postMcp({ ...json, authorization: 'Bearer not-a-token' }, listTools);
    expect(forged.status).toBe(401);
    await expect(connectMcp(baseUrl, 'not-a-token')).rejects.toThrow();
  });

  it('answers GET and DELETE with 405, as a stateless server without sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await postMcp(await bearer(ana), undefined, method);
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers JSON with the API security headers, to a client that names no Accept', async () => {
    const response = await postMcp({ ...json, ...(await bearer(ana)) }, listTools);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const body = (await response.json()) as { id: number; result: { tools: unknown[] } };
    expect(body.id).toBe(1);
    expect(body.result.tools).toHaveLength(MCP_TOOLS.length);
  });

  it('takes a notification with 202, and refuses a client that takes no JSON', async () => {
    const headers = { ...json, ...(await bearer(ana)) };
    const note = await postMcp(headers, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(await note.text()).toBe('');
    const html = await postMcp({ ...headers, accept: 'text/html' }, listTools);
    expect(html.status).toBe(406);
  });

  it('answers a message that is not JSON-RPC with field errors', async () => {
    const response = await postMcp({ ...json, ...(await bearer(ana)) }, { id: 1, method: 7 });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object).sort()).toEqual(['jsonrpc', 'method']);
  });
});

describe('a tool over a cost limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      generation: {
        ...testConfig.generation,
        limits: { ...testConfig.generation.limits, ideasPerHour: 2 },
      },
    });
  });
  afterAll(() => limited.close());

  it("is refused with the API's 429 detail and when to try again", async () => {
    const url = await limited.app.listen({ host: '127.0.0.1', port: 0 });
    const cara = await makeUser(limited.db);
    const brainstorm = await makeBrainstorm(limited.db, cara);
    const client = await connectMcp(url, await limited.app.tokens.sign(cara));
    const refused = await callTool(client, 'start_generation', {
      brainstorm: brainstorm.id,
      count: 3,
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/ Try again in \d+ s\.$/);
  });
});
