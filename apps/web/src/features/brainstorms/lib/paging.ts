export const PAGE_SIZES = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function pageCount(count: number, pageSize: number) {
  return Math.max(1, Math.ceil(count / pageSize));
}

export interface Paging {
  page: number;
  pageSize: number;
}
