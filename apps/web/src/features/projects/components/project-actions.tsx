import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Project } from '@/entities/project/api/types';
import { useAuth } from '@/lib/auth/auth-context';
import { canModify } from '@/lib/auth/can-modify';
import { useSetProjectArchived } from '../api/set-project-archived';
import { DeleteProjectDialog } from './delete-project-dialog';
import { RenameProjectDialog } from './rename-project-dialog';

interface ProjectActionsProps {
  project: Project;
  onDeleted?: () => void;
}

/** Rename, Archive or Restore, and Delete: for the project's creator and staff only. */
export function ProjectActions({ project, onDeleted }: ProjectActionsProps) {
  const { user } = useAuth();
  const archive = useSetProjectArchived();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!canModify(user, project)) return null;
  const archived = project.archived !== null;
  const name = <span className="sr-only">{project.name}</span>;

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setRenaming(true);
        }}
      >
        <Pencil aria-hidden="true" />
        Rename {name}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={archive.isPending}
        onClick={() => {
          archive.mutate({ id: project.id, archived: !archived });
        }}
      >
        {archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
        {archived ? 'Restore' : 'Archive'} {name}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setDeleting(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        Delete {name}
      </Button>
      <RenameProjectDialog project={project} open={renaming} onOpenChange={setRenaming} />
      <DeleteProjectDialog
        project={project}
        open={deleting}
        onOpenChange={setDeleting}
        {...(onDeleted && { onDeleted })}
      />
    </div>
  );
}
