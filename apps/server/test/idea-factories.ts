import { expect } from 'vitest';
import type { App } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import {
  ideaAnnotations,
  ideaComments,
  ideaReactions,
  type ReactionType,
} from '../src/db/schema/annotations.js';
import { brainstorms } from '../src/db/schema/brainstorms.js';
import { ideas, type NewIdeaRow } from '../src/db/schema/ideas.js';
import type { UserRow } from '../src/db/schema/users.js';
import { apiAs } from './factories.js';

export async function makeBrainstorm(db: Db, owner: UserRow, title = 'Commute') {
  const [row] = await db
    .insert(brainstorms)
    .values({
      title,
      type: 'classic',
      parameters: { problem: 'p', themes: [], type: 'classic' },
      createdBy: owner.id,
    })
    .returning();
  if (!row) throw new Error('no brainstorm');
  return row;
}

/** Ideas straight into the database (generated ones have no author). */
export async function insertIdeas(db: Db, brainstormId: number, values: Partial<NewIdeaRow>[]) {
  return db
    .insert(ideas)
    .values(values.map((v, i) => ({ brainstormId, title: `Idea ${i + 1}`, ...v })))
    .returning();
}

/** An annotation with optional reactions and comments, written directly. */
export async function annotateDirectly(
  db: Db,
  user: UserRow,
  ideaId: number,
  values: {
    vote?: number;
    isBookmarked?: boolean;
    isHidden?: boolean;
    reactions?: ReactionType[];
    comments?: string[];
  } = {},
) {
  const { reactions = [], comments = [], ...fields } = values;
  const [annotation] = await db
    .insert(ideaAnnotations)
    .values({ userId: user.id, ideaId, ...fields })
    .returning();
  if (!annotation) throw new Error('no annotation');
  for (const reactionType of reactions) {
    await db.insert(ideaReactions).values({ annotationId: annotation.id, reactionType });
  }
  for (const text of comments) {
    await db.insert(ideaComments).values({ annotationId: annotation.id, text });
  }
  return annotation;
}

export interface IdeaJson {
  id: number;
  title: string;
  summary: string;
  description: string;
  brainstorm: number;
  created_by: number | null;
  votes: number | null;
  reaction_counts: Record<ReactionType, number> | null;
  comments_count: number | null;
  totals_hidden: boolean;
  provenance: Record<string, unknown> | null;
  user_annotation?: Record<string, unknown> | null;
  annotation?: Record<string, unknown> | null;
}

export interface IdeaPage {
  count: number;
  filteredCount: number;
  next: string | null;
  previous: string | null;
  results: IdeaJson[];
}

/** GETs a list and expects a 200 page. */
export function pageReader(app: App) {
  const call = apiAs(app);
  return async (user: UserRow, url: string): Promise<IdeaPage> => {
    const response = await call(user, 'GET', url);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response.json<IdeaPage>();
  };
}
