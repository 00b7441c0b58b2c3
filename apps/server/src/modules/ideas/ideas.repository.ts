import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ideaAnnotations, ideaComments } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas } from '../../db/schema/ideas.js';
import { users } from '../../db/schema/users.js';
import type { Ordering } from '../../lib/ordering.js';
import { searchWords } from '../../lib/search.js';
import {
  callerCondition,
  mine,
  mineLateral,
  ownCondition,
  type IdeaFilters,
} from './idea-filters.js';
import { afterKeys, sortKeys, sortOrder, type IdeaOrderingField } from './idea-ordering.js';

const ideaSelection = {
  ...getTableColumns(ideas),
  brainstormTitle: brainstorms.title,
  brainstormType: brainstorms.type,
};

export type IdeaWithBrainstorm = NonNullable<Awaited<ReturnType<typeof findIdea>>>;

/** One idea with its brainstorm's title, type and creator (who may change the idea). */
export async function findIdea(db: Db, id: number) {
  const [row] = await db
    .select({ ...ideaSelection, brainstormCreatedBy: brainstorms.createdBy })
    .from(ideas)
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .where(eq(ideas.id, id));
  return row ?? null;
}

const exists = (table: typeof brainstorms | typeof users, id: number | undefined) =>
  id === undefined ? sql`true` : sql`exists (select 1 from ${table} where ${table.id} = ${id})`;

/** `count`, `filteredCount`, and whether the named brainstorm and reviewer exist. */
export interface IdeaCounts {
  count: number;
  filteredCount: number;
  brainstormExists: boolean;
  reviewerExists: boolean;
}

/**
 * The counts: `count` under the query's own filters, `filteredCount` also under the caller's.
 * Without a search or a caller's filter both are the brainstorm's `ideas_count` (or their sum),
 * which the triggers of migration 0006 keep exact; otherwise the matching ideas are counted,
 * probing the caller's annotation of each only when a caller's filter needs it.
 */
function countsStatement(filters: IdeaFilters, reviewerId: number | undefined) {
  const callers = callerCondition(filters);
  const reviewerExists = exists(users, reviewerId);
  if (callers === undefined && searchWords(filters.search).length === 0) {
    const ideasCount =
      filters.brainstorm === undefined
        ? sql`(select coalesce(sum(${brainstorms.ideasCount}), 0)::int from ${brainstorms})`
        : sql`(select ${brainstorms.ideasCount} from ${brainstorms} where ${brainstorms.id} = ${filters.brainstorm})`;
    return sql`select json_build_object(
      'count', coalesce(n, 0), 'filteredCount', coalesce(n, 0),
      'brainstormExists', n is not null, 'reviewerExists', ${reviewerExists}
    ) as counts from (select ${ideasCount} as n) as ideas_count`;
  }
  const mineJoin =
    callers === undefined ? sql`` : sql`left join lateral ${mineLateral(filters.callerId)} on true`;
  return sql`select json_build_object(
    'count', count(*),
    'filteredCount', count(*) filter (where ${callers ?? sql`true`}),
    'brainstormExists', ${exists(brainstorms, filters.brainstorm)},
    'reviewerExists', ${reviewerExists}
  ) as counts
  from ${ideas} ${mineJoin}
  where ${ownCondition(filters) ?? sql`true`}`;
}

/** The counts alone, for an empty page or an export. */
export async function countIdeas(db: Db, filters: IdeaFilters, reviewerId?: number) {
  const [row] = rowsOf<{ counts: IdeaCounts }>(
    await db.execute(countsStatement(filters, reviewerId)),
  );
  if (!row) throw new Error('an aggregate returned no row');
  return row.counts;
}

export interface IdeaWindow {
  ordering: Ordering<IdeaOrderingField>;
  limit: number;
  offset?: number;
  /** Sort keys of the last row already read: the keyset for the next batch. */
  after?: string[] | undefined;
}

/**
 * Ideas passing every filter, with the caller's vote and flags and each row's sort keys; with
 * `counts`, every row also carries the counts, so a page is one statement.
 */
export async function selectIdeas(
  db: Db,
  filters: IdeaFilters,
  window: IdeaWindow,
  counts?: { reviewerId: number | undefined },
) {
  return db
    .select({
      ...ideaSelection,
      myVote: sql<number | null>`${mine.vote}`,
      myBookmarked: sql<boolean | null>`${mine.isBookmarked}`,
      myHidden: sql<boolean | null>`${mine.isHidden}`,
      sortKeys: sortKeys(window.ordering),
      counts: counts
        ? sql<IdeaCounts>`(${countsStatement(filters, counts.reviewerId)})`
        : sql<null>`null`,
    })
    .from(ideas)
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .leftJoinLateral(mineLateral(filters.callerId), sql`true`)
    .where(
      and(
        ownCondition(filters),
        callerCondition(filters),
        window.after && afterKeys(window.ordering, window.after),
      ),
    )
    .orderBy(...sortOrder(window.ordering))
    .limit(window.limit)
    .offset(window.offset ?? 0);
}

export type IdeaListRow = Awaited<ReturnType<typeof selectIdeas>>[number];

/** One exported idea: the CSV's columns, as the driver reads them. */
export interface ExportRow {
  id: number;
  brainstormId: number;
  title: string;
  summary: string;
  description: string;
  votes: number;
  laughCount: number;
  ideaCount: number;
  surprisedCount: number;
  thumbtackCount: number;
  commentsCount: number;
  myVote: number | null;
  myBookmarked: boolean | null;
  myHidden: boolean | null;
  /** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it. */
  created: string;
  provider: string | null;
  model: string | null;
  sortKeys: string[];
}

/**
 * A batch of an export: `selectIdeas`' rows and order, but only the columns a CSV needs, read
 * without the ORM's mapping of every field and with the date formatted by the database. Mapping
 * and dates were a quarter of the server's CPU for 100,000 ideas.
 */
export async function selectExportRows(db: Db, filters: IdeaFilters, window: IdeaWindow) {
  const where = and(
    ownCondition(filters),
    callerCondition(filters),
    window.after && afterKeys(window.ordering, window.after),
  );
  const statement = sql`select ${ideas.id} as "id", ${ideas.brainstormId} as "brainstormId",
      ${ideas.title} as "title", ${ideas.summary} as "summary",
      ${ideas.description} as "description", ${ideas.votes} as "votes",
      ${ideas.laughCount} as "laughCount", ${ideas.ideaCount} as "ideaCount",
      ${ideas.surprisedCount} as "surprisedCount", ${ideas.thumbtackCount} as "thumbtackCount",
      ${ideas.commentsCount} as "commentsCount", ${mine.vote} as "myVote",
      ${mine.isBookmarked} as "myBookmarked", ${mine.isHidden} as "myHidden",
      to_char(${ideas.created} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "created",
      ${ideas.provider} as "provider", ${ideas.model} as "model",
      ${sortKeys(window.ordering)} as "sortKeys"
    from ${ideas} left join lateral ${mineLateral(filters.callerId)} on true
    where ${where ?? sql`true`}
    order by ${sql.join(sortOrder(window.ordering), sql`, `)}
    limit ${window.limit}`;
  return rowsOf<ExportRow>(await db.execute(statement));
}

export async function insertIdea(
  db: Db,
  values: {
    brainstormId: number;
    title: string;
    summary: string;
    description: string;
    createdBy: number;
  },
): Promise<number> {
  const [row] = await db.insert(ideas).values(values).returning({ id: ideas.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Writes only the named columns, so concurrent changes of different fields never undo each other. */
export async function updateIdea(
  db: Db,
  id: number,
  changes: { title?: string; summary?: string; description?: string },
): Promise<void> {
  await db
    .update(ideas)
    .set({ ...changes, modified: sql`now()` })
    .where(eq(ideas.id, id));
}

/**
 * Deletes an idea with its annotations. Its brainstorm's idea count changes last, so the
 * brainstorm is locked first, in the statement, as deleting the brainstorm locks it before its
 * ideas; the other way round, the two deadlocked.
 */
export async function deleteIdea(db: Db, id: number): Promise<void> {
  const brainstorm = db
    .$with('brainstorm')
    .as(
      db
        .select({ id: brainstorms.id })
        .from(ideas)
        .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
        .where(eq(ideas.id, id))
        .for('no key update', { of: brainstorms }),
    );
  await db
    .with(brainstorm)
    .delete(ideas)
    .where(
      and(
        eq(ideas.id, id),
        inArray(ideas.brainstormId, db.select({ id: brainstorm.id }).from(brainstorm)),
      ),
    );
}

/** How many comments an idea has, and whether the idea exists: one statement. */
export async function countComments(db: Db, ideaId: number) {
  const [row] = await db
    .select({
      count: count(),
      ideaExists: sql<boolean>`exists (select 1 from ${ideas} where ${ideas.id} = ${ideaId})`,
    })
    .from(ideaComments)
    .innerJoin(ideaAnnotations, eq(ideaAnnotations.id, ideaComments.annotationId))
    .where(eq(ideaAnnotations.ideaId, ideaId));
  return row ?? { count: 0, ideaExists: false };
}

/** A page of an idea's comments with their authors, oldest first. */
export async function selectComments(
  db: Db,
  ideaId: number,
  window: { limit: number; offset: number },
) {
  return db
    .select({
      id: ideaComments.id,
      text: ideaComments.text,
      created: ideaComments.created,
      modified: ideaComments.modified,
      author: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(ideaComments)
    .innerJoin(ideaAnnotations, eq(ideaAnnotations.id, ideaComments.annotationId))
    .innerJoin(users, eq(users.id, ideaAnnotations.userId))
    .where(eq(ideaAnnotations.ideaId, ideaId))
    .orderBy(asc(ideaComments.created), asc(ideaComments.id))
    .limit(window.limit)
    .offset(window.offset);
}
