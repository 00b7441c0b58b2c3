import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

interface ReviewFooterProps {
  /** Ideas in the table, those kept after leaving the list included. */
  shown: number;
  /** Ideas left after the filters: the set being paged. */
  filteredCount: number;
  /** Every idea of the brainstorm. */
  total: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function ReviewFooter({ shown, filteredCount, total, ...paging }: ReviewFooterProps) {
  const pages = pageCount(filteredCount, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} filtered ideas ({filteredCount} matching) out of {total} total ideas (Page{' '}
        {paging.page} of {pages})
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ListPager pages={pages} {...paging} />
        <span
          className="text-sm text-muted-foreground tabular-nums"
          aria-label={`Page ${paging.page} of ${pages}`}
        >
          {paging.page} / {pages}
        </span>
      </div>
    </div>
  );
}
