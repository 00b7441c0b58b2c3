import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { brainstormTypesQueryOptions } from '@/features/brainstorms/api/get-brainstorm-types';
import { BrainstormListPage } from '@/features/brainstorms/components/brainstorm-list-page';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema } from '@/lib/paging';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/brainstorms/')({
  validateSearch: pagingSearchSchema(),
  // The defaults stay out of the address: /brainstorms/ is page 1 at 10 per page.
  search: { middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE })] },
  // The form falls back to a default type by itself, so a failure here need not stop the page.
  loader: ({ context }) =>
    context.queryClient
      .query({ ...brainstormTypesQueryOptions(), staleTime: 'static' })
      .catch(() => undefined),
  head: () => titleHead('Brainstorms'),
  component: BrainstormListRoute,
});

function BrainstormListRoute() {
  const { page, page_size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BrainstormListPage
      page={page}
      pageSize={page_size}
      onPagingChange={(paging) => {
        void navigate({ search: { page: paging.page, page_size: paging.pageSize } });
      }}
    />
  );
}
