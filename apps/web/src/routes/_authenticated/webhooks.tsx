import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { webhookListQueryOptions } from '@/features/webhooks/api/list-webhooks';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema } from '@/lib/paging';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/webhooks')({
  validateSearch: pagingSearchSchema(),
  search: { middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE })] },
  loaderDeps: ({ search }) => ({ page: search.page, pageSize: search.page_size }),
  // Started for staff only, not waited for: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    if (!context.auth.store.getState().user?.is_staff) return;
    void context.queryClient.query(webhookListQueryOptions(deps)).catch(() => undefined);
  },
  head: () => titleHead('Webhooks'),
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const { page, page_size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WebhooksPage
      page={page}
      pageSize={page_size}
      onPagingChange={(paging) => {
        void navigate({ search: { page: paging.page, page_size: paging.pageSize } });
      }}
    />
  );
}
