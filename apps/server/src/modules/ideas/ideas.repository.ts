import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { ideaAnnotations, ideaComments, reviewerCounts } from '../../db/schema/annotations.js';
import { brainstorms } from '../../db/schema/brainstorms.js';
import { ideas, themes, type NewIdeaRow } from '../../db/schema/ideas.js';
import { projects } from '../../db/schema/projects.js';
import { users } from '../../db/schema/users.js';
import type { Ordering } from '../../lib/ordering.js';
import { searchWords } from '../../lib/search.js';
import {
  callerCondition,
  callerNeedsBrainstorm,
  duplicateCondition,
  mine,
  mineLateral,
  ownCondition,
  scopeCondition,
  totalsHidden,
  unlessHidden,
  type IdeaFilters,
} from './idea-filters.js';
import { ideaJson } from './idea-json.js';
import { ideaSteeringWithheld, type SteeringScope } from './steering-view.js';
import type { IdeaDto } from './ideas.schemas.js';
import {
  afterKeys,
  ordersByVotes,
  sortColumns,
  sortKeys,
  sortOrder,
  totalsShownCondition,
  type IdeaOrderingField,
  type Totals,
} from './idea-ordering.js';

/** An idea with its brainstorm's title and type, and whether its totals are the caller's to see. */
const ideaSelection = {
  ...getTableColumns(ideas),
  brainstormTitle: brainstorms.title,
  brainstormType: brainstorms.type,
  totalsHidden,
};

export type IdeaWithBrainstorm = NonNullable<Awaited<ReturnType<typeof findIdea>>>;

/**
 * One idea with its brainstorm's title, type and creator (who may change the idea), as the
 * caller may see it.
 */
export async function findIdea(db: Db, id: number, callerId: number) {
  const [row] = await db
    .select({ ...ideaSelection, brainstormCreatedBy: brainstorms.createdBy })
    .from(ideas)
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .leftJoinLateral(mineLateral(callerId), sql`true`)
    .where(eq(ideas.id, id));
  return row ?? null;
}

/** One idea as the API shows it to the caller (`IdeaDto`), or null when there is none. */
export async function findIdeaDto(
  db: Db,
  id: number,
  callerId: number,
  withAnnotations: boolean,
): Promise<IdeaDto | null> {
  const steeringWithheld = ideaSteeringWithheld(callerId, {
    brainstorm: sql`(select ${ideas.brainstormId} from ${ideas} where ${ideas.id} = ${id})`,
  });
  const [row] = await db
    .select({
      dto: sql<IdeaDto>`${ideaJson({ withAnnotation: withAnnotations, steeringWithheld })}`,
    })
    .from(ideas)
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .leftJoinLateral(mineLateral(callerId), sql`true`)
    .where(eq(ideas.id, id));
  return row?.dto ?? null;
}

const exists = (
  table: typeof brainstorms | typeof users | typeof themes | typeof projects,
  id: number | undefined,
) =>
  id === undefined ? sql`true` : sql`exists (select 1 from ${table} where ${table.id} = ${id})`;

/** A theme filter's theme, when it names one ('none' names none). */
const namedTheme = (filters: IdeaFilters) =>
  typeof filters.theme === 'number' ? filters.theme : undefined;

/**
 * `count`, `filteredCount`, `stackedCount` (near-duplicates under the query's and the caller's
 * filters, which the list leaves out unless asked), and whether the named brainstorm, theme
 * and reviewer exist.
 */
export interface IdeaCounts {
  count: number;
  filteredCount: number;
  stackedCount: number;
  brainstormExists: boolean;
  themeExists: boolean;
  projectExists: boolean;
  reviewerExists: boolean;
  /** The brainstorm's newest idea as the statement saw it: the moment for `upTo`. */
  newestId: number | null;
  /** Read up to an idea: the ideas stored since that the list would hold now (else 0). */
  laterCount: number;
}

/**
 * The id of the named brainstorm's newest idea, through the index on its ideas by time; null
 * without a brainstorm. In the statement that reads the page, so that an idea the page could not
 * see is after it.
 */
function newestId(filters: IdeaFilters): SQL {
  if (filters.brainstorm === undefined) return sql`null::int`;
  return sql`(select ${ideas.id} from ${ideas} where ${ideas.brainstormId} = ${filters.brainstorm}
    order by ${ideas.created} desc, ${ideas.id} desc limit 1)`;
}

/** Whether a caller's filter is only 'unreviewed' or 'reviewed by me', which counts can read. */
const reviewOnly = (filters: IdeaFilters): 'unreviewed' | 'current' | null =>
  (filters.review === 'unreviewed' || filters.review === 'current') &&
  filters.isHidden === undefined &&
  filters.isBookmarked === undefined &&
  filters.vote === undefined &&
  filters.reactionType === undefined
    ? filters.review
    : null;

/**
 * The counts from the brainstorm's `ideas_count` and `duplicates_count` (or their sums), which
 * the triggers of migrations 0006 and 0013 keep exact, and for 'unreviewed' and 'reviewed by me'
 * the caller's `reviewer_counts` (migration 0022): a few rows, whatever the brainstorm's size.
 */
function keptCountsStatement(
  filters: IdeaFilters,
  review: 'unreviewed' | 'current' | null,
  existence: { themeExists: SQL; reviewerExists: SQL },
) {
  const inBrainstorm = (column: AnyPgColumn) =>
    filters.brainstorm === undefined ? sql`true` : sql`${column} = ${filters.brainstorm}`;
  const kept = sql`select coalesce(sum(${brainstorms.ideasCount}), 0)::int as ideas,
      coalesce(sum(${brainstorms.duplicatesCount}), 0)::int as stacked,
      ${filters.brainstorm === undefined ? sql`true` : sql`count(*) > 0`} as found
    from ${brainstorms} where ${inBrainstorm(brainstorms.id)}`;
  const mineKept = sql`select coalesce(sum(${reviewerCounts.reviewed}), 0)::int as originals,
      coalesce(sum(${reviewerCounts.reviewedStacked}), 0)::int as stacked
    from ${reviewerCounts}
    where ${reviewerCounts.userId} = ${filters.callerId}
      and ${inBrainstorm(reviewerCounts.brainstormId)}`;
  const include = filters.duplicates === 'include';
  const listed = include ? sql`totals.ideas` : sql`(totals.ideas - totals.stacked)`;
  const reviewedListed = include ? sql`(mine.originals + mine.stacked)` : sql`mine.originals`;
  const [filtered, stacked] =
    review === null
      ? [listed, sql`totals.stacked`]
      : review === 'current'
        ? [reviewedListed, sql`mine.stacked`]
        : [sql`${listed} - ${reviewedListed}`, sql`totals.stacked - mine.stacked`];
  // The caller's counts are read only where a filter on their reviews needs them.
  const mine = review === null ? sql`` : sql`, (${mineKept}) as mine`;
  return sql`select json_build_object(
      'count', ${listed}, 'filteredCount', ${filtered}, 'stackedCount', ${stacked},
      'brainstormExists', totals.found, 'themeExists', ${existence.themeExists},
      'projectExists', true, 'reviewerExists', ${existence.reviewerExists},
      'newestId', ${newestId(filters)}, 'laterCount', 0
    ) as counts from (${kept}) as totals${mine}`;
}

/** Whether the database keeps the query's counts (`keptCountsStatement`). */
function keepsCounts(filters: IdeaFilters) {
  const whole =
    filters.theme === undefined &&
    filters.project === undefined &&
    filters.upTo === undefined &&
    filters.after === undefined &&
    searchWords(filters.search).length === 0;
  return (
    whole &&
    typeof filters.duplicates !== 'object' &&
    (callerCondition(filters) === undefined || reviewOnly(filters) !== null)
  );
}

/**
 * The counts: `count` under the query's own filters, `filteredCount` also under the caller's.
 * Without a search, a theme, a project or a single stack, and with no caller's filter other than
 * 'unreviewed' or 'reviewed by me', they are read from counts the database keeps
 * (`keptCountsStatement`); otherwise the matching ideas are counted, probing the caller's
 * annotation of each only when a caller's filter needs it. A list read up to an idea counts those
 * of now, less those of the ideas stored since, which are its `laterCount`.
 */
function countsStatement(filters: IdeaFilters, reviewerId: number | undefined): SQL {
  const { upTo, ...now } = filters;
  if (upTo !== undefined && now.after === undefined) {
    // The counts of now, less those of the ideas stored since: those few are found through the
    // primary key, and the counts of now may be the kept ones.
    const field = (name: keyof IdeaCounts) =>
      sql`((kept.counts ->> ${name})::int - (since.counts ->> ${name})::int)`;
    const flag = (name: keyof IdeaCounts) => sql`(kept.counts ->> ${name})::boolean`;
    return sql`select json_build_object(
        'count', ${field('count')}, 'filteredCount', ${field('filteredCount')},
        'stackedCount', ${field('stackedCount')},
        'brainstormExists', ${flag('brainstormExists')}, 'themeExists', ${flag('themeExists')},
        'projectExists', ${flag('projectExists')}, 'reviewerExists', ${flag('reviewerExists')},
        'newestId', kept.counts -> 'newestId',
        'laterCount', (since.counts ->> 'filteredCount')::int
      ) as counts
      from (${countsStatement(now, reviewerId)}) as kept,
        (${countsStatement({ ...now, after: upTo }, reviewerId)}) as since`;
  }
  const callers = callerCondition(filters);
  const reviewerExists = exists(users, reviewerId);
  const themeExists = exists(themes, namedTheme(filters));
  const oneStack = typeof filters.duplicates === 'object';
  if (keepsCounts(filters)) {
    return keptCountsStatement(filters, reviewOnly(filters), { themeExists, reviewerExists });
  }
  const mineJoin =
    callers === undefined ? sql`` : sql`left join lateral ${mineLateral(filters.callerId)} on true`;
  const brainstormJoin = callerNeedsBrainstorm(filters)
    ? sql`join ${brainstorms} on ${brainstorms.id} = ${ideas.brainstormId}`
    : sql``;
  const listed = duplicateCondition(filters) ?? sql`true`;
  const stacked = oneStack ? listed : sql`${ideas.duplicateOf} is not null`;
  return sql`select json_build_object(
    'count', count(*) filter (where ${listed}),
    'filteredCount', count(*) filter (where ${listed} and ${callers ?? sql`true`}),
    'stackedCount', count(*) filter (where ${stacked} and ${callers ?? sql`true`}),
    'brainstormExists', ${exists(brainstorms, filters.brainstorm)},
    'themeExists', ${themeExists},
    'projectExists', ${exists(projects, filters.project)},
    'reviewerExists', ${reviewerExists},
    'newestId', ${newestId(filters)},
    'laterCount', 0
  ) as counts
  from ${ideas} ${brainstormJoin} ${mineJoin}
  where ${scopeCondition(filters) ?? sql`true`}`;
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

/** A page of a list: a window without a keyset, where every total may be known to be shown. */
export interface PageWindow extends Omit<IdeaWindow, 'after'> {
  totals?: Totals | undefined;
}

/** A batch of an export: `limit` rows at most, and fewer where their text reaches `textBudget`. */
export interface BatchWindow extends IdeaWindow {
  /** Bytes of text (title, summary, description) after which a batch stops. */
  textBudget: number;
}

/** The brainstorms whose ideas the filters admit, for `ideaSteeringWithheld` to read. */
function steeringScope(filters: IdeaFilters): SteeringScope {
  if (filters.brainstorm !== undefined) return { brainstorm: filters.brainstorm };
  if (filters.project !== undefined) return { project: filters.project };
  return 'any';
}

/**
 * Ideas passing every filter and `condition`, in the ordering: each as the API shows it (`dto`,
 * the JSON text the database built; with `withAnnotations`, the caller's annotation in it);
 * with `counts`, every row also carries the counts (`IdeaCounts` as JSON text), so a page is
 * one statement.
 */
function orderedIdeas(
  db: Db,
  filters: IdeaFilters,
  ordering: Ordering<IdeaOrderingField>,
  condition: SQL | undefined,
  { counts, withAnnotations = false }: IdeaSelection,
  totals: Totals = 'maybe-hidden',
) {
  const steeringWithheld = ideaSteeringWithheld(filters.callerId, steeringScope(filters));
  return db
    .select({
      dto: sql<string>`${ideaJson({ withAnnotation: withAnnotations, steeringWithheld })}::text`,
      // As text, parsed once from the first row rather than by the driver on every row.
      counts: counts
        ? sql<string>`(${countsStatement(filters, counts.reviewerId)})::text`
        : sql<null>`null`,
    })
    .from(ideas)
    .innerJoin(brainstorms, eq(brainstorms.id, ideas.brainstormId))
    .leftJoinLateral(mineLateral(filters.callerId), sql`true`)
    .where(
      and(
        ownCondition(filters),
        callerCondition(filters),
        condition,
        totals === 'shown' ? totalsShownCondition : undefined,
      ),
    )
    .orderBy(...sortOrder(ordering, totals));
}

export interface IdeaSelection {
  /** The counts of `countIdeas`, on every row. */
  counts?: { reviewerId: number | undefined } | undefined;
  withAnnotations?: boolean | undefined;
}

/**
 * Ideas passing every filter, as the API shows them, in a page of the ordering. Where every total
 * is shown and no filter is the caller's, nothing of the caller's decides which ideas the page
 * holds: they are chosen from the ideas alone, and only theirs are joined with the rest.
 */
export async function selectIdeas(
  db: Db,
  filters: IdeaFilters,
  window: PageWindow,
  selection: IdeaSelection,
) {
  const offset = window.offset ?? 0;
  if (window.totals === 'shown' && callerCondition(filters) === undefined) {
    const page = db
      .select({ id: ideas.id })
      .from(ideas)
      .where(ownCondition(filters))
      .orderBy(...sortOrder(window.ordering, 'shown'))
      .limit(window.limit)
      .offset(offset);
    return orderedIdeas(db, filters, window.ordering, inArray(ideas.id, page), selection, 'shown');
  }
  return orderedIdeas(db, filters, window.ordering, undefined, selection, window.totals)
    .limit(window.limit)
    .offset(offset);
}

/**
 * Whether a page of one brainstorm may order by votes without reading the caller's annotations:
 * 'shown' when the brainstorm is not under blind review now (`totalsShownCondition` holds the
 * page to that). Ordering 20,000 ideas by votes read the caller's annotation of each.
 */
export async function totalsOfPage(
  db: Db,
  filters: IdeaFilters,
  ordering: Ordering<IdeaOrderingField>,
): Promise<Totals> {
  if (filters.brainstorm === undefined || !ordersByVotes(ordering)) return 'maybe-hidden';
  const [row] = await db
    .select({ blindReview: brainstorms.blindReview })
    .from(brainstorms)
    .where(eq(brainstorms.id, filters.brainstorm));
  return row?.blindReview === false ? 'shown' : 'maybe-hidden';
}

/**
 * The ideas of one batch of the JSON export, by id, in the ordering. No limit: with one, the
 * planner would walk the ordering's index from its start looking for them, for every batch.
 */
export async function selectIdeasById(
  db: Db,
  filters: IdeaFilters,
  ordering: Ordering<IdeaOrderingField>,
  ids: number[],
  withAnnotations: boolean,
) {
  const byId = sql`${ideas.id} = any(${sql.param(ids)}::int[])`;
  return orderedIdeas(db, filters, ordering, byId, { withAnnotations });
}

export type IdeaListRow = Awaited<ReturnType<typeof selectIdeas>>[number];

/**
 * The bytes of an idea's text as stored. `octet_length` takes a long value's size from its
 * header, without reading or decompressing it, so measuring rows costs no reading of their text.
 */
const textBytes = sql`octet_length(${ideas.title}) + octet_length(${ideas.summary}) + octet_length(${ideas.description})`;

/** Every row of a batch carries the bytes of its text. */
interface BatchRow {
  textBytes: number;
}

/**
 * The next rows of an export, with the given columns under their names: at most `limit`, and
 * cut after the row whose text reaches `textBudget` bytes, so a batch holds about that much text
 * however long the ideas are (and at least one row). Measuring and reading are one statement, so
 * the rows read are the rows measured, even while ideas change.
 */
async function selectBatch<Row extends BatchRow>(
  db: Db,
  filters: IdeaFilters,
  window: BatchWindow,
  columns: Record<string, AnyPgColumn | SQL>,
): Promise<Row[]> {
  const where = and(
    ownCondition(filters),
    callerCondition(filters),
    window.after && afterKeys(window.ordering, window.after),
  );
  const sort = sortColumns(window.ordering);
  const names = Object.keys(columns).map((name) => sql.identifier(name));
  const selection = Object.entries(columns).map(
    ([name, column]) => sql`${column} as ${sql.identifier(name)}`,
  );
  const statement = sql`select ${sql.join(names, sql`, `)}, text_bytes as "textBytes"
    from (
      select *, sum(text_bytes) over (order by ${sort.order} rows unbounded preceding)
        - text_bytes as text_before
      from (
        select ${sql.join(selection, sql`, `)}, ${textBytes} as text_bytes, ${sort.select}
        from ${ideas} join ${brainstorms} on ${brainstorms.id} = ${ideas.brainstormId}
          left join lateral ${mineLateral(filters.callerId)} on true
        where ${where ?? sql`true`}
        order by ${sql.join(sortOrder(window.ordering), sql`, `)}
        limit ${window.limit}
      ) as batch
    ) as measured
    where text_before < ${window.textBudget}
    order by ${sort.order}`;
  return rowsOf<Row>(await db.execute(statement));
}

/** A batch of the JSON export: which ideas, in order; `selectIdeasById` then reads them. */
export function selectBatchKeys(db: Db, filters: IdeaFilters, window: BatchWindow) {
  return selectBatch<{ id: number; sortKeys: string[] } & BatchRow>(db, filters, window, {
    id: ideas.id,
    sortKeys: sortKeys(window.ordering),
  });
}

/**
 * One exported idea: the CSV's columns, as the driver reads them. The totals are null where they
 * are withheld from the caller (`totalsHidden`).
 */
export interface ExportRow extends BatchRow {
  id: number;
  brainstormId: number;
  title: string;
  summary: string;
  description: string;
  totalsHidden: boolean;
  votes: number | null;
  laughCount: number | null;
  ideaCount: number | null;
  surprisedCount: number | null;
  thumbtackCount: number | null;
  commentsCount: number | null;
  myVote: number | null;
  myBookmarked: boolean | null;
  myHidden: boolean | null;
  /** ISO 8601 in UTC with milliseconds, as `Date.toISOString` writes it. */
  created: string;
  provider: string | null;
  model: string | null;
  duplicateOf: number | null;
  themeId: number | null;
  sortKeys: string[];
}

/**
 * A batch of the CSV export: `selectIdeas`' rows and order, but only the columns a CSV needs, read
 * without the ORM's mapping of every field and with the date formatted by the database. Mapping
 * and dates were a quarter of the server's CPU for 100,000 ideas.
 */
export function selectExportRows(db: Db, filters: IdeaFilters, window: BatchWindow) {
  return selectBatch<ExportRow>(db, filters, window, {
    id: ideas.id,
    brainstormId: ideas.brainstormId,
    title: ideas.title,
    summary: ideas.summary,
    description: ideas.description,
    totalsHidden,
    votes: unlessHidden(ideas.votes),
    laughCount: unlessHidden(ideas.laughCount),
    ideaCount: unlessHidden(ideas.ideaCount),
    surprisedCount: unlessHidden(ideas.surprisedCount),
    thumbtackCount: unlessHidden(ideas.thumbtackCount),
    commentsCount: unlessHidden(ideas.commentsCount),
    myVote: mine.vote,
    myBookmarked: mine.isBookmarked,
    myHidden: mine.isHidden,
    created: sql`to_char(${ideas.created} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    provider: ideas.provider,
    model: ideas.model,
    duplicateOf: ideas.duplicateOf,
    themeId: ideas.themeId,
    sortKeys: sortKeys(window.ordering),
  });
}

/** The titles of the given brainstorms, by id; a brainstorm deleted meanwhile is left out. */
export async function selectBrainstormTitles(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: brainstorms.id, title: brainstorms.title })
    .from(brainstorms)
    .where(sql`${brainstorms.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The names of the given themes, by id; a theme deleted meanwhile is left out. */
export async function selectThemeNames(db: Db, ids: number[]) {
  const rows = await db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(sql`${themes.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A user's name as `displayName` gives it: first and last name, else the email's local part. */
const authorName = sql`coalesce(
  nullif(concat_ws(' ', nullif(${users.firstName}, ''), nullif(${users.lastName}, '')), ''),
  nullif(split_part(${users.email}, '@', 1), ''),
  'User')`;

/** The comments of one idea as one CSV cell, and that cell's bytes in UTF-8. */
export interface CommentCell {
  ideaId: number;
  texts: string;
  bytes: number;
}

/**
 * The comments on the given ideas, by everyone, as one cell an idea: "Author: text", one to a
 * line, oldest first. One statement for all the ideas, answered in the order of `ideaIds` and
 * cut after the idea whose cells reach `budget` bytes, so what it returns is about that much
 * text (and at least one idea's) however many comments the ideas have; ideas without comments
 * have no cell.
 */
export async function selectCommentCells(db: Db, ideaIds: number[], budget: number) {
  const statement = sql`select "ideaId", texts, bytes
    from (
      select grouped.*, octet_length(texts) as bytes,
        sum(octet_length(texts)) over (order by position rows unbounded preceding)
          - octet_length(texts) as bytes_before
      from (
        select ${ideaAnnotations.ideaId} as "ideaId", min(batch.position) as position,
          string_agg(${authorName} || ': ' || ${ideaComments.text}, E'\n'
            order by ${ideaComments.created}, ${ideaComments.id}) as texts
        from unnest(${sql.param(ideaIds)}::int[]) with ordinality as batch(idea_id, position)
        join ${ideaAnnotations} on ${ideaAnnotations.ideaId} = batch.idea_id
        join ${ideaComments} on ${ideaComments.annotationId} = ${ideaAnnotations.id}
        join ${users} on ${users.id} = ${ideaAnnotations.userId}
        group by ${ideaAnnotations.ideaId}
      ) as grouped
    ) as measured
    where bytes_before < ${budget}
    order by position`;
  return rowsOf<CommentCell>(await db.execute(statement));
}

/** The columns that say which model wrote an idea, and how. */
type ModelProvenance =
  | 'provider'
  | 'model'
  | 'technique'
  | 'promptVersion'
  | 'settings'
  | 'inputTokens'
  | 'outputTokens';

/** The titles of the given ideas, by id. */
export async function selectTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: ideas.id, title: ideas.title })
    .from(ideas)
    .where(inArray(ideas.id, ids));
  return new Map(rows.map((row) => [row.id, row.title]));
}

export async function insertIdea(
  db: Db,
  values: {
    brainstormId: number;
    title: string;
    summary: string;
    description: string;
    createdBy: number;
    duplicateOf?: number | null;
    duplicateScore?: number;
  } & Partial<Pick<NewIdeaRow, ModelProvenance | 'combinedFrom'>>,
): Promise<number> {
  const [row] = await db.insert(ideas).values(values).returning({ id: ideas.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** An idea written by hand, stored with others, with the idea or the earlier row it stacks on. */
export interface BatchIdea {
  title: string;
  summary: string;
  description: string;
  duplicateOf: { idea: number } | { row: number } | null;
  duplicateScore: number | null;
}

/**
 * Stores ideas written by one user in one statement, with ids in their order, so that a row may
 * be stacked under an earlier one of the same batch. Returns the ids, in order.
 */
export async function insertIdeasInOrder(
  db: Db,
  brainstormId: number,
  createdBy: number,
  batch: BatchIdea[],
): Promise<number[]> {
  if (batch.length === 0) return [];
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('ideas', 'id'))::int as id
      from generate_series(1, ${batch.length})`),
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);
  const rows = batch.map((idea, i) => ({
    id: ids[i],
    title: idea.title,
    summary: idea.summary,
    description: idea.description,
    duplicate_of:
      idea.duplicateOf === null
        ? null
        : 'idea' in idea.duplicateOf
          ? idea.duplicateOf.idea
          : ids[idea.duplicateOf.row],
    duplicate_score: idea.duplicateScore,
  }));
  await db.execute(sql`insert into ideas (id, brainstorm_id, title, summary, description,
      created_by, duplicate_of, duplicate_score)
    overriding system value
    select r.id, ${brainstormId}, r.title, r.summary, r.description, ${createdBy},
      r.duplicate_of, r.duplicate_score
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id int, title text,
      summary text, description text, duplicate_of int, duplicate_score real)
    order by r.id`);
  return ids;
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

/**
 * How many comments an idea has, whether the idea exists, and whether its comments are withheld
 * from the caller (blind review, decision 026): one statement.
 */
export async function countComments(db: Db, ideaId: number, callerId: number) {
  const [row] = await db
    .select({
      count: count(),
      ideaExists: sql<boolean>`exists (select 1 from ${ideas} where ${ideas.id} = ${ideaId})`,
      totalsHidden: sql<boolean>`exists (
        select 1 from ${ideas} join ${brainstorms} on ${brainstorms.id} = ${ideas.brainstormId}
          left join lateral ${mineLateral(callerId)} on true
        where ${ideas.id} = ${ideaId} and ${totalsHidden})`,
    })
    .from(ideaComments)
    .innerJoin(ideaAnnotations, eq(ideaAnnotations.id, ideaComments.annotationId))
    .where(eq(ideaAnnotations.ideaId, ideaId));
  return row ?? { count: 0, ideaExists: false, totalsHidden: false };
}

const commentColumns = {
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
};

const commentsWithAuthors = (db: Db) =>
  db
    .select(commentColumns)
    .from(ideaComments)
    .innerJoin(ideaAnnotations, eq(ideaAnnotations.id, ideaComments.annotationId))
    .innerJoin(users, eq(users.id, ideaAnnotations.userId));

/** A page of an idea's comments with their authors, oldest first. */
export async function selectComments(
  db: Db,
  ideaId: number,
  window: { limit: number; offset: number },
) {
  return commentsWithAuthors(db)
    .where(eq(ideaAnnotations.ideaId, ideaId))
    .orderBy(asc(ideaComments.created), asc(ideaComments.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** One comment with its author, or undefined when it is not there. */
export async function selectComment(db: Db, id: number) {
  const [row] = await commentsWithAuthors(db).where(eq(ideaComments.id, id));
  return row;
}
