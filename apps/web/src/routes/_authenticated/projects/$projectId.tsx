import { createFileRoute } from '@tanstack/react-router';
import { ProjectDetailPage } from '@/features/projects/components/project-detail-page';
import { idParam } from '@/lib/route-params';
import { titleHead } from '@/lib/page-title';

export const Route = createFileRoute('/_authenticated/projects/$projectId')({
  params: idParam('projectId'),
  head: ({ match, params }) => titleHead(`Project ${params.projectId}`, match),
  component: ProjectRoute,
});

function ProjectRoute() {
  const { projectId } = Route.useParams();
  return <ProjectDetailPage projectId={projectId} />;
}
