import type { ThemeFilter } from '@/entities/theme/api/types';
import { parseThemeFilter } from '@/entities/theme/lib/theme-filter';
import { pagingSearchSchema, type PagingSearch, type PagingSearchInput } from '@/lib/paging';

/** The review list starts at 50 ideas a page (spec 9). */
export const REVIEW_PAGE_SIZE = 50;

interface ReviewSearch extends PagingSearch {
  show_hidden: boolean;
  show_reviewed: boolean;
  /** The optional theme filter: a theme's id, 'none' for the unsorted ideas, or null. */
  theme: ThemeFilter;
}

const reviewPaging = pagingSearchSchema(REVIEW_PAGE_SIZE);

/** The review page's address: its paging, its two toggles and its theme, defaults left out. */
export function reviewSearchSchema() {
  return (search: PagingSearchInput & Partial<ReviewSearch>): ReviewSearch => ({
    ...reviewPaging(search),
    // Anything but `true` is the default.
    show_hidden: search.show_hidden === true,
    show_reviewed: search.show_reviewed === true,
    theme: parseThemeFilter(search.theme),
  });
}

export const reviewSearchDefaults = {
  page: 1,
  page_size: REVIEW_PAGE_SIZE,
  show_hidden: false,
  show_reviewed: false,
  theme: null,
};

export interface ReviewView {
  page: number;
  pageSize: number;
  showHidden: boolean;
  showReviewed: boolean;
  theme: ThemeFilter;
}
