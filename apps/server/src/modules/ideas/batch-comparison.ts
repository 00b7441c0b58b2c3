import { sql } from 'drizzle-orm';
import type { DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { lexicalSimilarity, type Comparable, type Match } from './near-duplicates.js';

/*
 * Ideas stored together (an import) are compared with the brainstorm and with each other, as if
 * each were stored after the ones before it: stacked under the idea or the earlier row it is
 * most like, when that nearly repeats it (decisions 025 and 035).
 */

/** For a row of a batch, the earlier row it is most like (the first of equals), and how alike. */
export interface EarlierMatch {
  earlier: number | null;
  score: number;
}

/**
 * Each row's closest earlier row, lexically, `chunk` rows per statement: a row is compared with
 * every row before it, so a statement compares at most `chunk` × the batch's length pairs.
 */
export async function closestEarlierRows(
  db: Db,
  rows: Comparable[],
  chunk: number,
): Promise<EarlierMatch[]> {
  const similarity = lexicalSimilarity(
    { title: sql`e.title`, summary: sql`e.summary` },
    { title: sql`c.title`, summary: sql`c.summary` },
  );
  const found: EarlierMatch[] = [];
  for (let from = 0; from < rows.length; from += chunk) {
    const texts = rows.slice(0, from + chunk).map(({ title, summary }) => ({ title, summary }));
    // Ordinals are bigints, which the PostgreSQL driver gives as text.
    const part = rowsOf<{ earlier: string | number | null; score: number | null }>(
      await db.execute(sql`
        with r as (
          select * from rows from (jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
            as (title text, summary text)) with ordinality as r(title, summary, n)
        )
        select best.n - 1 as earlier, best.score
        from r c
        left join lateral (
          select e.n, ${similarity} as score from r e
          where e.n < c.n
          order by score desc, e.n
          limit 1
        ) best on true
        where c.n > ${from}
        order by c.n`),
    );
    found.push(
      ...part.map((row) => ({
        earlier: row.earlier === null ? null : Number(row.earlier),
        score: row.score ?? 0,
      })),
    );
  }
  return found;
}

/** Where a row of a batch goes: under an idea already stored, under an earlier row, or alone. */
export type Placement =
  { under: { idea: number } | { row: number }; score: number } | { under: null; score: null };

/**
 * Each row's place, given how it compares with the brainstorm (`matches`, brought up to date
 * under the lock) and with the rows before it. An idea of the brainstorm wins a tie, being the
 * earlier; a row stacked under an earlier row joins that row's stack, which has one level.
 */
export function placeRows(
  matches: Match[],
  earlier: EarlierMatch[],
  thresholds: DuplicateThresholds,
): Placement[] {
  const placed: Placement[] = [];
  for (const [i, match] of matches.entries()) {
    const row = earlier[i];
    if (row && row.earlier !== null && row.score > match.score) {
      const root = placed[row.earlier];
      placed.push(
        row.score < thresholds.lexical
          ? { under: null, score: null }
          : { under: root?.under ?? { row: row.earlier }, score: row.score },
      );
    } else if (match.duplicate && match.original !== null) {
      placed.push({ under: { idea: match.original }, score: match.score });
    } else {
      placed.push({ under: null, score: null });
    }
  }
  return placed;
}
