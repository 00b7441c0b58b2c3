import { sql, type SQL } from 'drizzle-orm';
import { embeddingThresholds, type DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { trigramMatchThreshold } from '../../db/session-settings.js';
import { perObject, Turns } from '../../lib/turns.js';

/** A text an idea is compared by, with its embedding when it has one. */
export interface Comparable {
  title: string;
  summary: string;
  embedding?: { model: string; vector: number[] } | undefined;
}

/**
 * The lexical similarity of two ideas, 0–1, from pg_trgm: the share of trigrams (of words,
 * lowercased, punctuation left out) that the two texts have in common. Word order, case and
 * punctuation do not change it; a reworded word changes only its own trigrams.
 */
export const lexicalSimilarity = (
  a: { title: SQL | string; summary: SQL | string },
  b: { title: SQL | string; summary: SQL | string },
) => sql`similarity(${a.title} || ' ' || ${a.summary}, ${b.title} || ' ' || ${b.summary})`;

/** The cosine similarity of two vectors of one length, in SQL. */
export const cosine = (a: SQL, b: SQL) =>
  sql`(select sum(x * y) / nullif(sqrt(sum(x * x)) * sqrt(sum(y * y)), 0)
       from unnest(${a}, ${b}) as v(x, y))`;

/** The original a candidate would be stacked on, and how alike the two are. */
export interface Match {
  /** Which candidate (its index in the list given). */
  candidate: number;
  /** The idea it is closest to, stacked or not, and that idea's original (itself if unstacked). */
  closest: number | null;
  original: number | null;
  /** The highest similarity found, 0 when the brainstorm has nothing alike. */
  score: number;
  /** Whether that similarity reaches a threshold: the candidate would be stacked. */
  duplicate: boolean;
}

/**
 * How exact a comparison's closest idea and score must be. 'stacking': exact wherever they reach
 * a threshold, which is all that stacking reads; below, the best of the semantic nearest, or
 * none with a score of 0. Found through the trigram index's `%` at the lexical threshold, whose
 * cost follows the ideas that share enough trigrams with the candidate rather than the
 * brainstorm's size (decision 040). 'all': every score exact, as choosing the least alike of a
 * call's several candidates needs, through the nearest by distance.
 */
export type Exactness = 'stacking' | 'all';

/** Ideas a comparison leaves out. */
export interface Exclusions {
  /** The idea already stored, when re-checking one: it and the originals a person said it does
   * not repeat are left out. */
  decidedFor?: number;
  /** Ideas left out with everything stacked under them: a combined idea's sources. */
  stacks?: readonly number[];
}

/** The text an idea is compared by: the GiST index on it (migration 0021) finds the nearest. */
export const comparedText = (alias: SQL) => sql`(${alias}.title || ' ' || ${alias}.summary)`;

/**
 * How many of the lexically nearest ideas each candidate reads from the index. More than one, so
 * that ties at the top are resolved as the full comparison resolves them (the earliest idea);
 * a candidate whose nearest all tie is compared with every idea instead.
 */
const NEAREST = 8;

interface Row {
  candidate: string | number;
  closest: number | null;
  original: number | null;
  lexical: number | null;
  semantic: number | null;
  tied: boolean | null;
}

/**
 * For each candidate, the idea of the brainstorm it is most like, by the greater of its lexical
 * and (same model) semantic similarity, the earliest of equals, leaving out what `excluding`
 * names. Call it inside a transaction that holds the brainstorm's lock (`lockBrainstorm`), so
 * every idea stored before is seen, parallel slots' included, and none is stored meanwhile.
 *
 * The lexical candidates come from the index, in order of distance (1 − similarity) or, where
 * only stacking needs to be exact, all those at the lexical threshold or above; the semantic one
 * from the vectors of the same model. The most alike of these is the most alike of all: an idea
 * whose greater similarity is the highest has the highest lexical or the highest semantic
 * similarity of the brainstorm (decision 039).
 */
export async function closestIdeas(
  db: Db,
  brainstormId: number,
  candidates: Comparable[],
  thresholds: DuplicateThresholds,
  excluding: Exclusions = {},
  exactness: Exactness = 'all',
): Promise<Match[]> {
  if (exactness === 'stacking') {
    // A threshold above 1 (the lexical check off) finds only the same text, which cannot stack
    // lexically either.
    const rows = await compare(db, brainstormId, candidates, excluding, {
      above: trigramMatchThreshold(thresholds.lexical),
    });
    return rows.map((row) => toMatch(row, thresholds, candidates));
  }
  const rows = await compare(db, brainstormId, candidates, excluding, 'index');
  const tied = rows.flatMap((row) => {
    const candidate = candidates[Number(row.candidate)];
    return row.tied && candidate ? [{ row, candidate }] : [];
  });
  if (tied.length > 0) {
    const scanned = await compare(
      db,
      brainstormId,
      tied.map(({ candidate }) => candidate),
      excluding,
      'scan',
    );
    for (const [i, { row }] of tied.entries()) {
      const again = scanned[i];
      if (again) Object.assign(row, { ...again, candidate: row.candidate });
    }
  }
  return rows.map((row) => toMatch(row, thresholds, candidates));
}

/**
 * For each candidate, the idea most like it among those stored after `after` (by id), with every
 * idea of the brainstorm compared as `closestIdeas` compares them: what an earlier comparison
 * could not have seen (`early-comparison.ts`). Ids are given under the brainstorm's lock, so
 * they grow with each idea stored in it.
 */
export async function closestAmongNewer(
  db: Db,
  brainstormId: number,
  candidates: Comparable[],
  after: number,
  thresholds: DuplicateThresholds,
  excluding: Exclusions = {},
): Promise<Match[]> {
  const rows = await compare(db, brainstormId, candidates, { ...excluding, after }, 'scan');
  return rows.map((row) => toMatch(row, thresholds, candidates));
}

/**
 * `closestIdeas` without the index: every idea of the brainstorm compared with each candidate.
 * What the index must reproduce, and what a candidate whose nearest all tie falls back on.
 */
export async function closestIdeasByScan(
  db: Db,
  brainstormId: number,
  candidates: Comparable[],
  thresholds: DuplicateThresholds,
  excluding: Exclusions = {},
): Promise<Match[]> {
  const rows = await compare(db, brainstormId, candidates, excluding, 'scan');
  return rows.map((row) => toMatch(row, thresholds, candidates));
}

/**
 * A comparison's row as a match: a duplicate when its lexical similarity reaches the threshold,
 * unless the two ideas' embeddings say they differ (their cosine below the model's veto), or
 * when their cosine reaches the model's own threshold.
 */
function toMatch(row: Row, thresholds: DuplicateThresholds, candidates: Comparable[]): Match {
  const lexicalScore = row.lexical ?? 0;
  const semanticScore = row.semantic ?? 0;
  const model = candidates[Number(row.candidate)]?.embedding?.model;
  const bounds = model === undefined ? null : embeddingThresholds(thresholds, model);
  const vetoed = row.semantic !== null && bounds?.veto != null && semanticScore < bounds.veto;
  return {
    candidate: Number(row.candidate),
    closest: row.closest,
    original: row.original,
    score: Math.max(lexicalScore, semanticScore),
    duplicate:
      row.closest !== null &&
      ((lexicalScore >= thresholds.lexical && !vetoed) ||
        (row.semantic !== null && bounds !== null && semanticScore >= bounds.stack)),
  };
}

/**
 * The comparison itself: through the index, or (`scan`) with every idea of the brainstorm, which
 * is what the index reproduces and what a candidate whose nearest all tie falls back on.
 */
async function compare(
  db: Db,
  brainstormId: number,
  candidates: Comparable[],
  { decidedFor, stacks = [], after }: Exclusions & { after?: number },
  how: 'index' | 'scan' | { above: number },
): Promise<Row[]> {
  const texts = candidates.map((c) => ({
    title: c.title,
    summary: c.summary,
    model: c.embedding?.model ?? null,
    vector: c.embedding?.vector ?? null,
  }));
  const lexical = lexicalSimilarity(
    { title: sql`i.title`, summary: sql`i.summary` },
    { title: sql`c.title`, summary: sql`c.summary` },
  );
  const semantic = sql`case when e.model = c.model
    then ${cosine(sql`e.embedding`, sql`c.vector`)} end`;
  const declined =
    decidedFor === undefined
      ? sql`false`
      : sql`exists (select 1 from idea_duplicate_decisions d
          where d.idea_id = ${decidedFor} and d.original_id = coalesce(i.duplicate_of, i.id)
            and not d.is_duplicate)`;
  const comparable = sql`i.brainstorm_id = ${brainstormId}
    ${decidedFor === undefined ? sql`` : sql`and i.id <> ${decidedFor}`}
    ${after === undefined ? sql`` : sql`and i.id > ${after}`}
    ${stackCondition(stacks)}
    and not ${declined}`;
  // A scan reads the ideas to compare once, not once per candidate.
  const scanned = sql`with pool as materialized (
      select coalesce(array_agg(i.id), '{}') as ids from ideas i where ${comparable})`;
  const chosen =
    how === 'scan'
      ? sql`i.id = any((select ids from pool)::int[])`
      : sql`i.id = any(coalesce(near.ids, '{}') || coalesce(same.ids, '{}'))`;
  const nearest =
    typeof how === 'object'
      ? sql`select array_agg(i.id) as ids, false as tied from ideas i
          where ${comparable} and ${comparedText(sql`i`)} % ${comparedText(sql`c`)}`
      : sql`select array_agg(n.id) as ids, count(*) = ${NEAREST} and min(n.d) = max(n.d) as tied
          from (select i.id, ${comparedText(sql`i`)} <-> ${comparedText(sql`c`)} as d
            from ideas i where ${comparable}
            order by d limit ${NEAREST}) n`;
  const pools =
    how === 'scan'
      ? sql``
      : sql`left join lateral (${nearest}) near on true
        left join lateral (
          select array[i.id] as ids from ideas i join idea_embeddings e on e.idea_id = i.id
          where c.model is not null and e.model = c.model and ${comparable}
          order by ${cosine(sql`e.embedding`, sql`c.vector`)} desc nulls last, i.id
          limit 1
        ) same on true`;
  const statement = sql`${how === 'scan' ? scanned : sql``}
      select c.n - 1 as candidate, best.id as closest, best.original, best.lexical,
        best.semantic, ${how === 'scan' ? sql`false` : sql`coalesce(near.tied, false)`} as tied,
        current_setting('pg_trgm.similarity_threshold')::float8 as floor
      from rows from (jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
          as (title text, summary text, model text, vector real[]))
        with ordinality as c(title, summary, model, vector, n)
      ${pools}
      left join lateral (
        select i.id, coalesce(i.duplicate_of, i.id) as original,
          ${lexical} as lexical, ${semantic} as semantic
        from ideas i left join idea_embeddings e on e.idea_id = i.id
        where ${chosen}
        order by greatest(${lexical}, coalesce(${semantic}, 0)) desc, i.id
        limit 1
      ) as best on true
      order by c.n`;
  const rows = rowsOf<Row & { floor: number }>(await db.execute(statement));
  // `%` matches at the session's threshold (`TRIGRAM_MATCH_FLOOR`); where that is above the one
  // asked for, the search is made again with it set for a transaction.
  if (typeof how !== 'object' || rows.every((row) => row.floor <= how.above)) return rows;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(how.above)}, true)`,
    );
    return rowsOf<Row & { floor: number }>(await tx.execute(statement));
  });
}

/** Leaves out the given ideas and the ideas stacked under them. */
function stackCondition(stacks: readonly number[]): SQL {
  if (stacks.length === 0) return sql``;
  const list = sql.raw(stacks.map(Number).join(','));
  return sql`and coalesce(i.duplicate_of, i.id) not in (${list}) and i.id not in (${list})`;
}

/**
 * The candidate to keep: the one least like what the brainstorm holds (maximal marginal
 * relevance with a single pick), the first of equals.
 */
export function leastAlike(matches: Match[]): Match {
  const [first, ...rest] = matches;
  if (!first) throw new Error('no candidates to choose from');
  return rest.reduce((best, match) => (match.score < best.score ? match : best), first);
}

/** For each database, the brainstorms this process is writing ideas to. */
const writeTurnsOf = perObject(() => new Turns<number>());

/**
 * Runs `write`, a transaction that takes the brainstorm's lock, once this process's earlier
 * writes under the brainstorm have ended. Writes that would queue on the lock queue here
 * instead, without holding a connection each: a generation's slots that answer together would
 * otherwise take every connection of the pool to wait on the lock, and every other request,
 * health checks included, would wait for one (decision 040). Other processes still queue on
 * the lock itself.
 */
export function inWriteTurn<T>(db: Db, brainstormId: number, write: () => Promise<T>): Promise<T> {
  return writeTurnsOf(db).take(brainstormId, write);
}

/** Locks a brainstorm's row against new ideas until the transaction ends; false when it is gone. */
export async function lockBrainstorm(db: Db, brainstormId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`select id from brainstorms where id = ${brainstormId} for no key update`),
  );
  return rows.length > 0;
}

/** The two ideas a stacking change concerns, locked, as they are now. */
interface StackRow {
  id: number;
  brainstormId: number;
  duplicateOf: number | null;
}

/**
 * Locks, in the order every write under a brainstorm takes them (decision 017), the brainstorm
 * and then the given ideas by id; returns the ideas found, by id.
 */
export async function lockIdeas(db: Db, brainstormId: number, ids: number[]) {
  if (!(await lockBrainstorm(db, brainstormId))) return new Map<number, StackRow>();
  const rows = rowsOf<StackRow>(
    await db.execute(sql`select id, brainstorm_id as "brainstormId", duplicate_of as "duplicateOf"
      from ideas where id = any(${sql.param(ids)}::int[]) order by id for update`),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The brainstorm an idea is in, or null when there is no such idea. */
export async function brainstormOfIdea(db: Db, id: number): Promise<number | null> {
  const [row] = rowsOf<{ brainstormId: number }>(
    await db.execute(sql`select brainstorm_id as "brainstormId" from ideas where id = ${id}`),
  );
  return row?.brainstormId ?? null;
}

/**
 * Records what a person decided about an idea and an original; the latest decision counts, and
 * a person's replaces a model's.
 */
async function decide(
  db: Db,
  ideaId: number,
  originalId: number,
  isDuplicate: boolean,
  by: number,
) {
  await db.execute(sql`insert into idea_duplicate_decisions
      (idea_id, original_id, is_duplicate, decided_by)
    values (${ideaId}, ${originalId}, ${isDuplicate}, ${by})
    on conflict (idea_id, original_id) do update
    set is_duplicate = excluded.is_duplicate, decided_by = excluded.decided_by,
      decided_by_model = null, reason = null, created = now()`);
}

/** The stacking columns of an idea that stands alone, or that only the detector stacked. */
const NOT_STACKED_BY_ANYONE = sql`stacked_by = null, stacked_by_model = null, stack_reason = null`;

/**
 * Takes a stacked idea out from under its original, for good: the detector never stacks it on
 * that original again. Call with the idea and brainstorm locked (`lockIdeas`).
 */
export async function unstack(db: Db, idea: StackRow, by: number) {
  if (idea.duplicateOf === null) return;
  await decide(db, idea.id, idea.duplicateOf, false, by);
  await db.execute(sql`update ideas
    set duplicate_of = null, duplicate_score = null, ${NOT_STACKED_BY_ANYONE}
    where id = ${idea.id}`);
}

/**
 * Stacks an idea under `root` by hand, with what was stacked under it: a stack has one level, so
 * its ideas move to `root` too. Call with both ideas and the brainstorm locked (`lockIdeas`).
 */
export async function stackUnder(db: Db, idea: StackRow, root: number, by: number) {
  await decide(db, idea.id, root, true, by);
  await db.execute(sql`update ideas set duplicate_of = ${root}
    where duplicate_of = ${idea.id} and id <> ${root}`);
  await db.execute(sql`update ideas set duplicate_of = null, duplicate_score = null,
      ${NOT_STACKED_BY_ANYONE}
    where id = ${root} and duplicate_of is not null`);
  await db.execute(sql`update ideas
    set duplicate_of = ${root}, duplicate_score = null, stacked_by = ${by},
      stacked_by_model = null, stack_reason = null
    where id = ${idea.id}`);
}

/**
 * Before an original goes, the earliest idea stacked under it takes its place and the others
 * stack under that one, unless a person said one does not repeat it: that one stands alone.
 * Call with the brainstorm locked.
 */
export async function promoteStack(db: Db, originalId: number) {
  const [heir] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ideas where duplicate_of = ${originalId}
      order by created, id limit 1 for update`),
  );
  if (!heir) return;
  await db.execute(sql`update ideas set duplicate_of = null, duplicate_score = null,
      ${NOT_STACKED_BY_ANYONE}
    where id = ${heir.id}`);
  await db.execute(sql`update ideas set duplicate_of = null, duplicate_score = null,
      ${NOT_STACKED_BY_ANYONE}
    where duplicate_of = ${originalId} and exists (select 1 from idea_duplicate_decisions d
      where d.idea_id = ideas.id and d.original_id = ${heir.id} and not d.is_duplicate)`);
  await db.execute(sql`update ideas set duplicate_of = ${heir.id}
    where duplicate_of = ${originalId}`);
}

/** What a language model judged of one pair: whether `idea` repeats `original`, and why. */
export interface ModelVerdict {
  idea: number;
  original: number;
  same: boolean;
  /** One line, for the people who read the stack. */
  reason: string;
}

/**
 * Keeps a model's verdicts on pairs of one brainstorm as decisions, and stacks each idea judged
 * to repeat an earlier one under that one's original (its first such verdict), as a person's
 * 'Mark as duplicate' would, with the model and its reason on the idea. A pair decided already
 * (by a person meanwhile, or by an earlier run of the same job) keeps its decision and stacks
 * nothing, and an idea stacked meanwhile stays where it is. Returns how many ideas it stacked.
 */
export async function keepModelVerdicts(
  db: Db,
  brainstormId: number,
  model: string,
  verdicts: readonly ModelVerdict[],
): Promise<number> {
  if (verdicts.length === 0) return 0;
  return db.transaction(async (tx) => {
    const ids = [...new Set(verdicts.flatMap((v) => [v.idea, v.original]))];
    const locked = await lockIdeas(tx, brainstormId, ids);
    const known = verdicts.filter((v) => locked.has(v.idea) && locked.has(v.original));
    if (known.length === 0) return 0;
    const decided = rowsOf<{ idea: number; original: number }>(
      await tx.execute(sql`insert into idea_duplicate_decisions
          (idea_id, original_id, is_duplicate, decided_by_model, reason)
        select v.idea, v.original, v.same, ${model}, v.reason
        from jsonb_to_recordset(${JSON.stringify(known)}::jsonb)
          as v(idea int, original int, same boolean, reason text)
        on conflict (idea_id, original_id) do nothing
        returning idea_id as idea, original_id as original`),
    );
    const isNew = new Set(decided.map((row) => `${row.idea}:${row.original}`));
    let stacked = 0;
    const done = new Set<number>();
    for (const verdict of known) {
      if (!verdict.same || done.has(verdict.idea)) continue;
      if (!isNew.has(`${verdict.idea}:${verdict.original}`)) continue;
      done.add(verdict.idea);
      if (await stackByModel(tx, verdict, model)) stacked += 1;
    }
    return stacked;
  });
}

/**
 * Stacks one idea under the original of the idea a model said it repeats, with what was stacked
 * under it, when it still stands alone; reads both as they are now, since an earlier verdict of
 * the same transaction may have moved a stack.
 */
async function stackByModel(tx: Db, verdict: ModelVerdict, model: string): Promise<boolean> {
  const rows = rowsOf<{ id: number; root: number; stacked: boolean }>(
    await tx.execute(sql`select id, coalesce(duplicate_of, id) as root,
        duplicate_of is not null as stacked
      from ideas where id in (${verdict.idea}, ${verdict.original})`),
  );
  const idea = rows.find((row) => row.id === verdict.idea);
  const root = rows.find((row) => row.id === verdict.original)?.root;
  if (!idea || idea.stacked || root === undefined || root === idea.id) return false;
  await tx.execute(sql`update ideas set duplicate_of = ${root}
    where duplicate_of = ${idea.id} and id <> ${root}`);
  await tx.execute(sql`update ideas
    set duplicate_of = ${root}, duplicate_score = null, stacked_by = null,
      stacked_by_model = ${model}, stack_reason = ${verdict.reason}
    where id = ${idea.id}`);
  return true;
}
