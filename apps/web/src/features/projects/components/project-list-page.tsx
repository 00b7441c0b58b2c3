import { FolderKanban } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useProjectList, type ProjectScope } from '@/entities/project/api/list-projects';
import { CreateProjectForm } from './create-project-form';
import { ProjectTable } from './project-table';

export function ProjectListPage() {
  return (
    <>
      <PageHeader title="Projects" description="Projects group the team's brainstorms." />
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 className="text-lg">New project</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <CreateProjectForm />
        </CardContent>
      </Card>
      <ProjectSection scope="active" title="Active projects" />
      <ProjectSection scope="archived" title="Archived projects" />
    </>
  );
}

function ProjectSection({ scope, title }: { scope: ProjectScope; title: string }) {
  const list = useProjectList(scope);
  const headingId = `projects-${scope}`;
  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  } else if (list.isError) {
    body = (
      <LoadError
        message="Error loading projects"
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.data.count === 0) {
    if (scope === 'archived') return null;
    body = (
      <div className="flex flex-col items-center gap-2 py-8 text-center">
        <FolderKanban className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No projects yet</p>
        <p className="text-sm text-muted-foreground">
          Create one above to group the brainstorms that belong together.
        </p>
      </div>
    );
  } else {
    body = <ProjectTable projects={list.data.results} />;
  }

  return (
    <section aria-labelledby={headingId}>
      <Card className="min-w-0 gap-4">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 id={headingId} className="text-lg">
              {title}
            </h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="min-w-0 px-4 sm:px-6">
          <div aria-busy={list.isFetching} className="min-w-0">
            {body}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
