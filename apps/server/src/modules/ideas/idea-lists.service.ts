import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/users.js';
import { fieldError } from '../../lib/errors.js';
import { paginate, pageWindow } from '../../lib/pagination.js';
import type { IdeaFilters, Review } from './idea-filters.js';
import { csvChunks, jsonChunks } from './idea-export.js';
import * as repo from './ideas.repository.js';
import type { IdeaCounts } from './ideas.repository.js';
import type { ExportFormat, IdeaListQuery, ReviewedQuery } from './ideas.schemas.js';
import { ideaDtos } from './ideas.service.js';

/** The three lists share their parameters; `reviewed` adds the reviewer and flag filters. */
export type ListQuery = IdeaListQuery & Partial<ReviewedQuery>;

export function reviewOf(query: ReviewedQuery): Review {
  if (query.user_filter !== 'specific') return query.user_filter;
  return { userId: query.user_id ?? 0 };
}

const filtersOf = (user: UserRow, query: ListQuery, review: Review | undefined): IdeaFilters => ({
  callerId: user.id,
  brainstorm: query.brainstorm,
  search: query.search,
  review,
  isHidden: query.is_hidden,
  isBookmarked: query.is_bookmarked,
  vote: query.vote,
  reactionType: query.reaction_type,
});

const reviewerOf = (filters: IdeaFilters) =>
  typeof filters.review === 'object' ? filters.review.userId : undefined;

/** Refuses a brainstorm or reviewer that does not exist. */
function refuseMissing(filters: IdeaFilters, counts: IdeaCounts) {
  const missing = (field: string, id: number | undefined) =>
    fieldError(field, `Invalid pk "${id}" - object does not exist.`);
  if (!counts.brainstormExists) throw missing('brainstorm', filters.brainstorm);
  if (!counts.reviewerExists) throw missing('user_id', reviewerOf(filters));
  return counts;
}

/**
 * A page and its counts in one statement; a page without rows, which cannot carry the counts,
 * asks for them alone.
 */
async function pageAndCounts(db: Db, filters: IdeaFilters, query: ListQuery) {
  const rows = await repo.selectIdeas(
    db,
    filters,
    { ...query, ...pageWindow(query) },
    { reviewerId: reviewerOf(filters) },
  );
  const counts = rows[0]?.counts ?? (await repo.countIdeas(db, filters, reviewerOf(filters)));
  return { rows, counts: refuseMissing(filters, counts) };
}

/**
 * One page: `count` is the ideas matching the query's own filters (brainstorm, search),
 * `filteredCount` those left after the caller's (reviewed, hidden, ...), which are the ones paged.
 * One statement, and three more with annotations, whatever the page size.
 */
export async function listIdeas(
  db: Db,
  request: FastifyRequest,
  user: UserRow,
  query: ListQuery,
  review?: Review,
) {
  const filters = filtersOf(user, query, review);
  const { rows, counts } = await pageAndCounts(db, filters, query);
  const results = await ideaDtos(db, user, rows, query.with_annotations);
  const page = paginate(request, query, counts.filteredCount, results);
  return { ...page, count: counts.count, filteredCount: counts.filteredCount };
}

const BATCH_SIZE = 500;
const EXPORT_BATCH_SIZE = 2_000;

type BatchReader<Row> = (db: Db, filters: IdeaFilters, window: repo.IdeaWindow) => Promise<Row[]>;

/** The whole matching set in batches, each after the last row of the one before (keyset). */
async function* batches<Row extends { sortKeys: string[] }>(
  read: BatchReader<Row>,
  size: number,
  db: Db,
  filters: IdeaFilters,
  query: ListQuery,
) {
  let after: string[] | undefined;
  for (;;) {
    const rows = await read(db, filters, { ordering: query.ordering, limit: size, after });
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = last.sortKeys;
  }
}

async function* dtoBatches(db: Db, user: UserRow, filters: IdeaFilters, query: ListQuery) {
  for await (const rows of batches(repo.selectIdeas, BATCH_SIZE, db, filters, query)) {
    yield await ideaDtos(db, user, rows, query.with_annotations);
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
    ? csvChunks(batches(repo.selectExportRows, EXPORT_BATCH_SIZE, db, filters, query))
    : jsonChunks(dtoBatches(db, user, filters, query));
}
