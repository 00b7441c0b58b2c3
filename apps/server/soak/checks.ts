import type { Database } from '../src/db/client.js';
import { ideasWithDriftedCounts } from '../test/annotation-fixtures.js';
import type { GenerationLog, Reviewer } from './workload.js';

/** What the database holds for the soak's checks, read after the server has stopped. */
async function rows<T>(database: Database, text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

export interface Findings {
  /** Every acknowledged write or kept count the database does not agree with. */
  lost: string[];
  generations: { done: number; partlyFailed: number; failed: number; ideas: number };
}

/**
 * Compares the database with what the clients were told: each acknowledged vote, bookmark,
 * reaction and comment is there (writes left unanswered may or may not be); each idea's kept
 * counts equal its rows; each acknowledged generation has finished, with one idea per
 * succeeded slot and none twice.
 */
export async function check(
  database: Database,
  reviewers: readonly Reviewer[],
  generations: GenerationLog,
): Promise<Findings> {
  const lost: string[] = [];
  const userIds = new Map(
    (await rows<{ id: number; email: string }>(database, 'select id, email from users')).map(
      (u) => [u.email, u.id],
    ),
  );
  const annotations = await rows<{
    user_id: number;
    idea_id: number;
    vote: number;
    is_bookmarked: boolean;
  }>(database, 'select user_id, idea_id, vote, is_bookmarked from idea_annotations');
  const reactions = await rows<{ user_id: number; idea_id: number; id: number; type: string }>(
    database,
    `select a.user_id, a.idea_id, r.id, r.reaction_type as type
     from idea_reactions r join idea_annotations a on a.id = r.annotation_id`,
  );
  const comments = await rows<{ user_id: number; id: number }>(
    database,
    'select a.user_id, c.id from idea_comments c join idea_annotations a on a.id = c.annotation_id',
  );

  for (const reviewer of reviewers) {
    const userId = userIds.get(reviewer.email);
    for (const [ideaId, model] of reviewer.reviews) {
      const row = annotations.find((a) => a.user_id === userId && a.idea_id === ideaId);
      const where = `${reviewer.email} on idea ${ideaId}`;
      if (model.vote !== null && (row?.vote ?? 0) !== model.vote) {
        lost.push(`${where}: vote ${row?.vote ?? 0}, acknowledged ${model.vote}`);
      }
      if (model.bookmarked !== null && (row?.is_bookmarked ?? false) !== model.bookmarked) {
        lost.push(`${where}: bookmarked ${String(row?.is_bookmarked)}, acknowledged otherwise`);
      }
      if (!model.reactionsUnknown) {
        const stored = reactions
          .filter((r) => r.user_id === userId && r.idea_id === ideaId)
          .map((r) => `${r.type}#${r.id}`)
          .sort();
        const told = [...model.reactions].map(([type, id]) => `${type}#${id}`).sort();
        if (stored.join() !== told.join()) {
          lost.push(`${where}: reactions [${stored.join()}], acknowledged [${told.join()}]`);
        }
      }
    }
    const own = new Set(comments.filter((c) => c.user_id === userId).map((c) => c.id));
    const missing = reviewer.comments.map((c) => c.id).filter((id) => !own.has(id));
    if (missing.length > 0) lost.push(`${reviewer.email}: comments ${missing.join()} missing`);
    const extra = own.size - reviewer.comments.length;
    if (extra < 0 || extra > reviewer.unansweredComments) {
      lost.push(
        `${reviewer.email}: ${own.size} comments stored, ${reviewer.comments.length} ` +
          `acknowledged and ${reviewer.unansweredComments} unanswered`,
      );
    }
  }

  const drifted = await ideasWithDriftedCounts(database.db);
  for (const id of drifted) lost.push(`idea ${id}: kept counts differ from its rows`);
  const brainstormDrift = await rows<{ id: number }>(
    database,
    `select b.id from brainstorms b
     where ideas_count <> (select count(*) from ideas where brainstorm_id = b.id)`,
  );
  for (const { id } of brainstormDrift) lost.push(`brainstorm ${id}: ideas_count differs`);

  const stored = await rows<{
    id: number;
    status: string;
    requested: number;
    succeeded: number;
    failed: number;
    ideas: number;
  }>(
    database,
    `select g.id, g.status, g.requested, g.succeeded, g.failed,
       (select count(*)::int from ideas where generation_id = g.id) as ideas
     from generations g`,
  );
  const found = { done: 0, partlyFailed: 0, failed: 0, ideas: 0 };
  for (const [id, requested] of generations.requested) {
    const g = stored.find((s) => s.id === id);
    if (!g) {
      lost.push(`generation ${id}: acknowledged, not stored`);
      continue;
    }
    if (g.status === 'done') found.done++;
    else if (g.status === 'partly_failed') found.partlyFailed++;
    else if (g.status === 'failed') found.failed++;
    else lost.push(`generation ${id}: still ${g.status}`);
    found.ideas += g.ideas;
    if (g.requested !== requested || g.succeeded + g.failed !== requested) {
      lost.push(`generation ${id}: ${g.succeeded} + ${g.failed} of ${g.requested} finished`);
    }
    if (g.ideas !== g.succeeded) {
      lost.push(`generation ${id}: ${g.ideas} ideas stored for ${g.succeeded} succeeded`);
    }
  }
  const twice = await rows<{ generation_id: number; generation_slot: number }>(
    database,
    `select generation_id, generation_slot from ideas where generation_id is not null
     group by generation_id, generation_slot having count(*) > 1`,
  );
  for (const t of twice) {
    lost.push(`generation ${t.generation_id} slot ${t.generation_slot}: stored twice`);
  }
  return { lost, generations: found };
}
