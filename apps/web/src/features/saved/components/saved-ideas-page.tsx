import { Bookmark } from 'lucide-react';
import { useEffect } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import type { Paging } from '@/lib/paging';
import { useSavedIdeaList } from '../api/list-saved-ideas';
import { ExportSavedIdeasButton } from './export-saved-ideas-button';
import { SavedIdeasFooter } from './saved-ideas-footer';
import { SavedIdeasTable } from './saved-ideas-table';

interface SavedIdeasPageProps extends Paging {
  onPagingChange: (paging: Paging) => void;
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <Bookmark className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">No saved ideas yet</p>
      <p className="text-sm text-muted-foreground">
        Bookmark ideas from your brainstorms to save them for later.
      </p>
    </div>
  );
}

export function SavedIdeasPage({ page, pageSize, onPagingChange }: SavedIdeasPageProps) {
  const list = useSavedIdeaList({ page, pageSize });
  // Past the end, say after unsaving the last idea of the last page: back to the last page.
  const lastPage = list.data?.lastPage;
  useEffect(() => {
    if (lastPage !== undefined) onPagingChange({ page: lastPage, pageSize });
  }, [lastPage, pageSize, onPagingChange]);

  // A failed load counts as no saved ideas, with the error said instead of the empty state.
  const data = list.isError ? { total: 0, hasNext: false, results: [] } : list.data;
  let body;
  if (list.isError)
    body = (
      <LoadError
        message="Error loading saved ideas. Please try again later."
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else if (!data || lastPage !== undefined)
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading saved ideas...
      </p>
    );
  else if (data.results.length === 0) body = <EmptyState />;
  else body = <SavedIdeasTable ideas={data.results} />;

  return (
    <>
      <PageHeader title="Saved Ideas" actions={<ExportSavedIdeasButton />} />
      <Card className="min-w-0 gap-4">
        <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
          {data && lastPage === undefined ? (
            <SavedIdeasFooter
              shown={data.results.length}
              total={data.total}
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
    </>
  );
}
