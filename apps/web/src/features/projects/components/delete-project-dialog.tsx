import { useState, type SubmitEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ProjectSelect, projectOfValue } from '@/entities/project/components/project-select';
import type { Project } from '@/entities/project/api/types';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useDeleteProject } from '../api/delete-project';

interface DeleteProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}

const brainstormsText = (count: number) => (count === 1 ? '1 brainstorm' : `${count} brainstorms`);

export function DeleteProjectDialog({
  project,
  open,
  onOpenChange,
  onDeleted,
}: DeleteProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {project.name}?</DialogTitle>
          <DialogDescription>
            {project.brainstorms_count === 0
              ? 'It has no brainstorms. Deleting it cannot be undone.'
              : `Its ${brainstormsText(project.brainstorms_count)} stay: choose where they go. Deleting it cannot be undone.`}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <DeleteForm
            project={project}
            onCancel={() => {
              onOpenChange(false);
            }}
            onDeleted={() => {
              onOpenChange(false);
              onDeleted?.();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

interface DeleteFormProps {
  project: Project;
  onCancel: () => void;
  onDeleted: () => void;
}

function DeleteForm({ project, onCancel, onDeleted }: DeleteFormProps) {
  const remove = useDeleteProject();
  const [choice, setChoice] = useState<'keep' | 'move'>('keep');
  const [target, setTarget] = useState('');
  const [targetMissing, setTargetMissing] = useState(false);
  const errors = fieldErrorsOf(remove.error);
  const count = project.brainstorms_count;
  const moveErrors = targetMissing ? ['Choose the project that takes them.'] : errors?.move_to;

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(async () => {
    if (count > 0 && choice === 'move' && target === '') {
      setTargetMissing(true);
      return;
    }
    const moveTo =
      count > 0 && choice === 'move' ? (projectOfValue(target) ?? undefined) : undefined;
    await remove.mutateAsync({ id: project.id, moveTo }, { onSuccess: onDeleted });
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {count > 0 ? (
        <fieldset className="grid gap-3" disabled={remove.isPending}>
          <legend className="mb-1 text-sm font-medium">
            What happens to its {brainstormsText(count)}?
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="brainstorms"
              className="size-4 accent-primary"
              checked={choice === 'keep'}
              onChange={() => {
                setChoice('keep');
              }}
            />
            Keep them without a project
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="brainstorms"
              className="size-4 accent-primary"
              checked={choice === 'move'}
              onChange={() => {
                setChoice('move');
              }}
            />
            Move them to another project
          </label>
          {choice === 'move' ? (
            <ProjectSelect
              id="delete-project-move-to"
              label="Move them to"
              value={target}
              leading={[]}
              exclude={project.id}
              onChange={(value) => {
                setTarget(value);
                setTargetMissing(false);
              }}
              errors={moveErrors}
            />
          ) : null}
        </fieldset>
      ) : null}
      {errors?.detail ? (
        <Alert variant="destructive">
          <AlertDescription>{errors.detail.join(' ')}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete project'}
        </Button>
      </DialogFooter>
    </form>
  );
}
