import type { SearchSchemaInput } from '@tanstack/react-router';

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

export interface PagingSearch {
  page: number;
  page_size: number;
}

/** What a link may give: either, both or neither (the defaults then apply). */
export type PagingSearchInput = Partial<PagingSearch> & SearchSchemaInput;

const isPage = (page: number) => Number.isSafeInteger(page) && page >= 1;

/** A number read from the address the way `Number()` reads it, or `fallback` if not valid. */
function searchNumber(value: unknown, isValid: (value: number) => boolean, fallback: number) {
  const number = Number(value);
  return isValid(number) ? number : fallback;
}

/**
 * `page` and `page_size` in a list's address: anything invalid falls back to the defaults.
 * A plain function rather than a zod schema keeps zod out of the entry chunk.
 */
export function pagingSearchSchema(defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  return (search: PagingSearchInput): PagingSearch => ({
    page: searchNumber(search.page, isPage, 1),
    page_size: searchNumber(search.page_size, isPageSize, defaultPageSize),
  });
}
