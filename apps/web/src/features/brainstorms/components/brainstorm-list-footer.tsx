import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { PAGE_SIZES, pageCount } from '../lib/paging';

interface BrainstormListFooterProps {
  shown: number;
  count: number;
  page: number;
  pageSize: number;
  hasNext: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function BrainstormListFooter({
  shown,
  count,
  page,
  pageSize,
  hasNext,
  onPageChange,
  onPageSizeChange,
}: BrainstormListFooterProps) {
  const pages = pageCount(count, pageSize);

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} of {count} brainstorms (Page {page} of {pages})
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Label htmlFor="brainstorm-page-size" className="text-muted-foreground">
            Page size
          </Label>
          <Select
            value={String(pageSize)}
            onValueChange={(value) => {
              onPageSizeChange(Number(value));
            }}
          >
            <SelectTrigger id="brainstorm-page-size" size="sm" className="w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
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
            disabled={!hasNext || page >= pages}
            onClick={() => {
              onPageChange(page + 1);
            }}
          >
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}
