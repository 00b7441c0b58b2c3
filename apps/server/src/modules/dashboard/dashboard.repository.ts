import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** A timestamp as ISO 8601 text in UTC, alike on both drivers (which parse dates differently). */
export const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface QueueRow {
  id: number;
  title: string;
  projectId: number | null;
  projectName: string | null;
  ideasCount: number;
  unreviewed: number;
  ideasTotal: number;
  brainstormsTotal: number;
}

/**
 * The brainstorms holding ideas the user has not reviewed, most first then newest, with the
 * totals over all of them. Unreviewed is the review page's count: no annotation of the user's,
 * and not stacked under another idea (decision 025), which the review queue leaves out. Read from
 * the counts the database keeps (the brainstorm's ideas and stacked ones, the user's reviewed
 * originals: migrations 0006, 0013 and 0022), a row or two per brainstorm whatever its size.
 */
export async function selectReviewQueue(db: Db, userId: number, limit: number) {
  return rowsOf<QueueRow>(
    await db.execute(sql`with queue as (
        select b.id as brainstorm_id,
          (b.ideas_count - b.duplicates_count - coalesce(r.reviewed, 0))::int as unreviewed
        from brainstorms b
        left join reviewer_counts r on r.brainstorm_id = b.id and r.user_id = ${userId}
      )
      select b.id, b.title, b.project_id as "projectId", p.name as "projectName",
        b.ideas_count as "ideasCount", q.unreviewed,
        (sum(q.unreviewed) over ())::int as "ideasTotal", (count(*) over ())::int as "brainstormsTotal"
      from queue q
      join brainstorms b on b.id = q.brainstorm_id
      left join projects p on p.id = b.project_id
      where q.unreviewed > 0
      order by q.unreviewed desc, b.created desc, b.id desc
      limit ${limit}`),
  );
}

export interface RecentRow {
  id: number;
  title: string;
  type: string;
  projectId: number | null;
  projectName: string | null;
  ideasCount: number;
  createdById: number;
  firstName: string;
  lastName: string;
  email: string;
  lastActivity: string;
}

/**
 * The brainstorms with the newest activity: the newest of their change, idea and generation,
 * each a probe of the brainstorm's (brainstorm_id, created) index.
 */
export async function selectRecentBrainstorms(db: Db, userId: number | null, limit: number) {
  const mine = userId === null ? sql`true` : sql`b.created_by = ${userId}`;
  return rowsOf<RecentRow>(
    await db.execute(sql`select b.id, b.title, b.type, b.project_id as "projectId",
        p.name as "projectName", b.ideas_count as "ideasCount", u.id as "createdById",
        u.first_name as "firstName", u.last_name as "lastName", u.email,
        ${isoText(sql`r.last_activity`)} as "lastActivity"
      from brainstorms b
      cross join lateral (select greatest(b.modified,
          (select max(i.created) from ideas i where i.brainstorm_id = b.id),
          (select max(g.created) from generations g where g.brainstorm_id = b.id)
        ) as last_activity) r
      join users u on u.id = b.created_by
      left join projects p on p.id = b.project_id
      where ${mine}
      order by r.last_activity desc, b.id desc
      limit ${limit}`),
  );
}
