import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { comparedText, cosine, lexicalSimilarity } from './near-duplicates.js';

/*
 * The pairs a language model is asked about (issue 38): for an idea that the detector left
 * standing, the earlier ideas it is nearest to whose similarity falls short of stacking but is
 * not negligible. A paraphrase says the same in other words, so its similarity lies below the
 * threshold; a model tells it from an idea that only shares the topic.
 */

/** How many of an idea's nearest the judge may see, and the band they must fall in. */
export interface CandidateBand {
  /** The most candidates per idea by each measure: its k nearest by lexical similarity, and,
   * where it has an embedding, its k nearest by meaning. */
  k: number;
  /** The lowest lexical similarity a candidate may have, 0–1. */
  lower: number;
  /** Candidates must score below this: at it or above, the detector stacks by itself. */
  upper: number;
  /** The same bounds for the cosine of two embeddings by one model; the upper one is the
   * model's stacking threshold. */
  semanticLower: number;
  semanticUpper: (model: string) => number;
}

/**
 * The band the judge reads, below the stacking thresholds. The lexical bounds were chosen on the
 * first labelled set (`near-duplicate-pairs.json`) and are reported on the held-out one (README,
 * Quality). The semantic lower bound could not be measured here, where no embedding model runs:
 * 0.5 leaves out what text embeddings commonly score for ideas that only share a topic, and the
 * k nearest bound the cost whatever a model's scale.
 */
export const JUDGE_BAND: Omit<CandidateBand, 'upper' | 'semanticUpper'> = {
  k: 3,
  lower: 0.1,
  semanticLower: 0.5,
};

/** One pair for the judge: an idea and an earlier original it may repeat. */
export interface CandidatePair {
  idea: number;
  original: number;
  /** Their lexical similarity, 0–1. */
  score: number;
  /** The cosine of their embeddings, when both have one by the same model. */
  semantic: number | null;
}

/** Ideas whose candidates one statement looks for. */
const IDEAS_PER_STATEMENT = 10;

/**
 * How many of the lexically nearest one statement reads, at least: more than k, so that ties at
 * the k-th place are broken by the earlier idea, as the near-duplicate check breaks them, rather
 * than by where the index happens to find them.
 */
const NEAREST_READ = 8;

/**
 * For each idea named (of the brainstorm, standing alone), its `k` nearest earlier originals by
 * lexical similarity, through the GiST index's `<->` order (migration 0021; a second key would
 * make the database sort every earlier idea instead), kept where the similarity lies in the
 * band; and, where the idea has an embedding, its `k` nearest earlier originals by meaning whose
 * cosine lies in the semantic band. Those read every embedding of the brainstorm by the same
 * model, as the near-duplicate check does. Pairs anyone has decided already, a person or the
 * model, are left out. In order of idea, then similarity (the most alike first), then the
 * earlier original.
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
    found.push(...inBand(await nearest(db, brainstormId, part, band), band));
  }
  return found.sort((x, y) => x.idea - y.idea || y.score - x.score || x.original - y.original);
}

interface NearestRow extends CandidatePair {
  /** Which search found it: the lexical nearest, or the nearest by meaning. */
  by: 'lexical' | 'semantic';
  /** The idea's embedding model, when it has an embedding. */
  model: string | null;
}

/** Each idea's k nearest by each measure, kept where they lie in the band, once per original. */
function inBand(rows: NearestRow[], band: CandidateBand): CandidatePair[] {
  const byIdea = new Map<number, NearestRow[]>();
  for (const row of rows) byIdea.set(row.idea, [...(byIdea.get(row.idea) ?? []), row]);
  return [...byIdea.values()].flatMap((own) => {
    const lexical = own
      .filter((row) => row.by === 'lexical')
      .sort((x, y) => y.score - x.score || x.original - y.original)
      .slice(0, band.k)
      .filter((row) => row.score >= band.lower && row.score < band.upper);
    const semantic = own.filter(
      (row) =>
        row.by === 'semantic' &&
        row.semantic !== null &&
        row.semantic >= band.semanticLower &&
        row.model !== null &&
        row.semantic < band.semanticUpper(row.model) &&
        row.score < band.upper,
    );
    const kept = new Map<number, CandidatePair>();
    for (const row of [...lexical, ...semantic]) {
      const { idea, original, score } = row;
      if (!kept.has(original))
        kept.set(original, { idea, original, score, semantic: row.semantic });
    }
    return [...kept.values()];
  });
}

/** The nearest earlier originals of a few ideas by each measure, in one statement. */
async function nearest(
  db: Db,
  brainstormId: number,
  ideaIds: readonly number[],
  band: CandidateBand,
): Promise<NearestRow[]> {
  // The text the GiST index is on, so that `<->` reads it (migration 0021).
  const text = (alias: string) => comparedText(sql.raw(alias));
  const score = lexicalSimilarity(
    { title: sql`i.title`, summary: sql`i.summary` },
    { title: sql`x.title`, summary: sql`x.summary` },
  );
  const earlierOriginal = sql`i.brainstorm_id = x.brainstorm_id and i.id < x.id
    and i.duplicate_of is null
    and not exists (select 1 from idea_duplicate_decisions d
      where d.idea_id = x.id and d.original_id = i.id)`;
  const semantic = cosine(sql`e.embedding`, sql`xe.embedding`);
  return rowsOf<NearestRow>(
    await db.execute(sql`
      select x.id as idea, n.original, n.score, n.semantic, n.by, xe.model
      from ideas x
      left join idea_embeddings xe on xe.idea_id = x.id
      cross join lateral (
        (select i.id as original, ${score} as score,
          null::float8 as semantic, 'lexical' as by
        from ideas i
        where ${earlierOriginal}
        order by ${text('i')} <-> ${text('x')}
        limit ${Math.max(band.k, NEAREST_READ)})
        union all
        (select i.id, ${score}, ${semantic}, 'semantic'
        from ideas i join idea_embeddings e on e.idea_id = i.id and e.model = xe.model
        where xe.model is not null and ${earlierOriginal}
        order by ${semantic} desc nulls last, i.id
        limit ${band.k})
      ) n
      where x.id = any(${sql.param([...ideaIds])}::int[]) and x.brainstorm_id = ${brainstormId}
        and x.duplicate_of is null`),
  );
}
