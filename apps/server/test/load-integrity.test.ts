import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { REACTION_TYPES, type ReactionType } from '../src/db/schema/annotations.js';
import type { UserRow } from '../src/db/schema/users.js';
import { Random } from '../src/seed/random.js';
import { makeIdeas } from './annotation-fixtures.js';
import { createTestApp, type TestApp } from './app.js';
import { authHeaders, makeUser } from './factories.js';

const USERS = 20;
const IDEAS = 5;
const STEPS_PER_USER = 25;

/** What one user's acknowledged writes left on one idea. */
interface Review {
  vote: number;
  bookmarked: boolean;
  reactions: Map<ReactionType, number>;
}

/** A user of the load: their headers, and the state of each idea as their answers told it. */
interface Client {
  user: UserRow;
  headers: Record<string, string>;
  reviews: Map<number, Review>;
}

let t: TestApp;
let baseUrl: string;
let ideaIds: number[];
let clients: Client[];
/** Comments acknowledged (201) per idea, by anyone. */
const comments = new Map<number, number>();
/** Every request that did not get the answer its write should have. */
const failures: string[] = [];

async function send(client: Client, method: string, path: string, body: object | null) {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...client.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : null,
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as { id: number }, text };
}

/** One write picked at random; the client's model changes only when the server said yes. */
async function step(client: Client, random: Random) {
  const ideaId = random.pick(ideaIds);
  const review: Review = client.reviews.get(ideaId) ?? {
    vote: 0,
    bookmarked: false,
    reactions: new Map(),
  };
  client.reviews.set(ideaId, review);
  const expectStatus = (answer: { status: number; text: string }, wanted: number, what: string) => {
    if (answer.status === wanted) return true;
    failures.push(`${what} on idea ${String(ideaId)}: ${String(answer.status)} ${answer.text}`);
    return false;
  };
  const kind = random.int(0, 3);
  if (kind === 0) {
    const vote = random.pick([-1, 0, 1]);
    const answer = await send(client, 'POST', `/api/ideas/${String(ideaId)}/annotate/`, { vote });
    if (expectStatus(answer, 200, 'vote')) review.vote = vote;
  } else if (kind === 1) {
    const bookmarked = !review.bookmarked;
    const answer = await send(client, 'POST', `/api/ideas/${String(ideaId)}/annotate/`, {
      is_bookmarked: bookmarked,
    });
    if (expectStatus(answer, 200, 'bookmark')) review.bookmarked = bookmarked;
  } else if (kind === 2) {
    const type = random.pick(REACTION_TYPES);
    const id = review.reactions.get(type);
    if (id === undefined) {
      const answer = await send(client, 'POST', '/api/idea-annotations/reactions/', {
        idea_id: ideaId,
        reaction_type: type,
      });
      if (expectStatus(answer, 201, `react ${type}`)) review.reactions.set(type, answer.json().id);
    } else {
      const path = `/api/idea-annotations/reactions/${String(id)}/`;
      const answer = await send(client, 'DELETE', path, null);
      if (expectStatus(answer, 204, `unreact ${type}`)) review.reactions.delete(type);
    }
  } else {
    const answer = await send(client, 'POST', '/api/idea-annotations/comments/', {
      idea_id: ideaId,
      text: `Comment by ${client.user.email}`,
    });
    if (expectStatus(answer, 201, 'comment')) comments.set(ideaId, (comments.get(ideaId) ?? 0) + 1);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
  const users = await Promise.all(Array.from({ length: USERS }, () => makeUser(t.db)));
  const [creator] = users;
  if (!creator) throw new Error('no users');
  ideaIds = await makeIdeas(t.db, creator, IDEAS);
  clients = await Promise.all(
    users.map(async (user) => ({
      user,
      headers: await authHeaders(t.app, user),
      reviews: new Map<number, Review>(),
    })),
  );
});
afterAll(() => t.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('under load', () => {
  it('keeps every acknowledged vote, reaction, bookmark and comment, and counts them all', async () => {
    // Every user at once over real HTTP, each sending its writes one after another.
    await Promise.all(
      clients.map(async (client, i) => {
        const random = new Random(i + 1);
        for (let s = 0; s < STEPS_PER_USER; s++) await step(client, random);
      }),
    );
    expect(failures).toEqual([]);

    for (const ideaId of ideaIds) {
      const reviews = clients.map((c) => c.reviews.get(ideaId));
      const expected = {
        votes: sum(reviews.map((r) => r?.vote ?? 0)),
        reaction_counts: Object.fromEntries(
          REACTION_TYPES.map((type) => [
            type,
            reviews.filter((r) => r?.reactions.has(type)).length,
          ]),
        ),
        comments_count: comments.get(ideaId) ?? 0,
      };
      const [reader] = clients;
      if (!reader) throw new Error('no clients');
      const answer = await send(reader, 'GET', `/api/ideas/${String(ideaId)}/`, null);
      expect(answer.json(), `idea ${String(ideaId)}`).toMatchObject(expected);

      // The rows themselves, not only the kept counts: one reaction row per acknowledged one.
      const [rows] = rowsOf<{ reactions: number; comments: number; votes: number }>(
        await t.db.execute(sql`select
          (select count(*)::int from idea_reactions r join idea_annotations a
             on a.id = r.annotation_id where a.idea_id = ${ideaId}) as reactions,
          (select count(*)::int from idea_comments c join idea_annotations a
             on a.id = c.annotation_id where a.idea_id = ${ideaId}) as comments,
          (select coalesce(sum(vote), 0)::int from idea_annotations where idea_id = ${ideaId})
            as votes`),
      );
      expect(rows).toEqual({
        reactions: sum(Object.values(expected.reaction_counts)),
        comments: expected.comments_count,
        votes: expected.votes,
      });
    }

    // Each user's own annotation is what their last acknowledged write made it.
    for (const client of clients) {
      for (const [ideaId, review] of client.reviews) {
        const path = `/api/ideas/${String(ideaId)}/?with_annotations=true`;
        const answer = await send(client, 'GET', path, null);
        const annotation = (
          answer.json() as unknown as {
            user_annotation: { vote: number; is_bookmarked: boolean } | null;
          }
        ).user_annotation;
        expect(
          { vote: annotation?.vote ?? 0, is_bookmarked: annotation?.is_bookmarked ?? false },
          `${client.user.email} on idea ${String(ideaId)}`,
        ).toEqual({ vote: review.vote, is_bookmarked: review.bookmarked });
      }
    }
  });
});
