import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { savedIdeaListQueryOptions } from '@/features/saved/api/list-saved-ideas';
import { SavedIdeasPage } from '@/features/saved/components/saved-ideas-page';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema } from '@/lib/paging';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/saved')({
  validateSearch: pagingSearchSchema(),
  // The defaults stay out of the address: /saved is page 1 at 10 per page.
  search: { middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE })] },
  loaderDeps: ({ search }) => ({ page: search.page, pageSize: search.page_size }),
  // Started, not waited for: the page says 'Loading saved ideas...' and shows its own error.
  loader: ({ context, deps }) => {
    void context.queryClient.query(savedIdeaListQueryOptions(deps)).catch(() => undefined);
  },
  head: () => titleHead('Saved Ideas'),
  component: SavedIdeasRoute,
});

function SavedIdeasRoute() {
  const { page, page_size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SavedIdeasPage
      page={page}
      pageSize={page_size}
      onPagingChange={(paging) => {
        void navigate({ search: { page: paging.page, page_size: paging.pageSize } });
      }}
    />
  );
}
