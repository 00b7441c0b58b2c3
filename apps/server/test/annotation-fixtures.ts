import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { rowsOf } from '../src/db/rows.js';
import { REACTION_TYPES } from '../src/db/schema/annotations.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import { ideas } from '../src/db/schema/ideas.js';
import type { UserRow } from '../src/db/schema/users.js';
import { addIdeas } from './factories.js';

/** A brainstorm of the given user's with `count` ideas; answers the ideas' ids, oldest first. */
export async function makeIdeas(db: Db, creator: UserRow, count: number): Promise<number[]> {
  const [brainstorm] = await db
    .insert(brainstorms)
    .values({
      title: 'Review',
      type: 'bad_idea_contest',
      parameters: { problem: 'Fewer meetings', themes: [], type: 'bad_idea_contest' },
      createdBy: creator.id,
    })
    .returning({ id: brainstorms.id });
  if (!brainstorm) throw new Error('no brainstorm');
  await addIdeas(db, brainstorm.id, count);
  const rows = await db
    .select({ id: ideas.id })
    .from(ideas)
    .where(eq(ideas.brainstormId, brainstorm.id))
    .orderBy(asc(ideas.id));
  return rows.map((r) => r.id);
}

/** The review aggregates the database keeps on an idea. */
export async function ideaAggregates(db: Db, id: number) {
  const [row] = await db
    .select({
      votes: ideas.votes,
      laugh: ideas.laughCount,
      idea: ideas.ideaCount,
      comments: ideas.commentsCount,
    })
    .from(ideas)
    .where(eq(ideas.id, id));
  if (!row) throw new Error(`no idea ${id}`);
  return row;
}

/** Hands out ideas no test has annotated yet, so each test starts from a clean review. */
export function ideaPool(ids: () => number[]) {
  let next = 0;
  return () => {
    const id = ids()[next++];
    if (id === undefined) throw new Error('out of ideas');
    return id;
  };
}

/** The ideas whose kept counts (votes, reactions of each type, comments) differ from their rows. */
export async function ideasWithDriftedCounts(db: Db): Promise<number[]> {
  const reactionCounts = REACTION_TYPES.map(
    (type) => sql`${sql.identifier(`${type}_count`)} <> (select count(*) from idea_reactions r
      join idea_annotations a on a.id = r.annotation_id
      where a.idea_id = i.id and r.reaction_type = ${type})`,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select i.id from ideas i
      where votes <> (select coalesce(sum(vote), 0) from idea_annotations where idea_id = i.id)
        or comments_count <> (select count(*) from idea_comments c join idea_annotations a
          on a.id = c.annotation_id where a.idea_id = i.id)
        or ${sql.join(reactionCounts, sql` or `)}
      order by i.id`),
  );
  return rows.map((row) => row.id);
}
