import { Archive } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Project } from '@/entities/project/api/types';
import { useAuth } from '@/lib/auth/auth-context';
import { canModify } from '@/lib/auth/can-modify';
import { formatDateTime } from '@/lib/format-date-time';
import { useSetProjectArchived } from '../api/set-project-archived';

/** An archived project's notice: nothing new goes in until it is restored. */
export function ArchivedNotice({ project }: { project: Project }) {
  const { user } = useAuth();
  const restore = useSetProjectArchived();
  return (
    <Alert>
      <Archive aria-hidden="true" />
      <AlertTitle>This project is archived</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>
          Archived {project.archived ? formatDateTime(project.archived) : ''}. Its brainstorms stay
          here; new ones can be filed in it once it is restored.
        </p>
        {canModify(user, project) ? (
          <div>
            <Button
              size="sm"
              disabled={restore.isPending}
              onClick={() => {
                restore.mutate({ id: project.id, archived: false });
              }}
            >
              {restore.isPending ? 'Restoring...' : 'Restore project'}
            </Button>
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
