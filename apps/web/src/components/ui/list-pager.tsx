import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { OptionSelect } from '@/components/ui/option-select';
import { PAGE_SIZES } from '@/lib/paging';

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

interface ListPagerProps {
  page: number;
  pages: number;
  pageSize: number;
  /** The server offers a next page; Next also stops at the last page whatever it says. */
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** What Next does past the last page, which then keeps it enabled (ideas that arrived). */
  onPastEnd?: (() => void) | undefined;
}

/** A list footer's controls: the page-size select, Previous and Next. */
export function ListPager({
  page,
  pages,
  pageSize,
  hasNext,
  onPageChange,
  onPageSizeChange,
  onPastEnd,
}: ListPagerProps) {
  const nextPage = hasNext && page < pages;
  const selectId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={selectId} className="text-muted-foreground">
          Page size
        </Label>
        <OptionSelect
          id={selectId}
          size="sm"
          className="w-20"
          value={String(pageSize)}
          options={PAGE_SIZE_OPTIONS}
          onValueChange={(value) => {
            onPageSizeChange(Number(value));
          }}
        />
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => {
            onPageChange(page - 1);
          }}
        >
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!nextPage && !onPastEnd}
          onClick={() => {
            if (nextPage) onPageChange(page + 1);
            else onPastEnd?.();
          }}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
