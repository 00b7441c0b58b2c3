import { useEffect } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useIdeaTotal } from '@/entities/idea/api/get-idea-total';
import { FALLBACK_SCAN_SIZE, useIdeaList } from '@/entities/idea/api/list-ideas';
import { IdeasFooter } from '@/entities/idea/components/ideas-footer';
import { ApiError } from '@/lib/api/api-error';
import type { Paging } from '@/lib/paging';
import { ExportIdeasButtons } from './export-ideas-button';
import { IdeasTable } from './ideas-table';

interface IdeasSectionProps extends Paging {
  brainstormId: number;
  onPagingChange: (paging: Paging) => void;
}

function Message({ children }: { children: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  );
}

/** The brainstorm page's 'Ideas': the CSV export, a page of ideas and the footer. */
export function IdeasSection({ brainstormId, page, pageSize, onPagingChange }: IdeasSectionProps) {
  const list = useIdeaList({ brainstormId, page, pageSize });
  const total = useIdeaTotal(brainstormId);
  // A page past the end (the server's 404, say after deletions) starts over at page 1.
  const pastTheEnd = page > 1 && list.error instanceof ApiError && list.error.status === 404;
  useEffect(() => {
    if (pastTheEnd) onPagingChange({ page: 1, pageSize });
  }, [pastTheEnd, pageSize, onPagingChange]);

  const data = list.data;
  const failed = list.isError || data?.source === 'unavailable';
  let body;
  if (failed) {
    body = (
      <LoadError
        message="Error loading ideas"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (!data) body = <Message>Loading ideas...</Message>;
  else if (data.results.length === 0) body = <Message>No ideas found for this brainstorm.</Message>;
  else body = <IdeasTable ideas={data.results} />;

  return (
    <section aria-labelledby="brainstorm-ideas-heading">
      <Card className="min-w-0 gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-2 px-4 sm:px-6">
          <h2 id="brainstorm-ideas-heading" className="text-lg font-semibold">
            Ideas
          </h2>
          <ExportIdeasButtons brainstormId={brainstormId} />
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          {data?.source === 'fallback' ? (
            <p className="text-sm text-muted-foreground">
              The full list could not be loaded: these are this brainstorm's ideas among the{' '}
              {FALLBACK_SCAN_SIZE} newest.
            </p>
          ) : null}
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
          {data && !failed ? (
            <IdeasFooter
              shown={data.results.length}
              filteredCount={data.filteredCount}
              total={total.data ?? data.count}
              page={page}
              pageSize={pageSize}
              hasNext={data.hasNext}
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
    </section>
  );
}
