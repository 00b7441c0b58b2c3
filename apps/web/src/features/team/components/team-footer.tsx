import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

interface TeamFooterProps {
  shown: number;
  count: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function TeamFooter({ shown, count, ...paging }: TeamFooterProps) {
  const pages = pageCount(count, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} of {count} members (Page {paging.page} of {pages})
      </p>
      <ListPager pages={pages} {...paging} />
    </div>
  );
}
