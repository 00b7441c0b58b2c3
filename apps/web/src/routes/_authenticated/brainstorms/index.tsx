import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { brainstormTypesQueryOptions } from '@/features/brainstorms/api/get-brainstorm-types';
import { BrainstormListPage } from '@/features/brainstorms/components/brainstorm-list-page';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@/features/brainstorms/lib/paging';
import { titleHead } from '@/lib/page-title';

const isPageSize = (size: number) => (PAGE_SIZES as readonly number[]).includes(size);

const searchSchema = z.object({
  page: z.catch(z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1), 1),
  page_size: z.catch(
    z._default(z.coerce.number().check(z.refine(isPageSize)), DEFAULT_PAGE_SIZE),
    DEFAULT_PAGE_SIZE,
  ),
});

export const Route = createFileRoute('/_authenticated/brainstorms/')({
  validateSearch: searchSchema,
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
