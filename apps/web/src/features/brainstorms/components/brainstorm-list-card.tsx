import { Lightbulb } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useBrainstormList } from '../api/list-brainstorms';
import { BrainstormListFooter } from './brainstorm-list-footer';
import type { Paging } from '@/lib/paging';
import { BrainstormTable } from './brainstorm-table';

interface BrainstormListCardProps extends Paging {
  onPagingChange: (paging: Paging) => void;
  project?: number | 'none' | undefined;
  /** What the empty list suggests doing. */
  emptyHint?: string;
  /** Above the table: the list's filters. */
  filters?: ReactNode;
}

export function BrainstormListCard({
  page,
  pageSize,
  onPagingChange,
  project,
  emptyHint = 'Use Create New to start your first brainstorm.',
  filters,
}: BrainstormListCardProps) {
  const list = useBrainstormList({ page, pageSize, project });
  // A page past the end (the server's 404, say after deletions) starts over at page 1.
  const pastTheEnd = page > 1 && list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) onPagingChange({ page: 1, pageSize });
  }, [pastTheEnd, pageSize, onPagingChange]);

  let body;
  if (list.isPending)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  else if (list.isError)
    body = (
      <LoadError
        message="Error loading brainstorms"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.count === 0)
    body = (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <Lightbulb className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No brainstorms yet</p>
        <p className="text-sm text-muted-foreground">{emptyHint}</p>
      </div>
    );
  else body = <BrainstormTable brainstorms={list.data.results} />;

  return (
    <Card className="min-w-0 gap-4">
      <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
        {filters}
        <div aria-busy={list.isFetching} className="min-w-0">
          {body}
        </div>
        {list.data ? (
          <BrainstormListFooter
            shown={list.data.results.length}
            count={list.data.count}
            page={page}
            pageSize={pageSize}
            hasNext={list.data.next !== null}
            onPageChange={(next) => {
              onPagingChange({ page: next, pageSize });
            }}
            onPageSizeChange={(size) => {
              onPagingChange({ page: 1, pageSize: size });
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
