import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { lexicalSimilarity } from './near-duplicates.js';

/*
 * How well the near-duplicate detector tells rewordings from different ideas, on hand-labelled
 * pairs (near-duplicate-pairs.json), scored by the database with the product's own SQL. For the
 * detector's test and `npm run bench -- quality` (decision 025).
 */

const ideaText = z.object({ title: z.string().min(1), summary: z.string().min(1) });

const labelledPair = z.object({
  a: ideaText,
  b: ideaText,
  duplicate: z.boolean(),
  /** How b differs from a: the kind of rewording, or of near-miss. */
  kind: z.string().min(1),
});

export type LabelledPair = z.infer<typeof labelledPair>;

/** The labelled pairs, read when asked for: the built server never needs them. */
export function loadLabelledPairs(): LabelledPair[] {
  const file = new URL('./near-duplicate-pairs.json', import.meta.url);
  return z.array(labelledPair).parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The kinds of the held-out pairs. Duplicates: a rewording (mostly the same words), a paraphrase
 * (the same idea in mostly other words), a length pair (the same idea, one told at two or three
 * times the length). Different ideas: a near-miss (same topic, another idea), a one-word swap
 * (the same words but for one that makes it another idea: bike repair, bike rental).
 */
export const HELD_OUT_KINDS = [
  'rewording',
  'paraphrase',
  'length',
  'near-miss',
  'one-word-swap',
] as const;

const DUPLICATE_KINDS: ReadonlySet<string> = new Set(['rewording', 'paraphrase', 'length']);

const heldOutPair = labelledPair
  .extend({ topic: z.string().min(1), kind: z.enum(HELD_OUT_KINDS) })
  .refine((pair) => pair.duplicate === DUPLICATE_KINDS.has(pair.kind), {
    message: 'a pair is a duplicate exactly when its kind is one',
  });

export type HeldOutPair = z.infer<typeof heldOutPair>;

/**
 * The held-out pairs (near-duplicate-pairs-held-out.json): written apart from the first set, over
 * topics it does not use, to report on and never to choose thresholds with (issue 38).
 */
export function loadHeldOutPairs(): HeldOutPair[] {
  const file = new URL('./near-duplicate-pairs-held-out.json', import.meta.url);
  return z.array(heldOutPair).parse(JSON.parse(readFileSync(file, 'utf8')));
}

export interface ScoredPair extends LabelledPair {
  /** The lexical similarity the detector sees between a and b, 0–1. */
  score: number;
}

/**
 * The pairs as rows `p` of a statement (`p.a_title`, `p.a_summary`, `p.b_title`, `p.b_summary`,
 * and `p.n` for their order), for scores computed by the database.
 */
export function pairRows(pairs: readonly LabelledPair[]) {
  const texts = pairs.map(({ a, b }) => ({
    a_title: a.title,
    a_summary: a.summary,
    b_title: b.title,
    b_summary: b.summary,
  }));
  return sql`rows from (jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
      as (a_title text, a_summary text, b_title text, b_summary text))
    with ordinality as p(a_title, a_summary, b_title, b_summary, n)`;
}

/** Every pair's lexical similarity, in one statement on the given database. */
export async function scorePairs(db: Db, pairs: LabelledPair[]): Promise<ScoredPair[]> {
  const similarity = lexicalSimilarity(
    { title: sql`p.a_title`, summary: sql`p.a_summary` },
    { title: sql`p.b_title`, summary: sql`p.b_summary` },
  );
  const rows = rowsOf<{ score: number | string }>(
    await db.execute(sql`
      select (${similarity})::float8 as score from ${pairRows(pairs)} order by p.n`),
  );
  return pairs.map((pair, index) => ({ ...pair, score: Number(rows[index]?.score ?? 0) }));
}

export interface Accuracy {
  threshold: number;
  /** Of the pairs the detector would stack, the share that are duplicates (1 when none). */
  precision: number;
  /** Of the duplicates, the share the detector would stack. */
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** Precision and recall when a score at or above `threshold` stacks, as the detector does. */
export function accuracyAt(scored: ScoredPair[], threshold: number): Accuracy {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const pair of scored) {
    const stacked = pair.score >= threshold;
    if (stacked && pair.duplicate) truePositives += 1;
    else if (stacked) falsePositives += 1;
    else if (pair.duplicate) falseNegatives += 1;
  }
  const flagged = truePositives + falsePositives;
  const duplicates = truePositives + falseNegatives;
  return {
    threshold,
    precision: flagged === 0 ? 1 : truePositives / flagged,
    recall: duplicates === 0 ? 1 : truePositives / duplicates,
    truePositives,
    falsePositives,
    falseNegatives,
  };
}

/** Precision and recall at each threshold from `from` to `to` by `step` (0.30 to 0.70 by 0.05). */
export function accuracyOver(scored: ScoredPair[], from = 0.3, to = 0.7, step = 0.05): Accuracy[] {
  const steps = Math.round((to - from) / step);
  return Array.from({ length: steps + 1 }, (_, i) =>
    accuracyAt(scored, Math.round((from + i * step) * 100) / 100),
  );
}
