import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { makeUser } from '../../test/factories.js';
import type { Database } from './client.js';
import { ideaAnnotations, ideaComments, ideaReactions } from './schema/annotations.js';
import { brainstorms } from './schema/brainstorms.js';
import { ideas } from './schema/ideas.js';
import { users } from './schema/users.js';

let database: Database;

/** The single row a statement returned. */
function one<Row>(rows: Row[]): Row {
  const [row] = rows;
  if (!row) throw new Error('expected a row');
  return row;
}
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function newIdea() {
  const { db } = database;
  const owner = await makeUser(db);
  const brainstorm = one(
    await db
      .insert(brainstorms)
      .values({
        type: 'bad_idea_contest',
        parameters: { problem: 'p', themes: [], type: 'x' },
        createdBy: owner.id,
      })
      .returning(),
  );
  const idea = one(
    await db.insert(ideas).values({ brainstormId: brainstorm.id, title: 't' }).returning(),
  );
  return idea.id;
}

const aggregates = async (id: number) => {
  const [row] = await database.db
    .select({
      votes: ideas.votes,
      laugh: ideas.laughCount,
      idea: ideas.ideaCount,
      surprised: ideas.surprisedCount,
      thumbtack: ideas.thumbtackCount,
      comments: ideas.commentsCount,
    })
    .from(ideas)
    .where(eq(ideas.id, id));
  return row;
};

describe('the review aggregates on ideas', () => {
  it('follow votes, reactions and comments, including cascades', async () => {
    const { db } = database;
    const ideaId = await newIdea();
    const [a, b] = [await makeUser(db), await makeUser(db)];
    const mine = one(
      await db.insert(ideaAnnotations).values({ userId: a.id, ideaId, vote: 1 }).returning(),
    );
    const theirs = one(
      await db.insert(ideaAnnotations).values({ userId: b.id, ideaId, vote: 1 }).returning(),
    );
    await db.insert(ideaReactions).values([
      { annotationId: mine.id, reactionType: 'laugh' },
      { annotationId: mine.id, reactionType: 'idea' },
      { annotationId: theirs.id, reactionType: 'laugh' },
    ]);
    await db.insert(ideaComments).values([
      { annotationId: mine.id, text: 'one' },
      { annotationId: theirs.id, text: 'two' },
    ]);
    expect(await aggregates(ideaId)).toEqual({
      votes: 2,
      laugh: 2,
      idea: 1,
      surprised: 0,
      thumbtack: 0,
      comments: 2,
    });

    await db.update(ideaAnnotations).set({ vote: -1 }).where(eq(ideaAnnotations.id, theirs.id));
    expect((await aggregates(ideaId))?.votes).toBe(0);
    await db.delete(ideaAnnotations).where(eq(ideaAnnotations.id, mine.id));
    expect(await aggregates(ideaId)).toEqual({
      votes: -1,
      laugh: 1,
      idea: 0,
      surprised: 0,
      thumbtack: 0,
      comments: 1,
    });
    // A user who goes takes their review along.
    await db.delete(users).where(eq(users.id, b.id));
    expect(await aggregates(ideaId)).toEqual({
      votes: 0,
      laugh: 0,
      idea: 0,
      surprised: 0,
      thumbtack: 0,
      comments: 0,
    });
  });

  it('lose no vote when 20 users vote at the same moment', async () => {
    const { db } = database;
    const ideaId = await newIdea();
    const voters = await Promise.all(Array.from({ length: 20 }, () => makeUser(db)));
    await Promise.all(
      voters.map((voter) =>
        db.insert(ideaAnnotations).values({ userId: voter.id, ideaId, vote: 1 }),
      ),
    );
    expect((await aggregates(ideaId))?.votes).toBe(20);
    await Promise.all(
      voters.map((voter) =>
        db
          .update(ideaAnnotations)
          .set({ vote: sql`-1` })
          .where(eq(ideaAnnotations.userId, voter.id)),
      ),
    );
    expect((await aggregates(ideaId))?.votes).toBe(-20);
  });

  it('let an idea with reviews be deleted, with everything on it', async () => {
    const { db } = database;
    const ideaId = await newIdea();
    const user = await makeUser(db);
    const annotation = one(
      await db.insert(ideaAnnotations).values({ userId: user.id, ideaId, vote: 1 }).returning(),
    );
    await db
      .insert(ideaReactions)
      .values({ annotationId: annotation.id, reactionType: 'thumbtack' });
    await db.insert(ideaComments).values({ annotationId: annotation.id, text: 'bye' });
    await db.delete(ideas).where(eq(ideas.id, ideaId));
    expect(
      await db.select().from(ideaAnnotations).where(eq(ideaAnnotations.ideaId, ideaId)),
    ).toEqual([]);
  });

  it('refuse votes out of range, blank or long comments and unknown reaction types', async () => {
    const { db } = database;
    const ideaId = await newIdea();
    const user = await makeUser(db);
    await expect(
      db.insert(ideaAnnotations).values({ userId: user.id, ideaId, vote: 2 }),
    ).rejects.toThrow();
    const annotation = one(
      await db.insert(ideaAnnotations).values({ userId: user.id, ideaId }).returning(),
    );
    await expect(
      db.insert(ideaComments).values({ annotationId: annotation.id, text: '  ' }),
    ).rejects.toThrow();
    await expect(
      db.insert(ideaComments).values({ annotationId: annotation.id, text: 'x'.repeat(2001) }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(ideaReactions)
        .values({ annotationId: annotation.id, reactionType: 'angry' as 'laugh' }),
    ).rejects.toThrow();
    await expect(db.insert(ideaAnnotations).values({ userId: user.id, ideaId })).rejects.toThrow();
  });
});

describe('the idea count on brainstorms', () => {
  const ideasCount = async (id: number) =>
    one(
      await database.db
        .select({ count: brainstorms.ideasCount })
        .from(brainstorms)
        .where(eq(brainstorms.id, id)),
    ).count;

  it('follows batches of ideas, deletions, moves and simultaneous writers', async () => {
    const { db } = database;
    const first = one(
      await db
        .select({ id: ideas.brainstormId })
        .from(ideas)
        .where(eq(ideas.id, await newIdea())),
    ).id;
    const second = one(
      await db
        .select({ id: ideas.brainstormId })
        .from(ideas)
        .where(eq(ideas.id, await newIdea())),
    ).id;
    const batch = await db
      .insert(ideas)
      .values([first, first, second].map((brainstormId) => ({ brainstormId, title: 'b' })))
      .returning({ id: ideas.id });
    expect([await ideasCount(first), await ideasCount(second)]).toEqual([3, 2]);

    await Promise.all(
      Array.from({ length: 10 }, () =>
        db.insert(ideas).values({ brainstormId: first, title: 'p' }),
      ),
    );
    expect(await ideasCount(first)).toBe(13);

    const moved = one(batch).id;
    await db.update(ideas).set({ brainstormId: second }).where(eq(ideas.id, moved));
    expect([await ideasCount(first), await ideasCount(second)]).toEqual([12, 3]);
    await db.delete(ideas).where(eq(ideas.brainstormId, first));
    expect([await ideasCount(first), await ideasCount(second)]).toEqual([0, 3]);
  });
});
