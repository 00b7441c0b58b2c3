import * as z from 'zod/mini';
import { pagingSearchSchema } from '@/lib/paging';

/** The review list starts at 50 ideas a page (spec 9). */
export const REVIEW_PAGE_SIZE = 50;

const flag = z.catch(z._default(z.boolean(), false), false);

/** The review page's address: its paging and its two toggles, defaults left out. */
export function reviewSearchSchema() {
  return z.extend(pagingSearchSchema(REVIEW_PAGE_SIZE), {
    show_hidden: flag,
    show_reviewed: flag,
  });
}

export const reviewSearchDefaults = {
  page: 1,
  page_size: REVIEW_PAGE_SIZE,
  show_hidden: false,
  show_reviewed: false,
};

export interface ReviewView {
  page: number;
  pageSize: number;
  showHidden: boolean;
  showReviewed: boolean;
}
