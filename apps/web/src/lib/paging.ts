import * as z from 'zod/mini';

export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function pageCount(count: number, pageSize: number) {
  return Math.max(1, Math.ceil(count / pageSize));
}

export interface Paging {
  page: number;
  pageSize: number;
}

const isPageSize = (size: number) => (PAGE_SIZES as readonly number[]).includes(size);

/** `page` and `page_size` in a list's address: anything invalid falls back to the defaults. */
export function pagingSearchSchema(defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  return z.object({
    page: z.catch(z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1), 1),
    page_size: z.catch(
      z._default(z.coerce.number().check(z.refine(isPageSize)), defaultPageSize),
      defaultPageSize,
    ),
  });
}
