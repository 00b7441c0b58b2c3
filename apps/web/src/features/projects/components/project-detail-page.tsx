import { useNavigate } from '@tanstack/react-router';
import { Plus, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { NotFound } from '@/components/layout/not-found';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useProject } from '@/entities/project/api/get-project';
import { useNamePage } from '@/lib/page-names';
import { ArchivedNotice } from './archived-notice';
import { ProjectActions } from './project-actions';

interface ProjectDetailPageProps {
  projectId: number;
  /** The brainstorm create form, filing into this project; `close` hides it again. */
  newBrainstorm: (close: () => void) => ReactNode;
  /** The project's brainstorms. */
  brainstorms: ReactNode;
  /** The caller's saved ideas in it. */
  saved: ReactNode;
}

export function ProjectDetailPage({
  projectId,
  newBrainstorm,
  brainstorms,
  saved,
}: ProjectDetailPageProps) {
  const project = useProject(projectId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useNamePage(`/projects/${String(projectId)}`, project.data?.name);

  if (project.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (project.isError) {
    return (
      <LoadError
        message="Error loading project"
        retrying={project.isFetching}
        onRetry={() => void project.refetch()}
      />
    );
  }
  if (project.data === null) return <NotFound />;
  const current = project.data;
  const archived = current.archived !== null;

  return (
    <>
      <PageHeader
        title={current.name}
        description={current.description || undefined}
        actions={
          archived ? undefined : (
            <Button
              variant={creating ? 'outline' : 'default'}
              aria-expanded={creating}
              aria-controls="create-brainstorm"
              onClick={() => {
                setCreating((open) => !open);
              }}
            >
              {creating ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {creating ? 'Cancel' : 'New brainstorm'}
            </Button>
          )
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <ProjectActions
          project={current}
          onDeleted={() => {
            void navigate({ to: '/projects' });
          }}
        />
        <Button asChild variant="link" size="sm">
          <a href={`/insights?project=${String(current.id)}`}>Model insights</a>
        </Button>
      </div>
      {archived ? <ArchivedNotice project={current} /> : null}
      {creating && !archived ? (
        <section id="create-brainstorm" aria-label="New brainstorm in this project">
          {newBrainstorm(() => {
            setCreating(false);
          })}
        </section>
      ) : null}
      <section aria-label="Brainstorms in this project">{brainstorms}</section>
      {saved}
    </>
  );
}
