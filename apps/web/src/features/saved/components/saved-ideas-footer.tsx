import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

interface SavedIdeasFooterProps {
  shown: number;
  total: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function SavedIdeasFooter({ shown, total, ...paging }: SavedIdeasFooterProps) {
  const pages = pageCount(total, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} saved ideas out of {total} total (Page {paging.page} of {pages})
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ListPager pages={pages} {...paging} />
        {/* The sentence above says it in words. */}
        <span aria-hidden="true" className="text-sm text-muted-foreground tabular-nums">
          {paging.page} / {pages}
        </span>
      </div>
    </div>
  );
}
