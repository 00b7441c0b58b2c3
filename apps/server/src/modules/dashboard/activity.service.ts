import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { displayName } from '../users/users.service.js';
import * as repo from './activity.repository.js';
import type { ActivityDto, ActivityItem } from './dashboard.schemas.js';

export const EXCERPT_LENGTH = 160;

/** A comment's text on one line, cut to `EXCERPT_LENGTH` characters with an ellipsis. */
export function excerpt(text: string): string {
  const characters = Array.from(text.replace(/\s+/g, ' ').trim());
  if (characters.length <= EXCERPT_LENGTH) return characters.join('');
  return `${characters
    .slice(0, EXCERPT_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

const person = (row: { userId: number; firstName: string; lastName: string; email: string }) => ({
  id: row.userId,
  name: displayName(row),
});

/**
 * The team's timeline, newest first: generations, comments and pins (decision 030). Each kind's
 * newest `limit` are read, one statement each, and merged. Comments and pins of ideas under blind
 * review that the caller has not reviewed are left out; a pin names nobody; bookmarks and hidden
 * flags are never read.
 */
export async function getActivity(db: Db, user: UserRow, limit: number): Promise<ActivityDto> {
  const [generations, comments, pins] = await Promise.all([
    repo.selectGenerations(db, limit),
    repo.selectComments(db, user.id, limit),
    repo.selectPins(db, user.id, limit),
  ]);
  const items: ActivityItem[] = [
    ...generations.map((row): ActivityItem => ({
      kind: 'generation',
      id: row.id,
      who: person(row),
      requested: row.requested,
      succeeded: row.succeeded,
      failed: row.failed,
      status: row.status,
      provider: row.provider ?? '',
      model: row.model ?? '',
      brainstorm: { id: row.brainstormId, title: row.brainstormTitle },
      at: row.at,
    })),
    ...comments.map((row): ActivityItem => ({
      kind: 'comment',
      id: row.id,
      author: person(row),
      excerpt: excerpt(row.text),
      idea: { id: row.ideaId, title: row.ideaTitle },
      brainstorm: { id: row.brainstormId, title: row.brainstormTitle },
      at: row.at,
    })),
    ...pins.map((row): ActivityItem => ({
      kind: 'pin',
      idea: { id: row.ideaId, title: row.ideaTitle },
      brainstorm: { id: row.brainstormId, title: row.brainstormTitle },
      pins: row.pins,
      at: row.at,
    })),
  ];
  // ISO texts in UTC of one length sort as their instants do.
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { results: items.slice(0, limit) };
}
