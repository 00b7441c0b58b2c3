import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { isoText } from './dashboard.repository.js';

interface Named {
  firstName: string;
  lastName: string;
  email: string;
}

export interface GenerationActivityRow extends Named {
  id: number;
  userId: number;
  requested: number;
  succeeded: number;
  failed: number;
  status: string;
  provider: string | null;
  model: string | null;
  brainstormId: number;
  brainstormTitle: string;
  at: string;
}

/** The newest generations, with the provider and model of their first slot. */
export async function selectGenerations(db: Db, limit: number) {
  return rowsOf<GenerationActivityRow>(
    await db.execute(sql`select g.id, u.id as "userId", u.first_name as "firstName",
        u.last_name as "lastName", u.email, g.requested, g.succeeded, g.failed, g.status,
        s.provider, s.model, b.id as "brainstormId", b.title as "brainstormTitle",
        ${isoText(sql`g.created`)} as at
      from (select * from generations order by created desc, id desc limit ${limit}) g
      join users u on u.id = g.created_by
      join brainstorms b on b.id = g.brainstorm_id
      left join lateral (select provider, model from generation_slots
        where generation_id = g.id order by slot limit 1) s on true
      order by g.created desc, g.id desc`),
  );
}

/**
 * An idea's shared review is withheld from the viewer (decision 026): its brainstorm is under
 * blind review and the viewer has no annotation of it.
 */
const hiddenFrom = (viewerId: number) => sql`(b.blind_review and not exists (
  select 1 from idea_annotations mine where mine.user_id = ${viewerId} and mine.idea_id = i.id))`;

export interface CommentActivityRow extends Named {
  id: number;
  userId: number;
  text: string;
  ideaId: number;
  ideaTitle: string;
  brainstormId: number;
  brainstormTitle: string;
  at: string;
}

/**
 * The newest comments the viewer may read, with their author (comments are signed). Newest by
 * id, which rows get in the order they are written: a backward scan of the key that stops at
 * `limit`, where ordering by `created` sorted every comment (74 ms at 13,000; decision 030).
 */
export async function selectComments(db: Db, viewerId: number, limit: number) {
  return rowsOf<CommentActivityRow>(
    await db.execute(sql`select c.id, u.id as "userId", u.first_name as "firstName",
        u.last_name as "lastName", u.email, left(c.text, 400) as text,
        i.id as "ideaId", i.title as "ideaTitle", b.id as "brainstormId",
        b.title as "brainstormTitle", ${isoText(sql`c.created`)} as at
      from idea_comments c
      join idea_annotations a on a.id = c.annotation_id
      join users u on u.id = a.user_id
      join ideas i on i.id = a.idea_id
      join brainstorms b on b.id = i.brainstorm_id
      where not ${hiddenFrom(viewerId)}
      order by c.id desc
      limit ${limit}`),
  );
}

export interface PinActivityRow {
  ideaId: number;
  ideaTitle: string;
  brainstormId: number;
  brainstormTitle: string;
  pins: number;
  at: string;
}

/** Pin reactions read, newest first, for each idea listed: enough for ideas pinned often. */
const PINS_READ_PER_ITEM = 10;

/**
 * The ideas pinned most recently, by when their latest pin was made, with how many pinned them:
 * an aggregate, so nobody's pin is named. Only the newest pins are read (by id, the order they
 * were made): an idea among them has its latest pin among them too.
 */
export async function selectPins(db: Db, viewerId: number, limit: number) {
  return rowsOf<PinActivityRow>(
    await db.execute(sql`select i.id as "ideaId", i.title as "ideaTitle",
        b.id as "brainstormId", b.title as "brainstormTitle", i.thumbtack_count as pins,
        ${isoText(sql`p.latest`)} as at
      from (select a.idea_id, max(r.created) as latest
        from (select id, annotation_id, created from idea_reactions
          where reaction_type = 'thumbtack'
          order by id desc limit ${limit * PINS_READ_PER_ITEM}) r
        join idea_annotations a on a.id = r.annotation_id
        group by a.idea_id) p
      join ideas i on i.id = p.idea_id
      join brainstorms b on b.id = i.brainstorm_id
      where i.thumbtack_count > 0 and not ${hiddenFrom(viewerId)}
      order by p.latest desc, i.id desc
      limit ${limit}`),
  );
}
