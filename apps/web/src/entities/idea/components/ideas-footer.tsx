import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

interface IdeasFooterProps {
  /** Ideas on this page (on the review page, with those kept after leaving the list). */
  shown: number;
  /** Ideas left after the caller's filters: the set being paged. */
  filteredCount: number;
  /** Every idea of the brainstorm. */
  total: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Also show 'p / n' beside the pager, as the review page does (spec 2). */
  pageIndicator?: boolean;
  /** What Next does past the last page, which then keeps it enabled. */
  onPastEnd?: (() => void) | undefined;
}

export function IdeasFooter({
  shown,
  filteredCount,
  total,
  pageIndicator = false,
  ...paging
}: IdeasFooterProps) {
  const pages = pageCount(filteredCount, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} filtered ideas ({filteredCount} matching) out of {total} total ideas (Page{' '}
        {paging.page} of {pages})
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ListPager pages={pages} {...paging} />
        {pageIndicator ? (
          <span
            className="text-sm text-muted-foreground tabular-nums"
            aria-label={`Page ${paging.page} of ${pages}`}
          >
            {paging.page} / {pages}
          </span>
        ) : null}
      </div>
    </div>
  );
}
