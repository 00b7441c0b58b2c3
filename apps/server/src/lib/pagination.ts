import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './errors.js';

export const MAX_PAGE_SIZE = 100;

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('A page number within the result set.'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(10)
    .describe(`Number of results per page (at most ${MAX_PAGE_SIZE}).`),
});

export type Pagination = z.infer<typeof paginationQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** One page of rows and how many there are in all: what a service answers for a list. */
export interface Counted<T> {
  count: number;
  rows: T[];
}

export const pageWindow = ({ page, page_size }: Pagination) => ({
  limit: page_size,
  offset: (page - 1) * page_size,
});

/** The absolute links to a page's neighbours; a page past the last is refused with 404. */
export function pageLinks(
  request: FastifyRequest,
  { page, page_size }: Pagination,
  count: number,
): { next: string | null; previous: string | null } {
  const lastPage = Math.max(1, Math.ceil(count / page_size));
  if (page > lastPage) throw notFound('Invalid page.');
  const link = (target: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  return {
    next: page < lastPage ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

/** Wraps one page of rows in the DRF envelope, with absolute next/previous links. */
export function paginate<T>(
  request: FastifyRequest,
  pagination: Pagination,
  { count, rows }: Counted<T>,
): Page<T> {
  return { count, ...pageLinks(request, pagination, count), results: rows };
}
