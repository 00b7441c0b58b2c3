import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { projectQueryOptions } from '@/entities/project/api/get-project';
import { BrainstormListCard } from '@/features/brainstorms/components/brainstorm-list-card';
import { CreateBrainstormForm } from '@/features/brainstorms/components/create-brainstorm-form';
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { ProjectSavedIdeas } from '@/features/saved/components/project-saved-ideas';
import { DEFAULT_PAGE_SIZE, pagingSearchSchema } from '@/lib/paging';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/projects/$projectId')({
  params: idParam('projectId'),
  validateSearch: pagingSearchSchema(),
  search: { middlewares: [stripSearchParams({ page: 1, page_size: DEFAULT_PAGE_SIZE })] },
  // A failed load is shown by the page itself; the name, once known, titles the tab.
  loader: ({ context, params }) =>
    context.queryClient.query(projectQueryOptions(params.projectId)).catch(() => undefined),
  head: ({ match, params, loaderData }) =>
    titleHead(loaderData?.name ?? `Project ${String(params.projectId)}`, match),
  component: ProjectRoute,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  const { page, page_size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ProjectDetailPage
      projectId={projectId}
      newBrainstorm={(close) => <CreateBrainstormForm project={projectId} onCreated={close} />}
      brainstorms={
        <BrainstormListCard
          project={projectId}
          page={page}
          pageSize={page_size}
          emptyHint="Use New brainstorm to start one in this project."
          onPagingChange={(paging) => {
            void navigate({ search: { page: paging.page, page_size: paging.pageSize } });
          }}
        />
      }
      saved={<ProjectSavedIdeas projectId={projectId} />}
    />
  );
}
