import { ListPager } from '@/components/ui/list-pager';
import { pageCount } from '@/lib/paging';

export interface CountedListFooterProps {
  shown: number;
  count: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** 'Showing X of Y {noun} (Page p of m)' with the pager, for a list that counts its rows. */
export function CountedListFooter({
  shown,
  count,
  noun,
  ...paging
}: CountedListFooterProps & { noun: string }) {
  const pages = pageCount(count, paging.pageSize);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} of {count} {noun} (Page {paging.page} of {pages})
      </p>
      <ListPager pages={pages} {...paging} />
    </div>
  );
}
