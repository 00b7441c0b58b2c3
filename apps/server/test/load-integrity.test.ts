import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import { REACTION_TYPES } from '../src/db/schema/annotations.js';
import { review, send, type Reviewer, type Tally, type Target } from '../soak/workload.js';
import { makeIdeas } from './annotation-fixtures.js';
import { createTestApp, type TestApp } from './app.js';
import { authHeaders, makeUser } from './factories.js';

const USERS = 20;
const IDEAS = 5;
const STEPS_PER_USER = 25;

let t: TestApp;
let target: Target;
let ideaIds: number[];
let reviewers: Reviewer[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  target = { url: `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}` };
  const users = await Promise.all(Array.from({ length: USERS }, () => makeUser(t.db)));
  const [creator] = users;
  if (!creator) throw new Error('no users');
  ideaIds = await makeIdeas(t.db, creator, IDEAS);
  reviewers = await Promise.all(
    users.map(async (user) => ({
      email: user.email,
      // No password: the token must last, and a 401 fails the write instead of signing in again.
      password: '',
      token: (await authHeaders(t.app, user)).authorization.replace('Bearer ', ''),
      address: '127.0.0.1',
      reviews: new Map(),
      comments: [],
      unansweredComments: 0,
    })),
  );
});
afterAll(() => t.close());

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('under load', () => {
  it('keeps every acknowledged vote, reaction, bookmark and comment, and counts them all', async () => {
    // Every user at once over real HTTP, each sending its writes one after another (the writes
    // of the soak command).
    const tally: Tally = { sent: 0, acknowledged: 0, unanswered: 0, failures: [] };
    await Promise.all(
      reviewers.map((reviewer, i) => {
        let steps = 0;
        return review(target, reviewer, ideaIds, i + 1, tally, () => steps++ < STEPS_PER_USER);
      }),
    );
    expect(tally.failures).toEqual([]);
    expect(tally).toMatchObject({ acknowledged: USERS * STEPS_PER_USER, unanswered: 0 });

    for (const ideaId of ideaIds) {
      const reviews = reviewers.map((r) => r.reviews.get(ideaId));
      const expected = {
        votes: sum(reviews.map((r) => r?.vote ?? 0)),
        reaction_counts: Object.fromEntries(
          REACTION_TYPES.map((type) => [
            type,
            reviews.filter((r) => r?.reactions.has(type)).length,
          ]),
        ),
        comments_count: reviewers.flatMap((r) => r.comments).filter((c) => c.ideaId === ideaId)
          .length,
      };
      const [reader] = reviewers;
      if (!reader) throw new Error('no reviewers');
      const answer = await send(target, reader, 'GET', `/api/ideas/${String(ideaId)}/`);
      expect(answer?.body, `idea ${String(ideaId)}`).toMatchObject(expected);

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
    for (const reviewer of reviewers) {
      for (const [ideaId, model] of reviewer.reviews) {
        const path = `/api/ideas/${String(ideaId)}/?with_annotations=true`;
        const answer = await send(target, reviewer, 'GET', path);
        const annotation = (
          answer?.body as {
            user_annotation: { vote: number; is_bookmarked: boolean } | null;
          }
        ).user_annotation;
        expect(
          { vote: annotation?.vote ?? 0, is_bookmarked: annotation?.is_bookmarked ?? false },
          `${reviewer.email} on idea ${String(ideaId)}`,
        ).toEqual({ vote: model.vote, is_bookmarked: model.bookmarked });
      }
    }
  });
});
