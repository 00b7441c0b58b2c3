import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { parseProjectFilter, type ProjectFilter } from '@/entities/project/lib/project-filter';
import { brainstormTypesQueryOptions } from '@/features/brainstorms/api/get-brainstorm-types';
import { BrainstormListPage } from '@/features/brainstorms/components/brainstorm-list-page';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema, type PagingSearchInput } from '@/lib/paging';
import { titleHead } from '@/lib/page-title';

const paging = pagingSearchSchema();

export const Route = createFileRoute('/_authenticated/brainstorms/')({
  validateSearch: (search: PagingSearchInput & { project?: ProjectFilter }) => ({
    ...paging(search),
    project: parseProjectFilter(search.project),
  }),
  // The defaults stay out of the address: /brainstorms/ is page 1 at 10 per page, every project.
  search: {
    middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE, project: null })],
  },
  // The form falls back to a default type by itself, so a failure here need not stop the page.
  loader: ({ context }) =>
    context.queryClient
      .query({ ...brainstormTypesQueryOptions(), staleTime: 'static' })
      .catch(() => undefined),
  head: () => titleHead('Brainstorms'),
  component: BrainstormListRoute,
});

function BrainstormListRoute() {
  const { page, page_size, project } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BrainstormListPage
      page={page}
      pageSize={page_size}
      onPagingChange={(paging) => {
        void navigate({
          search: (previous) => ({ ...previous, page: paging.page, page_size: paging.pageSize }),
        });
      }}
      project={project}
      onProjectChange={(next) => {
        // Another filter is another list: it starts at its first page.
        void navigate({ search: (previous) => ({ ...previous, page: 1, project: next }) });
      }}
    />
  );
}
