import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { Project } from '@/entities/project/api/types';
import { useGuardedSubmit } from '@/hooks/use-guarded-submit';
import { fieldErrorsOf } from '@/lib/api/field-errors';
import { useUpdateProject } from '../api/update-project';

interface RenameProjectDialogProps {
  project: Project;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RenameProjectDialog({ project, open, onOpenChange }: RenameProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename project</DialogTitle>
          <DialogDescription>Its name and description, as the team sees them.</DialogDescription>
        </DialogHeader>
        {open ? (
          <RenameForm
            project={project}
            onDone={() => {
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ project, onDone }: { project: Project; onDone: () => void }) {
  const update = useUpdateProject();
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const errors = fieldErrorsOf(update.error);

  const submit = useGuardedSubmit<SubmitEvent<HTMLFormElement>>(() =>
    update.mutateAsync({ id: project.id, name, description }, { onSuccess: onDone }),
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <fieldset className="grid gap-4" disabled={update.isPending}>
        <div className="grid gap-2">
          <Label htmlFor="rename-project-name">Name</Label>
          <Input
            id="rename-project-name"
            autoFocus
            value={name}
            maxLength={200}
            aria-invalid={errors?.name ? true : undefined}
            aria-describedby={errors?.name ? 'rename-project-name-error' : undefined}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <FieldMessage id="rename-project-name-error" messages={errors?.name} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="rename-project-description">Description</Label>
          <Textarea
            id="rename-project-description"
            value={description}
            maxLength={5000}
            onChange={(event) => {
              setDescription(event.target.value);
            }}
          />
          <FieldMessage id="rename-project-description-error" messages={errors?.description} />
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}
