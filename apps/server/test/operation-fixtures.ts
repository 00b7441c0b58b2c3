import { expect } from 'vitest';
import type { UserRow } from '../src/db/schema/users.js';
import { makeIdeas } from './annotation-fixtures.js';
import type { Config } from '../src/config.js';
import { testConfig, type TestApp } from './app.js';
import { authHeaders, TEST_PASSWORD } from './factories.js';
import { MIN_THEMED_IDEAS } from '../src/modules/analysis/themes-kind.js';
import { insertDoneRanking, insertDoneThemes } from './theme-fixtures.js';
import { insertFinishedDelivery, insertWebhook } from './webhook-fixtures.js';

/**
 * Settings for an app that every operation is sent to, several times: generations stay queued
 * (no workers), with limits high enough for all the requests that start one.
 */
export const everyOperationConfig: Partial<Config> = {
  generation: {
    ...testConfig.generation,
    limits: { ...testConfig.generation.limits, runningPerUser: 100, ideasPerHour: 10_000 },
  },
};

/** What the tests that go over every operation need to make a valid request of each. */
export interface OperationFixtures {
  /** A valid body for each operation that takes one ('POST /api/ideas/'), sent as `actor`. */
  bodies: Record<string, (actor: UserRow | null) => object>;
  /** The path with a fresh object of the owner's for its {id}, made through its collection. */
  ownedObject: (path: string) => Promise<string>;
}

let newUsers = 0;
let newTokens = 0;

/**
 * A valid generation payload: one offline idea. Every leaf but the count can take another valid
 * value, so the fuzzer's changes to it often succeed too.
 */
const generationRequest = {
  num_workers: 1,
  worker_params: [
    {
      provider: 'offline',
      model: 'sample-ideas',
      settings: { temperature: 0.7, max_tokens: 1000 },
    },
  ],
  steer: true,
  variety: 'normal',
};

/** A valid sense-making request: the offline provider's keyword themes. */
const themesRequest = { kind: 'themes', provider: 'offline', model: 'sample-ideas' };

/** A CSV of two ideas, with a column the import leaves alone. */
const importFile = {
  format: 'csv',
  content: 'title,summary,votes\r\nQuiet carriages,Work on the way,3\r\nBike racks,,0\r\n',
};

/**
 * A valid body for each operation that takes one and needs no fixture of its own, sent as
 * `actor` (whose email a sign-in uses).
 */
export const VALID_BODIES: Record<string, (actor: UserRow | null) => object> = {
  'POST /api/auth/token/': (actor) => ({
    email: actor?.email ?? 'nobody@example.com',
    password: TEST_PASSWORD,
  }),
  'POST /api/auth/token/refresh/': () => ({}),
  'POST /api/auth/logout/': () => ({}),
  'POST /api/auth/sessions/end-others/': () => ({}),
  'POST /api/users/': () => ({
    email: `new-${(newUsers += 1)}@example.com`,
    password: 'a long passphrase 42',
  }),
  'PATCH /api/users/{id}/': () => ({ first_name: 'Ada' }),
  'POST /api/tokens/': () => ({ name: `Token ${(newTokens += 1)}`, scope: 'read' }),
  'POST /api/projects/': () => ({ name: 'Roadmap' }),
  'PUT /api/projects/{id}/': () => ({ name: 'Roadmap', description: 'Next quarter' }),
  'PATCH /api/projects/{id}/': () => ({ description: 'Next quarter' }),
  'POST /api/brainstorms/': () => ({ parameters: { problem: 'Fewer meetings' } }),
  'PUT /api/brainstorms/{id}/': () => ({ title: 'Meetings', parameters: { problem: 'Fewer' } }),
  'PATCH /api/brainstorms/{id}/': () => ({ title: 'Renamed', blind_review: true }),
  'POST /api/brainstorms/{id}/brainstorm/': () => generationRequest,
  // The owner's ideas are in a Bad Idea Contest (the default technique): Flip it applies.
  'POST /api/ideas/{id}/more-like-this/': () => generationRequest,
  'POST /api/ideas/{id}/flip-it/': () => generationRequest,
  // The offline provider's themes: no calls, so no budget stands in the way of a repeat.
  'POST /api/brainstorms/{id}/analyses/': () => themesRequest,
  'POST /api/brainstorms/{id}/analyses/plan/': () => themesRequest,
  'POST /api/brainstorms/{id}/themes/': () => ({ name: 'Quick wins', description: 'Cheap' }),
  'POST /api/brainstorms/{id}/import/preview/': () => importFile,
  'POST /api/brainstorms/{id}/import/': () => importFile,
  'PATCH /api/themes/{id}/': () => ({ description: 'Cheap, and soon', position: 3 }),
  'PUT /api/ideas/{id}/': () => ({ title: 'Quiet carriages', summary: 'Work on the way' }),
  'PATCH /api/ideas/{id}/': () => ({ summary: 'Work on the way' }),
  'POST /api/ideas/{id}/annotate/': () => ({ vote: 1, is_bookmarked: true }),
  'PUT /api/idea-annotations/annotations/{id}/': () => ({ vote: -1, is_bookmarked: true }),
  'PATCH /api/idea-annotations/annotations/{id}/': () => ({ is_hidden: true }),
  'POST /api/idea-annotations/annotations/{id}/vote/': () => ({ value: -1 }),
  'PUT /api/idea-annotations/comments/{id}/': () => ({ text: 'Why not buses?' }),
  'PATCH /api/idea-annotations/comments/{id}/': () => ({ text: 'Or bikes?' }),
  'PUT /api/idea-annotations/reactions/{id}/': () => ({ reaction_type: 'idea' }),
  'PATCH /api/idea-annotations/reactions/{id}/': () => ({ reaction_type: 'surprised' }),
  // A tool call that reads: it succeeds for any member, and its arguments give the fuzzer a
  // tool's input to vary.
  'POST /api/mcp/': () => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'search_ideas', arguments: { search: 'idea', page_size: 5 } },
  }),
  // Test apps allow private addresses (their receivers listen on 127.0.0.1); nothing listens here.
  'POST /api/webhooks/': () => ({ url: 'http://127.0.0.1:9/hook', events: ['comment.created'] }),
  'PATCH /api/webhooks/{id}/': () => ({ name: 'Team chat', events: ['idea.pinned'] }),
};

/**
 * Fixtures for `owner`: the brainstorm that new ideas go in, and ideas to annotate, one per
 * request that creates an annotation, so that each makes a new one.
 */
export async function operationFixtures(t: TestApp, owner: UserRow): Promise<OperationFixtures> {
  const annotationIdeas = await makeIdeas(t.db, owner, 200);
  const freshIdea = () => annotationIdeas.pop() ?? 0;
  const brainstorm = await t.app.inject({
    method: 'POST',
    url: '/api/brainstorms/',
    headers: await authHeaders(t.app, owner),
    payload: { parameters: { problem: 'Commuting' } },
  });
  const ideaBrainstorm = brainstorm.json<{ id: number }>().id;
  // The idea that ideas are marked as repeating: new ideas go in its brainstorm.
  const original = await t.app.inject({
    method: 'POST',
    url: '/api/ideas/',
    headers: await authHeaders(t.app, owner),
    payload: { brainstorm: ideaBrainstorm, title: 'Trains with desks' },
  });
  const originalIdea = original.json<{ id: number }>().id;
  // The theme that ideas are moved into, in the brainstorm new ideas go in.
  const ideaTheme = await t.app.inject({
    method: 'POST',
    url: `/api/brainstorms/${ideaBrainstorm}/themes/`,
    headers: await authHeaders(t.app, owner),
    payload: { name: 'Trains' },
  });
  const ideaThemeId = ideaTheme.json<{ id: number }>().id;
  /** The last theme made for a /api/themes/{id}/ path: a theme beside it and an idea in it. */
  let lastTheme = { sibling: 0, idea: 0 };

  const bodies: OperationFixtures['bodies'] = {
    ...VALID_BODIES,
    'PUT /api/users/{id}/': () => ({ email: owner.email, first_name: 'Ada', last_name: 'L' }),
    'POST /api/ideas/': () => ({ brainstorm: ideaBrainstorm, title: 'Trains with desks' }),
    'POST /api/ideas/{id}/mark-duplicate/': () => ({ of: originalIdea }),
    'PUT /api/ideas/{id}/theme/': () => ({ theme: ideaThemeId }),
    'POST /api/themes/{id}/merge/': () => ({ into: lastTheme.sibling }),
    'POST /api/themes/{id}/split/': () => ({ name: 'Split off', ideas: [lastTheme.idea] }),
    'POST /api/idea-annotations/annotations/': () => ({ idea_id: freshIdea(), vote: 1 }),
    'POST /api/idea-annotations/comments/': () => ({
      idea_id: freshIdea(),
      text: 'Why not trains?',
    }),
    'POST /api/idea-annotations/reactions/': () => ({
      idea_id: freshIdea(),
      reaction_type: 'laugh',
    }),
  };

  async function create(collection: string, body: object | undefined, status: number) {
    if (!body) throw new Error(`No fixture for ${collection}: add a valid body for it`);
    const response = await t.app.inject({
      method: 'POST',
      url: collection,
      headers: await authHeaders(t.app, owner),
      payload: body,
    });
    expect(response.statusCode, `POST ${collection} as the owner`).toBe(status);
    return response.json<{ id: number }>().id;
  }

  /**
   * A brainstorm of the owner's with ideas enough for themes, two themes in it and an idea in the
   * first: the first's id, with the rest in `lastTheme` for the bodies that name them.
   */
  async function ownedTheme(): Promise<number> {
    const brainstormId = await create(
      '/api/brainstorms/',
      { parameters: { problem: 'Meetings' } },
      201,
    );
    const [idea = 0] = await makeIdeasIn(t, owner, brainstormId, 1);
    const themes = `/api/brainstorms/${brainstormId}/themes/`;
    const theme = await create(themes, { name: 'First' }, 201);
    const sibling = await create(themes, { name: 'Second' }, 201);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/ideas/${idea}/theme/`,
      headers: await authHeaders(t.app, owner),
      payload: { theme },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    lastTheme = { sibling, idea };
    return theme;
  }

  /** A finished themes proposal over a brainstorm's ideas, not applied yet. */
  async function ownedProposal(): Promise<number> {
    const brainstormId = await create(
      '/api/brainstorms/',
      { parameters: { problem: 'Meetings' } },
      201,
    );
    const ideas = await makeIdeasIn(t, owner, brainstormId, MIN_THEMED_IDEAS);
    return insertDoneThemes(t.db, brainstormId, owner.id, {
      themes: [
        { name: 'Shorter', description: 'Less time', ideas: ideas.slice(0, 2) },
        { name: 'Fewer', description: 'Less often', ideas: ideas.slice(2, 4) },
      ],
      unsorted: ideas.slice(4),
    });
  }

  /** A finished ranking of a brainstorm's ideas. */
  async function ownedRanking(): Promise<number> {
    const brainstormId = await create(
      '/api/brainstorms/',
      { parameters: { problem: 'Meetings' } },
      201,
    );
    const ideas = await makeIdeasIn(t, owner, brainstormId, 3);
    return insertDoneRanking(t.db, brainstormId, owner.id, ideas);
  }

  async function ownedObject(path: string): Promise<string> {
    if (!path.includes('{id}')) return path;
    if (path.startsWith('/api/webhooks/')) {
      // Only staff make webhooks: the owner's is one written for the test, with a delivery done.
      const webhook = await insertWebhook(t.db, owner);
      const delivery = await insertFinishedDelivery(t.db, webhook);
      return path.replace('{id}', String(webhook)).replace('{deliveryId}', String(delivery));
    }
    if (path.startsWith('/api/users/')) return path.replace('{id}', String(owner.id));
    if (path.startsWith('/api/themes/')) return path.replace('{id}', String(await ownedTheme()));
    if (path === '/api/brainstorms/{id}/themes/from-parameters/') {
      // A brainstorm given themes when it was created, with none on its board yet.
      const body = { parameters: { problem: 'Meetings', themes: ['Time', 'Cost'] } };
      return path.replace('{id}', String(await create('/api/brainstorms/', body, 201)));
    }
    if (path === '/api/analyses/{id}/apply/') {
      return path.replace('{id}', String(await ownedProposal()));
    }
    if (path === '/api/analyses/{id}/shortlist/') {
      return path.replace('{id}', String(await ownedRanking()));
    }
    if (path.startsWith('/api/generations/')) {
      // Generations are made by asking a brainstorm for ideas.
      const brainstormPath = await ownedObject('/api/brainstorms/{id}/brainstorm/');
      const body = bodies['POST /api/brainstorms/{id}/brainstorm/']?.(owner);
      return path.replace('{id}', String(await create(brainstormPath, body, 202)));
    }
    if (path.startsWith('/api/analyses/')) {
      // Sense-making steps are started on a brainstorm with enough ideas for themes.
      const brainstormPath = await ownedObject('/api/brainstorms/{id}/analyses/');
      const body = bodies['POST /api/brainstorms/{id}/analyses/']?.(owner);
      return path.replace('{id}', String(await create(brainstormPath, body, 202)));
    }
    if (path.startsWith('/api/brainstorms/{id}/analyses/')) {
      const brainstormId = await create(
        '/api/brainstorms/',
        { parameters: { problem: 'Meetings' } },
        201,
      );
      await makeIdeasIn(t, owner, brainstormId, MIN_THEMED_IDEAS);
      return path.replace('{id}', String(brainstormId));
    }
    const collection = path.slice(0, path.indexOf('{id}'));
    const body = bodies[`POST ${collection}`]?.(owner);
    return path.replace('{id}', String(await create(collection, body, 201)));
  }

  return { bodies, ownedObject };
}

/** Ideas unlike each other, so that none is stacked as a near-duplicate of another. */
export const DISTINCT_IDEAS = [
  { title: 'Standing meetings only', summary: 'Nobody sits, so nobody lingers.' },
  { title: 'Agenda or no meeting', summary: 'An invitation without an agenda is declined.' },
  { title: 'Quarterly calendar purge', summary: 'Every recurring slot is deleted each quarter.' },
  { title: 'Written updates first', summary: 'Status goes in a document read before the call.' },
  { title: 'Meeting cost counter', summary: 'Show the hourly cost of attendees on screen.' },
  { title: 'No-call Wednesdays', summary: 'One weekday without video calls for focus work.' },
];

/** Ideas written by hand in a brainstorm, through the API; answers their ids. */
async function makeIdeasIn(t: TestApp, owner: UserRow, brainstormId: number, count: number) {
  const headers = await authHeaders(t.app, owner);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ideas/',
      headers,
      payload: { brainstorm: brainstormId, ...DISTINCT_IDEAS[i % DISTINCT_IDEAS.length] },
    });
    expect(response.statusCode).toBe(201);
    ids.push(response.json<{ id: number }>().id);
  }
  return ids;
}
