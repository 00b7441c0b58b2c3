import { sql } from 'drizzle-orm';
import type { DuplicateThresholds } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { Limiter, perObject } from '../../lib/turns.js';
import {
  closestAmongNewer,
  closestIdeas,
  type Comparable,
  type Exactness,
  type Exclusions,
  type Match,
} from './near-duplicates.js';

/**
 * Near-duplicates are found before the brainstorm's lock is taken, and brought up to date under
 * it (decision 039): the lock, which every write under the brainstorm waits for, is then held
 * for the ideas stored meanwhile, not for a comparison with every idea.
 */
export interface EarlyComparison {
  matches: Match[];
  /** The newest idea of the brainstorm before the comparison: later ones are compared again. */
  seenUpTo: number;
  /** How exact its scores are, and those brought up to date (`Exactness`). */
  exactness: Exactness;
}

/**
 * Two cores' worth on PostgreSQL. On the embedded database, which runs one statement at a time,
 * what a request that arrives meanwhile waits behind: at most these, not every slot's of a
 * generation of 50 that answered together (decision 040).
 */
const COMPARISONS_AT_ONCE = 2;

/** For each database, the early comparisons it runs at once, whoever asked for them. */
const limiterOf = perObject(() => new Limiter(COMPARISONS_AT_ONCE));

/**
 * Compares candidates with the brainstorm as it is, outside any lock, `chunk` candidates per
 * statement so that none holds the database for long, and up to `parallel` statements at once,
 * within the database's limit on comparisons at once.
 */
export async function compareEarly(
  db: Db,
  brainstormId: number,
  candidates: Comparable[],
  thresholds: DuplicateThresholds,
  {
    excluding = {},
    chunk = candidates.length,
    parallel = 1,
    exactness = 'stacking',
  }: { excluding?: Exclusions; chunk?: number; parallel?: number; exactness?: Exactness } = {},
): Promise<EarlyComparison> {
  const [newest] = rowsOf<{ id: number | null }>(
    await db.execute(sql`select max(id) as id from ideas where brainstorm_id = ${brainstormId}`),
  );
  const size = Math.max(1, chunk);
  const starts = Array.from({ length: Math.ceil(candidates.length / size) }, (_, i) => i * size);
  const found: Match[][] = [];
  let next = 0;
  const compareNext = async (): Promise<void> => {
    for (let part = next++; part < starts.length; part = next++) {
      const from = starts[part] ?? 0;
      const matches = await limiterOf(db).run(() =>
        closestIdeas(
          db,
          brainstormId,
          candidates.slice(from, from + size),
          thresholds,
          excluding,
          exactness,
        ),
      );
      found[part] = matches.map((match) => ({ ...match, candidate: match.candidate + from }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, starts.length) }, compareNext));
  return { matches: found.flat(), seenUpTo: newest?.id ?? 0, exactness };
}

/** The better of two matches: the more alike, the earlier idea of equals (as one comparison). */
function better(a: Match, b: Match): Match {
  if (b.closest === null) return a;
  if (a.closest === null) return b;
  if (b.score !== a.score) return b.score > a.score ? b : a;
  return b.closest < a.closest ? b : a;
}

/**
 * Under the brainstorm's lock: the early comparison brought up to date, as if it were made now.
 * The ideas stored since are compared; an idea found early that has gone since has its
 * candidate compared again; and each original is read as it is now (a stack may have moved).
 * Ideas are stored under the lock only, so those stored since have the greater ids.
 */
export async function compareSince(
  tx: Db,
  brainstormId: number,
  candidates: Comparable[],
  early: EarlyComparison,
  thresholds: DuplicateThresholds,
  excluding: Exclusions = {},
): Promise<Match[]> {
  const found = early.matches.flatMap((m) => (m.closest === null ? [] : [m.closest]));
  const originals = new Map(
    found.length === 0
      ? []
      : rowsOf<{ id: number; original: number }>(
          await tx.execute(sql`select id, coalesce(duplicate_of, id) as original from ideas
            where id = any(${sql.param(found)}::int[]) and brainstorm_id = ${brainstormId}`),
        ).map((row) => [row.id, row.original]),
  );
  const gone = early.matches.flatMap((m) => {
    const candidate = candidates[m.candidate];
    return m.closest !== null && !originals.has(m.closest) && candidate
      ? [{ index: m.candidate, candidate }]
      : [];
  });
  const again = new Map(
    gone.length === 0
      ? []
      : (
          await closestIdeas(
            tx,
            brainstormId,
            gone.map(({ candidate }) => candidate),
            thresholds,
            excluding,
            early.exactness,
          )
        ).map((match, i) => [gone[i]?.index, match]),
  );
  const newer = await closestAmongNewer(
    tx,
    brainstormId,
    candidates,
    early.seenUpTo,
    thresholds,
    excluding,
  );
  return early.matches.map((match, i) => {
    const now =
      again.get(match.candidate) ??
      (match.closest === null
        ? match
        : { ...match, original: originals.get(match.closest) ?? match.original });
    const since = newer[i];
    return { ...(since ? better(now, since) : now), candidate: match.candidate };
  });
}
