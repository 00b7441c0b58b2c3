import { and, asc, desc, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import type { Ordering } from '../../lib/ordering.js';
import { totalsHidden } from './idea-filters.js';

export const IDEA_ORDERING_FIELDS = ['created', 'modified', 'title', 'votes', 'id'] as const;
export type IdeaOrderingField = (typeof IDEA_ORDERING_FIELDS)[number];

interface SortColumn {
  expression: AnyPgColumn | SQL;
  /** The SQL type a key read back as text is cast to, for the keyset comparison. */
  type: string;
}

const columns: Record<IdeaOrderingField, SortColumn> = {
  created: { expression: ideas.created, type: 'timestamptz' },
  modified: { expression: ideas.modified, type: 'timestamptz' },
  title: { expression: sql`lower(${ideas.title})`, type: 'text' },
  votes: { expression: ideas.votes, type: 'integer' },
  id: { expression: ideas.id, type: 'integer' },
};

type SortTerm = SortColumn & { descending: boolean };

/**
 * Whether the caller's totals may be withheld from some of the ideas ordered: 'shown' only where
 * the statement admits no idea under blind review (`totalsShownCondition`).
 */
export type Totals = 'shown' | 'maybe-hidden';

/**
 * The terms of one field. Votes withheld from the caller (blind review, decision 026) must not
 * show through the order: the ideas whose votes the caller sees come first, by votes, and the
 * others after them, newest first as by default, whichever the direction asked for. Where every
 * total is shown, that is the order of the votes alone, which reads nothing of the caller's.
 */
function fieldTerms(field: IdeaOrderingField, descending: boolean, totals: Totals): SortTerm[] {
  if (field !== 'votes' || totals === 'shown') return [{ ...columns[field], descending }];
  return [
    { expression: totalsHidden, type: 'boolean', descending: false },
    {
      expression: sql`case when ${totalsHidden} then 0 else ${ideas.votes} end`,
      type: 'integer',
      descending,
    },
    {
      expression: sql`case when ${totalsHidden} then ${ideas.created} else '-infinity'::timestamptz end`,
      type: 'timestamptz',
      descending: true,
    },
  ];
}

/** The ordering's terms, then the id in the last term's direction, so no two rows tie. */
function sortTerms(ordering: Ordering<IdeaOrderingField>, totals: Totals): SortTerm[] {
  const terms = ordering.flatMap(({ field, descending }) => fieldTerms(field, descending, totals));
  return [...terms, { ...columns.id, descending: ordering.at(-1)?.descending ?? false }];
}

export const sortOrder = (ordering: Ordering<IdeaOrderingField>, totals: Totals = 'maybe-hidden') =>
  sortTerms(ordering, totals).map((t) => (t.descending ? desc(t.expression) : asc(t.expression)));

/**
 * The sort terms as columns of a subquery (`sort_0`, `sort_1`, ...), and the ordering again over
 * those columns: for a statement that orders a subquery's rows once more.
 */
export function sortColumns(ordering: Ordering<IdeaOrderingField>) {
  const terms = sortTerms(ordering, 'maybe-hidden');
  const name = (i: number) => sql.identifier(`sort_${String(i)}`);
  return {
    select: sql.join(
      terms.map((t, i) => sql`${t.expression} as ${name(i)}`),
      sql`, `,
    ),
    order: sql.join(
      terms.map((t, i) => sql`${name(i)} ${sql.raw(t.descending ? 'desc' : 'asc')}`),
      sql`, `,
    ),
  };
}

/**
 * A row's sort keys as text: timestamps keep their microseconds (a JavaScript Date would drop
 * them and the keyset would skip or repeat rows).
 */
export const sortKeys = (ordering: Ordering<IdeaOrderingField>) =>
  sql<string[]>`array[${sql.join(
    sortTerms(ordering, 'maybe-hidden').map((t) => sql`(${t.expression})::text`),
    sql`, `,
  )}]`;

/** Rows strictly after the one with these sort keys, in the ordering: the keyset condition. */
export function afterKeys(ordering: Ordering<IdeaOrderingField>, keys: string[]): SQL | undefined {
  const terms = sortTerms(ordering, 'maybe-hidden');
  const key = (i: number) => sql`cast(${keys[i]} as ${sql.raw(terms[i]?.type ?? 'text')})`;
  if (terms.every((term) => term.descending === terms[0]?.descending)) {
    // One direction: a row comparison, which an index on the sort columns can answer as a range.
    const row = (parts: SQL[]) => sql`(${sql.join(parts, sql`, `)})`;
    const left = row(terms.map((term) => sql`${term.expression}`));
    const right = row(terms.map((_, i) => key(i)));
    return terms[0]?.descending ? sql`${left} < ${right}` : sql`${left} > ${right}`;
  }
  return or(
    ...terms.map((term, i) =>
      and(
        ...terms.slice(0, i).map((earlier, j) => sql`${earlier.expression} = ${key(j)}`),
        term.descending ? sql`${term.expression} < ${key(i)}` : sql`${term.expression} > ${key(i)}`,
      ),
    ),
  );
}

/** Whether the ordering has votes, which `Totals` changes. */
export const ordersByVotes = (ordering: Ordering<IdeaOrderingField>) =>
  ordering.some(({ field }) => field === 'votes');

/**
 * Admits only ideas whose brainstorm is not under blind review, which the statement ordering with
 * totals 'shown' must hold to: a brainstorm put under blind review after it was read as not
 * being leaves the page empty, to be read again, rather than its withheld votes in the order.
 */
export const totalsShownCondition = sql`not ${brainstorms.blindReview}`;
