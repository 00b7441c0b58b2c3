import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

interface IdeasFooterProps {
  /** Ideas on this page. */
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
}

export function IdeasFooter({ shown, filteredCount, total, ...paging }: IdeasFooterProps) {
  const pages = pageCount(filteredCount, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} filtered ideas ({filteredCount} matching) out of {total} total ideas (Page{' '}
        {paging.page} of {pages})
      </p>
      <ListPager pages={pages} {...paging} />
    </div>
  );
}
