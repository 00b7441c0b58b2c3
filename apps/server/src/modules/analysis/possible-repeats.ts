import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { notFound } from '../../lib/errors.js';
import { findBrainstorm } from '../brainstorms/brainstorms.service.js';
import { cosine, lexicalSimilarity } from '../ideas/near-duplicates.js';
import * as repository from './analysis.repository.js';
import { MAX_RANKED_IDEAS } from './analysis.schemas.js';
import { DEFAULT_RANKED_IDEAS } from './rank-kind.js';

/*
 * Before a ranking starts, the ideas among its top N that may say the same thing (issue 38): a
 * repeat that reaches a shortlist takes the place of another idea. The team decides; nothing
 * here changes an idea.
 */

/**
 * How alike two top ideas must be, in shared words, to be shown: chosen on the first labelled
 * set (near-duplicate-pairs.json), whose paraphrases score up to 0.25 and most of whose ideas on
 * one topic score less. A hint with a click to act on: a false alarm costs a glance.
 */
export const MAY_REPEAT_LEXICAL = 0.25;
/** The same for the cosine of two embeddings of one model, below its stacking threshold. */
export const MAY_REPEAT_SEMANTIC = 0.8;

export const possibleRepeatsQuery = z.object({
  top: z.coerce
    .number()
    .int()
    .min(2)
    .max(MAX_RANKED_IDEAS)
    .default(DEFAULT_RANKED_IDEAS)
    .describe(`How many of the most up-voted ideas a ranking would compare (as its 'top').`),
});

const possibleRepeatSchema = z.object({
  idea: z.number().int().describe('The later idea, which would be stacked.'),
  title: z.string(),
  may_repeat: z.number().int().describe('The earlier idea it may repeat.'),
  may_repeat_title: z.string(),
  similarity: z.number().describe('The greater of their lexical and semantic similarity, 0–1.'),
});

export const possibleRepeatsSchema = z
  .object({ pairs: z.array(possibleRepeatSchema).describe('The most alike first.') })
  .meta({ id: 'PossibleRepeats' });
export type PossibleRepeatsDto = z.infer<typeof possibleRepeatsSchema>;

/**
 * The pairs of the top ideas (as a ranking of `top` would choose them) that share enough words
 * or meaning to be the same idea, leaving out those a person or a model said are not. Each pair
 * names the later idea as the one that may repeat the earlier.
 */
export async function possibleRepeats(
  db: Db,
  brainstormId: number,
  top: number,
): Promise<PossibleRepeatsDto> {
  if (!(await findBrainstorm(db, brainstormId))) throw notFound();
  const ids = await repository.chooseIdeas(db, brainstormId, 'votes', top);
  if (ids.length < 2) return { pairs: [] };
  const lexical = lexicalSimilarity(
    { title: sql`a.title`, summary: sql`a.summary` },
    { title: sql`b.title`, summary: sql`b.summary` },
  );
  const rows = rowsOf<{
    idea: number;
    title: string;
    original: number;
    originalTitle: string;
    similarity: number;
  }>(
    await db.execute(sql`
      select b.id as idea, b.title, a.id as original, a.title as "originalTitle",
        greatest(s.lexical, coalesce(s.semantic, 0))::float8 as similarity
      from ideas a
      join ideas b on b.id > a.id and b.id = any(${sql.param(ids)}::int[])
      cross join lateral (
        select ${lexical} as lexical,
          (select ${cosine(sql`ea.embedding`, sql`eb.embedding`)}
            from idea_embeddings ea, idea_embeddings eb
            where ea.idea_id = a.id and eb.idea_id = b.id and ea.model = eb.model) as semantic
      ) s
      where a.id = any(${sql.param(ids)}::int[])
        and (s.lexical >= ${MAY_REPEAT_LEXICAL} or s.semantic >= ${MAY_REPEAT_SEMANTIC})
        and not exists (select 1 from idea_duplicate_decisions d
          where not d.is_duplicate and d.idea_id in (a.id, b.id) and d.original_id in (a.id, b.id))
      order by similarity desc, b.id, a.id`),
  );
  return {
    pairs: rows.map((row) => ({
      idea: row.idea,
      title: row.title,
      may_repeat: row.original,
      may_repeat_title: row.originalTitle,
      similarity: row.similarity,
    })),
  };
}
