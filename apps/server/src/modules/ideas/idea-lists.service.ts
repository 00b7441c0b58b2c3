import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError } from '../../lib/errors.js';
import { pageWindow } from '../../lib/pagination.js';
import type { DuplicateFilter, IdeaFilters, Review } from './idea-filters.js';
import { csvChunks, jsonChunks, type CsvRow } from './idea-export.js';
import type { Totals } from './idea-ordering.js';
import * as repo from './ideas.repository.js';
import type { IdeaCounts } from './ideas.repository.js';
import type { ExportFormat, IdeaListQuery, ReviewedQuery } from './ideas.schemas.js';

/** The three lists share their parameters; `reviewed` adds the reviewer and flag filters. */
export type ListQuery = IdeaListQuery & Partial<ReviewedQuery>;

export function reviewOf(query: ReviewedQuery): Review {
  if (query.user_filter !== 'specific') return query.user_filter;
  return { userId: query.user_id ?? 0 };
}

/** A download holds every idea it matches, stacked ones with their `duplicate_of`. */
function duplicatesOf(query: ListQuery): DuplicateFilter {
  if (query.duplicate_of !== undefined) return { of: query.duplicate_of };
  return (query.include_duplicates ?? query.format !== undefined) ? 'include' : 'exclude';
}

const filtersOf = (user: UserRow, query: ListQuery, review: Review | undefined): IdeaFilters => ({
  callerId: user.id,
  brainstorm: query.brainstorm,
  project: query.project,
  search: query.search,
  review,
  isHidden: query.is_hidden,
  isBookmarked: query.is_bookmarked,
  vote: query.vote,
  reactionType: query.reaction_type,
  duplicates: duplicatesOf(query),
  theme: query.theme,
  upTo: query.up_to,
});

const reviewerOf = (filters: IdeaFilters) =>
  typeof filters.review === 'object' ? filters.review.userId : undefined;

/** Refuses a brainstorm, theme, project or reviewer that does not exist. */
function refuseMissing(filters: IdeaFilters, counts: IdeaCounts) {
  const missing = (field: string, id: number | string | undefined) =>
    fieldError(field, `Invalid pk "${id}" - object does not exist.`);
  if (!counts.brainstormExists) throw missing('brainstorm', filters.brainstorm);
  if (!counts.themeExists) throw missing('theme', filters.theme);
  if (!counts.projectExists) throw missing('project', filters.project);
  if (!counts.reviewerExists) throw missing('user_id', reviewerOf(filters));
  return counts;
}

/**
 * A page and its counts in one statement; a page without rows, which cannot carry the counts,
 * asks for them alone.
 */
async function pageAndCounts(db: Db, filters: IdeaFilters, query: ListQuery) {
  const page = (totals: Totals) =>
    repo.selectIdeas(
      db,
      filters,
      { ...query, ...pageWindow(query), totals },
      {
        counts: { reviewerId: reviewerOf(filters) },
        withAnnotations: query.with_annotations,
      },
    );
  const totals = await repo.totalsOfPage(db, filters, query.ordering);
  let rows = await page(totals);
  // None: an empty page, or the brainstorm put under blind review meanwhile.
  if (rows.length === 0 && totals === 'shown') rows = await page('maybe-hidden');
  const carried = rows[0]?.counts;
  const counts = carried
    ? (JSON.parse(carried) as IdeaCounts)
    : await repo.countIdeas(db, filters, reviewerOf(filters));
  return { rows, counts: refuseMissing(filters, counts) };
}

/** One page of ideas: the counts, and the ideas as the JSON array text the database built. */
export interface IdeaPage {
  count: number;
  filteredCount: number;
  stackedCount: number;
  /** The brainstorm's newest idea when the page was read, for reading it again as it was. */
  newestId: number | null;
  /** Read up to an idea: the ideas stored since that the list would hold now. */
  laterCount: number;
  /** A JSON array of `IdeaDto`s, to be sent as it is (decision 036). */
  results: string;
}

/**
 * One page: `count` is the ideas matching the query's own filters (brainstorm, search),
 * `filteredCount` those left after the caller's (reviewed, hidden, ...), which are the ones paged.
 * One statement, whatever the page size, with or without the caller's annotations.
 */
export async function listIdeas(
  db: Db,
  user: UserRow,
  query: ListQuery,
  review?: Review,
): Promise<IdeaPage> {
  const filters = filtersOf(user, query, review);
  const { rows, counts } = await pageAndCounts(db, filters, query);
  return {
    count: counts.count,
    filteredCount: counts.filteredCount,
    stackedCount: counts.stackedCount,
    newestId: counts.newestId,
    laterCount: counts.laterCount,
    results: `[${rows.map((row) => row.dto).join(',')}]`,
  };
}

/**
 * About the text one batch of an export holds, whatever the ideas' length: a download the client
 * stops reading keeps one batch and a few small chunks (decision 010).
 */
const BATCH_TEXT_BYTES = 1024 * 1024;
/** The first batch, and the fewest rows a batch asks for. */
const MIN_BATCH_ROWS = 50;
/** A CSV row is cheap; a JSON row becomes an idea object, with annotations when asked. */
const MAX_BATCH_ROWS = { csv: 2_000, json: 500 } as const;

type BatchReader<Row> = (db: Db, filters: IdeaFilters, window: repo.BatchWindow) => Promise<Row[]>;

/**
 * The whole matching set in batches, each after the last row of the one before (keyset). Each
 * asks for about `BATCH_TEXT_BYTES` of text at the rows' average length so far, and the reader
 * cuts it there should the next rows be longer. The next batch is asked for as soon as one
 * arrives, so the database reads it while this one is written out: one batch ahead, no more
 * (decision 036), as the consumer takes each only when the socket has taken the last.
 */
async function* batches<Row extends { sortKeys: string[]; textBytes: number }>(
  read: BatchReader<Row>,
  maxRows: number,
  db: Db,
  filters: IdeaFilters,
  query: ListQuery,
) {
  const window = (limit: number, after: string[] | undefined) => ({
    ordering: query.ordering,
    limit,
    after,
    textBudget: BATCH_TEXT_BYTES,
  });
  let limit = MIN_BATCH_ROWS;
  let rowsRead = 0;
  let bytesRead = 0;
  // Each batch is read while the one before is written out; its failure is taken up when the
  // batch is awaited, not reported as unhandled meanwhile (or at all, after a download ended).
  const readAhead = (limitNow: number, after: string[] | undefined) => {
    const pending = read(db, filters, window(limitNow, after));
    pending.catch(() => undefined);
    return pending;
  };
  let next: Promise<Row[]> | undefined = readAhead(limit, undefined);
  while (next) {
    const rows = await next;
    next = undefined;
    const bytes = rows.reduce((sum, row) => sum + row.textBytes, 0);
    const last = rows.at(-1);
    // Fewer rows than asked for is the end, unless the text budget cut the batch short.
    if (last && !(rows.length < limit && bytes < BATCH_TEXT_BYTES)) {
      rowsRead += rows.length;
      bytesRead += bytes;
      const fit = Math.round((BATCH_TEXT_BYTES * rowsRead) / Math.max(bytesRead, 1));
      limit = Math.min(maxRows, Math.max(MIN_BATCH_ROWS, fit));
      next = readAhead(limit, last.sortKeys);
    }
    if (rows.length > 0) yield rows;
  }
}

/**
 * The CSV's batches: `selectExportRows`' rows, then the titles of their brainstorms and the names
 * of their themes not read before in this export (kept for its whole length: an export may span
 * brainstorms), and the comments of those of its ideas that have any, one statement each, joined
 * to the rows here rather than looked up row by row in SQL (which more than doubled the export's
 * time).
 *
 * The comments count in the batch's text budget: the batch ends after the row whose text and
 * comments reach it, and the rows after are read by the next batch. The comments' statement is
 * cut after the idea whose comments reach the budget, so a batch holds about the budget of idea
 * text and as much of comments while it is put together, and about the budget once it is, however
 * many comments its ideas have (beyond that, only one idea's own comments). Each row's
 * `textBytes` counts its comments, so the next batch's row limit follows them too.
 */
function csvBatchReader(): BatchReader<CsvRow> {
  const titles = new Map<number, string>();
  const themeNames = new Map<number, string>();
  /** Reads into `names` those of `ids` it does not hold yet, with `read`. */
  const readNames = async (
    db: Db,
    names: Map<number, string>,
    ids: (number | null)[],
    read: (db: Db, ids: number[]) => Promise<Map<number, string>>,
  ) => {
    const unread = [...new Set(ids)].filter((id): id is number => id !== null && !names.has(id));
    if (unread.length === 0) return;
    for (const [id, name] of await read(db, unread)) names.set(id, name);
  };
  return async (db, filters, window) => {
    const rows = (await repo.selectExportRows(db, filters, window)) as CsvRow[];
    // Comments withheld from the caller (blind review) are not read at all.
    const commented = rows
      .filter((row) => row.commentsCount !== null && row.commentsCount > 0)
      .map((row) => row.id);
    // Three statements on three connections at once: the batch waits for the slowest only.
    const [cells] = await Promise.all([
      commented.length === 0 ? [] : repo.selectCommentCells(db, commented, window.textBudget),
      readNames(
        db,
        titles,
        rows.map((row) => row.brainstormId),
        repo.selectBrainstormTitles,
      ),
      readNames(
        db,
        themeNames,
        rows.map((row) => row.themeId),
        repo.selectThemeNames,
      ),
    ]);
    const cellOf = new Map(cells.map((cell) => [cell.ideaId, cell]));
    let bytes = 0;
    for (const [i, row] of rows.entries()) {
      const cell = cellOf.get(row.id);
      row.brainstormTitle = titles.get(row.brainstormId) ?? '';
      row.themeName = row.themeId === null ? '' : (themeNames.get(row.themeId) ?? '');
      row.commentTexts = cell?.texts ?? '';
      row.textBytes += cell?.bytes ?? 0;
      bytes += row.textBytes;
      if (bytes >= window.textBudget) return rows.slice(0, i + 1);
    }
    return rows;
  };
}

/** Ideas as the list shows them, batch by batch: which ones, then those ideas read by id. */
async function* dtoBatches(db: Db, filters: IdeaFilters, query: ListQuery) {
  const keys = batches(repo.selectBatchKeys, MAX_BATCH_ROWS.json, db, filters, query);
  const withAnnotations = query.with_annotations ?? false;
  for await (const batch of keys) {
    const ids = batch.map((row) => row.id);
    const rows = await repo.selectIdeasById(db, filters, query.ordering, ids, withAnnotations);
    yield rows.map((row) => row.dto);
  }
}

/**
 * The whole matching set as CSV or a JSON array, produced batch by batch as the client reads.
 * Bad filters are refused before anything is sent.
 */
export async function exportIdeas(
  db: Db,
  user: UserRow,
  query: ListQuery,
  format: ExportFormat,
  review?: Review,
): Promise<AsyncIterable<string>> {
  const filters = filtersOf(user, query, review);
  refuseMissing(filters, await repo.countIdeas(db, filters, reviewerOf(filters)));
  return format === 'csv'
    ? csvChunks(batches(csvBatchReader(), MAX_BATCH_ROWS.csv, db, filters, query))
    : jsonChunks(dtoBatches(db, filters, query));
}
