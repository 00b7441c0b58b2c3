import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../test/app.js';
import { apiAs, authHeaders, makeUser } from '../../../test/factories.js';
import {
  generationBody,
  generationConfig,
  makeRichBrainstorm,
} from '../../../test/generation-helpers.js';
import { openLive, type LiveReader } from '../../../test/live-streams.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import type { UserRow } from '../../db/schema/users.js';

let t: TestApp;
let baseUrl: string;
let api: ReturnType<typeof apiAs>;
let ana: UserRow;
let ben: UserRow;
let staff: UserRow;
const readers: LiveReader[] = [];

beforeAll(async () => {
  t = await createTestApp({
    ...generationConfig(),
    live: { ...testConfig.live, streamsPerUser: 3, keepAliveMs: 300 },
  });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  api = apiAs(t.app);
  ana = await makeUser(t.db, { first_name: 'Ana', last_name: 'Lima' });
  ben = await makeUser(t.db, { first_name: 'Ben', last_name: 'Okafor' });
  staff = await makeUser(t.db, { first_name: 'Sam', last_name: 'Staff', is_staff: true });
});

afterAll(async () => {
  for (const reader of readers) reader.close();
  await t.close();
});

/** Opens `user`'s stream of a brainstorm; it is closed after the suite if the test does not. */
async function watch(user: UserRow, brainstormId: number, lastEventId?: string, on?: string) {
  const headers = await authHeaders(t.app, user);
  const reader = await openLive(baseUrl, brainstormId, headers, lastEventId, on);
  readers.push(reader);
  return reader;
}

async function newBrainstorm(owner = ana) {
  return makeRichBrainstorm(t.db, owner);
}

async function newIdea(brainstormId: number, user = ana, title = 'Quiet booths') {
  const response = await api(user, 'POST', '/api/ideas/', { brainstorm: brainstormId, title });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('GET /api/brainstorms/{id}/events/', () => {
  it('answers 401 without a token and 404 for a brainstorm that is not there', async () => {
    const brainstorm = await newBrainstorm();
    const anonymous = await openLive(baseUrl, brainstorm.id, {});
    expect(anonymous.status).toBe(401);
    const missing = await openLive(baseUrl, 2_000_000, await authHeaders(t.app, ana));
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ detail: 'Not found.' });
  });

  it('opens a stream that starts with ready and who has the brainstorm open', async () => {
    const brainstorm = await newBrainstorm();
    const reader = await watch(ana, brainstorm.id);
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('content-security-policy')).toBeTruthy();
    const ready = await reader.next();
    expect(ready.event).toBe('ready');
    expect(ready.id).toMatch(/^[\w-]+\.\d+$/);
    expect(ready.data).toEqual({
      resumed: false,
      presence: [{ id: ana.id, name: 'Ana Lima', on: [] }],
    });
    reader.close();
  });

  it("sends a teammate's vote, reactions and comments as the idea's new totals", async () => {
    const brainstorm = await newBrainstorm();
    const ideaId = await newIdea(brainstorm.id);
    const reader = await watch(ana, brainstorm.id);
    await reader.next('ready');

    await api(ben, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 });
    expect((await reader.next('idea.updated')).data).toEqual({
      id: ideaId,
      votes: 1,
      reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 0 },
      comments_count: 0,
      totals_hidden: false,
      duplicates_count: 0,
      duplicate_of: null,
      content_changed: false,
    });
    await api(ben, 'POST', '/api/idea-annotations/reactions/', {
      idea_id: ideaId,
      reaction_type: 'thumbtack',
    });
    expect((await reader.next('idea.updated')).data).toMatchObject({
      votes: 1,
      reaction_counts: { laugh: 0, idea: 0, surprised: 0, thumbtack: 1 },
    });

    const posted = await api(ben, 'POST', '/api/idea-annotations/comments/', {
      idea_id: ideaId,
      text: 'We tried this at the old office',
    });
    const commentId = posted.json<{ id: number }>().id;
    const created = await reader.next('comment.created');
    const totals = () => reader.events.filter((event) => event.event === 'idea.updated').at(-1);
    expect(created.data).toEqual({
      idea: ideaId,
      comment: {
        id: commentId,
        text: 'We tried this at the old office',
        created: expect.any(String) as string,
        modified: expect.any(String) as string,
        author: { id: ben.id, name: 'Ben Okafor' },
      },
    });
    // The count changes in the same transaction, and its event comes with the comment's.
    await reader.rest();
    expect(totals()?.data).toMatchObject({ comments_count: 1 });

    await api(ben, 'DELETE', `/api/idea-annotations/comments/${commentId}/`);
    expect((await reader.next('comment.deleted')).data).toEqual({ idea: ideaId, id: commentId });
    await reader.rest();
    expect(totals()?.data).toMatchObject({ comments_count: 0 });
    reader.close();
  });

  it('sends ideas stored and deleted, and the brainstorm edited and deleted', async () => {
    const brainstorm = await newBrainstorm();
    const reader = await watch(ben, brainstorm.id);
    await reader.next('ready');
    const ideaId = await newIdea(brainstorm.id);
    expect((await reader.next('ideas.created')).data).toEqual({
      count: 1,
      ideas: [{ id: ideaId, duplicate_of: null }],
    });
    await api(ana, 'PATCH', `/api/ideas/${ideaId}/`, { title: 'Quiet booths by the windows' });
    expect((await reader.next('idea.updated')).data).toMatchObject({
      id: ideaId,
      content_changed: true,
    });
    await api(ana, 'DELETE', `/api/ideas/${ideaId}/`);
    expect((await reader.next('ideas.deleted')).data).toEqual({ count: 1, ids: [ideaId] });

    await api(ana, 'PATCH', `/api/brainstorms/${brainstorm.id}/`, { title: 'A calmer office' });
    expect((await reader.next('brainstorm.updated')).data).toEqual({ id: brainstorm.id });
    await api(ana, 'DELETE', `/api/brainstorms/${brainstorm.id}/`);
    expect((await reader.next('brainstorm.deleted')).data).toEqual({ id: brainstorm.id });
    await reader.ended;
  });

  it("sends a generation's progress to its end", async () => {
    const brainstorm = await newBrainstorm();
    const reader = await watch(ben, brainstorm.id);
    await reader.next('ready');
    const started = await api(ana, 'POST', `/api/brainstorms/${brainstorm.id}/brainstorm/`, {
      ...generationBody(2),
    });
    expect(started.statusCode).toBe(202);
    const statuses: string[] = [];
    for (;;) {
      const event = await reader.next('generation.updated', 20_000);
      statuses.push(event.data.status as string);
      if (event.data.status === 'done') {
        expect(event.data).toMatchObject({ requested: 2, succeeded: 2, failed: 0 });
        break;
      }
    }
    expect(statuses[0]).toBe('queued');
    // The last idea is announced by the transaction that finishes the generation, after it.
    const created = reader.events.filter((event) => event.event === 'ideas.created');
    if (created.length < 2) created.push(await reader.next('ideas.created'));
    expect(created.map((event) => event.data.count)).toEqual([1, 1]);
    reader.close();
  });

  it('sends a sense-making run from its start to its application, and every theme change', async () => {
    const brainstorm = await newBrainstorm();
    const ideaIds = [];
    const titles = ['Quiet booths', 'Quiet library corner', 'Quiet hours', 'Loud music room'];
    for (const title of [...titles, 'Loud lunch room', 'Loud games room']) {
      ideaIds.push(await newIdea(brainstorm.id, ana, title));
    }
    const reader = await watch(ben, brainstorm.id);
    await reader.next('ready');

    const started = await api(ana, 'POST', `/api/brainstorms/${brainstorm.id}/analyses/`, {
      kind: 'themes',
      provider: 'offline',
      model: 'sample-ideas',
    });
    expect(started.statusCode, started.body).toBe(202);
    const runId = started.json<{ id: number }>().id;
    const statuses: string[] = [];
    for (;;) {
      const event = await reader.next('analysis.updated', 20_000);
      expect(event.data).toMatchObject({ id: runId, kind: 'themes', automatic: false });
      statuses.push(event.data.status as string);
      if (event.data.status === 'done') break;
    }
    expect(statuses[0]).toBe('queued');

    const applied = await api(ana, 'POST', `/api/analyses/${runId}/apply/`);
    expect(applied.statusCode).toBe(200);
    // The run says it was applied; its themes, and the ideas sorted into them, are one change.
    await reader.next('themes.changed');
    await reader.rest();
    const { events } = reader;
    const after = events.slice(events.findIndex((event) => event.data.status === 'done') + 1);
    expect(after.map((event) => [event.event, event.data])).toEqual([
      ['analysis.updated', expect.objectContaining({ id: runId, applied: true })],
      ['themes.changed', { brainstorm: brainstorm.id }],
    ]);

    const created = await api(ben, 'POST', `/api/brainstorms/${brainstorm.id}/themes/`, {
      name: 'Noise',
    });
    expect(created.statusCode).toBe(201);
    expect((await reader.next('themes.changed')).data).toEqual({ brainstorm: brainstorm.id });
    const themeId = created.json<{ id: number }>().id;
    const moved = await api(ben, 'PUT', `/api/ideas/${ideaIds[2]}/theme/`, { theme: themeId });
    expect(moved.statusCode).toBe(200);
    expect((await reader.next('themes.changed')).data).toEqual({ brainstorm: brainstorm.id });
    reader.close();
  });

  it("never sends a teammate's bookmark, hidden flag or own vote and reactions", async () => {
    const brainstorm = await newBrainstorm();
    const ideaId = await newIdea(brainstorm.id);
    const reader = await watch(ana, brainstorm.id);
    await reader.next('ready');

    // Every kind of write Ben can make of his own annotation.
    const annotation = await api(ben, 'POST', '/api/idea-annotations/annotations/', {
      idea_id: ideaId,
      is_bookmarked: true,
    });
    const annotationId = annotation.json<{ id: number }>().id;
    await api(ben, 'POST', `/api/idea-annotations/annotations/${annotationId}/toggle-hidden/`);
    await api(ben, 'PATCH', `/api/idea-annotations/annotations/${annotationId}/`, {
      is_bookmarked: false,
    });
    await api(ben, 'POST', `/api/ideas/${ideaId}/annotate/`, { is_hidden: false });
    // Bookmarks and hidden flags change nothing anyone else sees: not one event.
    expect(await reader.rest()).toEqual([]);

    await api(ben, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: -1 });
    await api(ben, 'POST', '/api/idea-annotations/reactions/', {
      idea_id: ideaId,
      reaction_type: 'laugh',
    });
    await api(ben, 'POST', '/api/idea-annotations/comments/', { idea_id: ideaId, text: 'Hmm' });
    await api(ben, 'DELETE', `/api/idea-annotations/annotations/${annotationId}/`);
    const events = await reader.rest(500);
    expect(events.length).toBeGreaterThan(3);
    const sent = JSON.stringify(events);
    for (const privateField of ['is_bookmarked', 'is_hidden', '"vote"', 'reaction_type', 'user']) {
      expect(sent).not.toContain(privateField);
    }
    expect(events.every((event) => event.data.totals_hidden !== true)).toBe(true);
    reader.close();
  });

  it('withholds totals and comments in a blind brainstorm until the viewer reviews the idea', async () => {
    const brainstorm = await newBrainstorm();
    await t.db
      .update(brainstorms)
      .set({ blindReview: true })
      .where(eq(brainstorms.id, brainstorm.id));
    const ideaId = await newIdea(brainstorm.id);
    const reader = await watch(ana, brainstorm.id);
    await reader.next('ready');

    await api(ben, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 });
    await api(ben, 'POST', '/api/idea-annotations/comments/', { idea_id: ideaId, text: 'Yes!' });
    const hidden = await reader.rest(500);
    expect(hidden.length).toBeGreaterThan(0);
    for (const event of hidden) {
      expect(event.event).toBe('idea.updated');
      expect(event.data).toMatchObject({
        id: ideaId,
        votes: null,
        reaction_counts: null,
        comments_count: null,
        totals_hidden: true,
      });
    }

    // Ana reviews it (a bookmark is enough): now she sees its totals, and what comes after.
    await api(ana, 'POST', `/api/ideas/${ideaId}/annotate/`, { is_bookmarked: true });
    expect((await reader.next('idea.updated')).data).toMatchObject({
      id: ideaId,
      votes: 1,
      comments_count: 1,
      totals_hidden: false,
    });
    await api(ben, 'POST', '/api/idea-annotations/comments/', { idea_id: ideaId, text: 'Again' });
    expect((await reader.next('comment.created')).data).toMatchObject({ idea: ideaId });

    // Ben, who reviewed it, saw the totals all along.
    const benReader = await watch(ben, brainstorm.id);
    await benReader.next('ready');
    await api(ana, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 });
    expect((await benReader.next('idea.updated')).data).toMatchObject({
      votes: 2,
      totals_hidden: false,
    });
    reader.close();
    benReader.close();
  });

  it('replays what was missed after Last-Event-ID, and otherwise tells the client to refetch', async () => {
    const brainstorm = await newBrainstorm();
    const ideaId = await newIdea(brainstorm.id);
    const first = await watch(ana, brainstorm.id);
    const ready = await first.next('ready');
    first.close();

    await api(ben, 'POST', `/api/ideas/${ideaId}/annotate/`, { vote: 1 });
    const laterIdea = await newIdea(brainstorm.id, ben, 'Plants as sound breaks');
    const resumed = await watch(ana, brainstorm.id, ready.id);
    const missed = [await resumed.next(), await resumed.next()];
    expect(missed.map((event) => event.event)).toEqual(['idea.updated', 'ideas.created']);
    expect(missed[1]?.data).toMatchObject({ ideas: [{ id: laterIdea }] });
    expect((await resumed.next()).data).toMatchObject({ resumed: true });
    resumed.close();

    for (const unknown of ['someone-else.3', 'nonsense', `${ready.id ?? ''}0000`]) {
      const refetch = await watch(ana, brainstorm.id, unknown);
      const event = await refetch.next();
      expect(event.event).toBe('ready');
      expect(event.data).toMatchObject({ resumed: false });
      refetch.close();
    }
  });

  it('keeps the stream open with a comment line', async () => {
    const brainstorm = await newBrainstorm();
    const reader = await watch(ana, brainstorm.id);
    await reader.next('ready');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(reader.comments).toContain('keep-alive');
    reader.close();
  });

  it('tells everyone watching who else has the brainstorm open, and on which page', async () => {
    const brainstorm = await newBrainstorm();
    const anaReader = await watch(ana, brainstorm.id, undefined, 'review');
    await anaReader.next('ready');
    const benReader = await watch(ben, brainstorm.id, undefined, 'themes');
    expect((await benReader.next('ready')).data.presence).toEqual([
      { id: ana.id, name: 'Ana Lima', on: ['review'] },
      { id: ben.id, name: 'Ben Okafor', on: ['themes'] },
    ]);
    expect((await anaReader.next('presence')).data.users).toHaveLength(2);
    // A second tab of Ben's on the same page changes nothing; one on another page does.
    const benAgain = await watch(ben, brainstorm.id, undefined, 'themes');
    await benAgain.next('ready');
    expect(await anaReader.rest(300)).toEqual([]);
    const benRanking = await watch(ben, brainstorm.id, undefined, 'ranking');
    await benRanking.next('ready');
    expect((await anaReader.next('presence')).data.users).toEqual([
      { id: ana.id, name: 'Ana Lima', on: ['review'] },
      { id: ben.id, name: 'Ben Okafor', on: ['themes', 'ranking'] },
    ]);
    benRanking.close();
    expect((await anaReader.next('presence')).data.users).toEqual([
      { id: ana.id, name: 'Ana Lima', on: ['review'] },
      { id: ben.id, name: 'Ben Okafor', on: ['themes'] },
    ]);
    benReader.close();
    expect(await anaReader.rest(300)).toEqual([]);
    benAgain.close();
    expect((await anaReader.next('presence')).data.users).toEqual([
      { id: ana.id, name: 'Ana Lima', on: ['review'] },
    ]);
    anaReader.close();
  });

  it('answers 400 for a page that is not one of the brainstorm', async () => {
    const brainstorm = await newBrainstorm();
    const reader = await watch(ana, brainstorm.id, undefined, 'kitchen');
    expect(reader.status).toBe(400);
    expect(JSON.parse(reader.body)).toMatchObject({ on: [expect.any(String)] });
  });

  it('answers 429 beyond the streams one user may open, even when they come at once', async () => {
    const brainstorm = await newBrainstorm();
    const user = await makeUser(t.db);
    const headers = await authHeaders(t.app, user);
    const opened = await Promise.all(
      Array.from({ length: 5 }, () => openLive(baseUrl, brainstorm.id, headers)),
    );
    readers.push(...opened);
    const statuses = opened.map((reader) => reader.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = opened.find((reader) => reader.status === 429);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      detail: 'You have 3 live streams open, the most one member may: close a tab or two.',
    });
    // A closed stream gives its place back.
    opened.find((reader) => reader.status === 200)?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await watch(user, brainstorm.id);
    expect(again.status).toBe(200);
    for (const reader of opened) reader.close();
    again.close();
  });

  it("ends a user's streams at once when they are deactivated", async () => {
    const brainstorm = await newBrainstorm();
    const user = await makeUser(t.db);
    const reader = await watch(user, brainstorm.id);
    await reader.next('ready');
    const response = await api(staff, 'PATCH', `/api/users/${user.id}/`, { is_active: false });
    expect(response.statusCode).toBe(200);
    await reader.ended;
    expect(reader.events.map((event) => event.event)).toEqual(['ready']);
  });
});

describe('a server shutting down', () => {
  it('ends its streams cleanly and stops', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await makeUser(other.db);
    const brainstorm = await makeRichBrainstorm(other.db, user);
    const reader = await openLive(url, brainstorm.id, await authHeaders(other.app, user));
    await reader.next('ready');
    await other.close();
    await reader.ended;
    expect(other.app.live.openStreams()).toBe(0);
  });
});

describe('a server holding all the streams it may', () => {
  it('answers 429 to anyone, saying so, until one closes', async () => {
    const full = await createTestApp({ live: { ...testConfig.live, streamsPerProcess: 2 } });
    try {
      const url = await full.app.listen({ host: '127.0.0.1', port: 0 });
      const [first, second, third] = [
        await makeUser(full.db),
        await makeUser(full.db),
        await makeUser(full.db),
      ];
      const brainstorm = await makeRichBrainstorm(full.db, first);
      const open = async (user: UserRow) =>
        openLive(url, brainstorm.id, await authHeaders(full.app, user));
      const streams = [await open(first), await open(second)];
      const refused = await open(third);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toEqual({
        detail: 'This server holds 2 live streams, the most it may: try again soon.',
      });
      streams[0]?.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const admitted = await open(third);
      expect(admitted.status).toBe(200);
      admitted.close();
      streams[1]?.close();
    } finally {
      await full.close();
    }
  });
});
