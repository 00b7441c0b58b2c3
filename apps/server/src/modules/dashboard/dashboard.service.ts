import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { typeDisplayName } from '../brainstorms/brainstorm-types.js';
import { displayName } from '../users/users.service.js';
import * as repo from './dashboard.repository.js';
import type { RecentBrainstormsDto, ReviewQueueDto } from './dashboard.schemas.js';

export const REVIEW_QUEUE_LIMIT = 20;
export const RECENT_BRAINSTORMS_LIMIT = 8;

const projectOf = (row: { projectId: number | null; projectName: string | null }) =>
  row.projectId === null ? null : { id: row.projectId, name: row.projectName ?? '' };

/** The brainstorms with ideas the caller has yet to review, most first. */
export async function getReviewQueue(db: Db, user: UserRow): Promise<ReviewQueueDto> {
  const rows = await repo.selectReviewQueue(db, user.id, REVIEW_QUEUE_LIMIT);
  return {
    total: rows[0]?.ideasTotal ?? 0,
    brainstorms_total: rows[0]?.brainstormsTotal ?? 0,
    results: rows.map((row) => ({
      brainstorm: { id: row.id, title: row.title, project: projectOf(row) },
      unreviewed: row.unreviewed,
      ideas_count: row.ideasCount,
    })),
  };
}

/** The team's (or the caller's own) brainstorms with the newest activity. */
export async function getRecentBrainstorms(
  db: Db,
  user: UserRow,
  scope: 'team' | 'mine',
): Promise<RecentBrainstormsDto> {
  const rows = await repo.selectRecentBrainstorms(
    db,
    scope === 'mine' ? user.id : null,
    RECENT_BRAINSTORMS_LIMIT,
  );
  return {
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      type_display: typeDisplayName(row.type),
      project: projectOf(row),
      ideas_count: row.ideasCount,
      created_by: { id: row.createdById, name: displayName(row) },
      last_activity: row.lastActivity,
    })),
  };
}
