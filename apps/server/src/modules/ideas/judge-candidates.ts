import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/*
 * The pairs a language model is asked about (issue 38): for an idea that the detector left
 * standing, the earlier ideas it is nearest to whose similarity falls short of stacking but is
 * not negligible. A paraphrase says the same in other words, so its similarity lies below the
 * threshold; a model tells it from an idea that only shares the topic.
 */

/** How many of an idea's nearest the judge may see, and the band they must fall in. */
export interface CandidateBand {
  /** The most candidates per idea: its k nearest by lexical similarity. */
  k: number;
  /** The lowest similarity a candidate may have, 0–1. */
  lower: number;
  /** Candidates must score below this: at it or above, the detector stacks by itself. */
  upper: number;
}

/**
 * The band the judge reads, below the lexical stacking threshold: chosen on the first labelled
 * set (`near-duplicate-pairs.json`) and reported on the held-out one (README, Quality).
 */
export const JUDGE_BAND: Omit<CandidateBand, 'upper'> = { k: 3, lower: 0.1 };

/** One pair for the judge: an idea and an earlier original it may repeat. */
export interface CandidatePair {
  idea: number;
  original: number;
  /** Their lexical similarity, 0–1. */
  score: number;
}

/** Ideas whose candidates one statement looks for. */
const IDEAS_PER_STATEMENT = 10;

/**
 * For each idea named (of the brainstorm, standing alone), its `k` nearest earlier originals by
 * lexical similarity, through the GiST index's `<->` order (migration 0021; a second key would
 * make the database sort every earlier idea instead), kept where the similarity lies in the
 * band. Pairs anyone has decided already, a person or the model, are left out. In order of
 * idea, then similarity (the most alike first), then the earlier original.
 */
export async function judgeCandidates(
  db: Db,
  brainstormId: number,
  ideaIds: readonly number[],
  band: CandidateBand,
): Promise<CandidatePair[]> {
  if (band.k <= 0) return [];
  const found: CandidatePair[] = [];
  // A statement per few ideas: on the embedded database, which runs one statement at a time,
  // what other requests wait behind is one of them, not the search for a thousand ideas.
  for (let from = 0; from < ideaIds.length; from += IDEAS_PER_STATEMENT) {
    const part = ideaIds.slice(from, from + IDEAS_PER_STATEMENT);
    found.push(...(await nearestInBand(db, brainstormId, part, band)));
  }
  return found.sort((x, y) => x.idea - y.idea || y.score - x.score || x.original - y.original);
}

/** `judgeCandidates` for a few ideas, in one statement. */
async function nearestInBand(
  db: Db,
  brainstormId: number,
  ideaIds: readonly number[],
  band: CandidateBand,
): Promise<CandidatePair[]> {
  const text = (alias: string) => sql.raw(`(${alias}.title || ' ' || ${alias}.summary)`);
  return rowsOf<CandidatePair>(
    await db.execute(sql`
      select x.id as idea, n.id as original, n.score
      from ideas x
      cross join lateral (
        select i.id, similarity(${text('i')}, ${text('x')}) as score
        from ideas i
        where i.brainstorm_id = x.brainstorm_id and i.id < x.id and i.duplicate_of is null
          and not exists (select 1 from idea_duplicate_decisions d
            where d.idea_id = x.id and d.original_id = i.id)
        order by ${text('i')} <-> ${text('x')}
        limit ${band.k}
      ) n
      where x.id = any(${sql.param([...ideaIds])}::int[]) and x.brainstorm_id = ${brainstormId}
        and x.duplicate_of is null
        and n.score >= ${band.lower} and n.score < ${band.upper}`),
  );
}
